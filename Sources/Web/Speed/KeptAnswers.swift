import NIOConcurrencyHelpers
import Vapor

/// Answers anyone may get, kept in this instance's memory so that the next request for the same
/// one is sent without making it again (``Request/respondCaching(_:keep:render:)``).
package final class KeptAnswers: Sendable {
    /// What of an answer may be kept.
    package enum Rule: Sendable {
        /// Nothing: it is made every time.
        case nothing
        /// Any request with the same validator gets the same bytes: the validator covers
        /// everything the answer is made of (a history page, a CSV, a `/v2` answer).
        case byValidator
        /// The last page made at this address with this validator: for a page that is the same
        /// for every anonymous visitor until its validator changes but that also names its own
        /// address (About: the Sign in link returns to it). What a shared HTTP cache may hold,
        /// and only one page of it per path.
        case lastAtAddress
    }

    /// Bodies by validator, a kilobyte or more of them gzip'd (``RenderedPageCache``).
    let byValidator: RenderedPageCache
    private let lastByPath = NIOLockedValueBox<[String: (key: String, page: ByteBuffer)]>([:])

    package init(capacity: Int) {
        byValidator = RenderedPageCache(capacity: capacity)
    }

    /// The kept answer to `request` under `rule`, else `render()`'s, kept as `rule` allows.
    func response(
        to request: Request, _ directive: CacheDirective, _ rule: Rule, render: () async throws -> Response
    ) async throws -> Response {
        switch rule {
        case .nothing:
            return try await render()
        case .byValidator:
            if let kept = byValidator.response(for: directive.etag, gzip: request.application.pages.deflates(for: request)) { return kept }
            let response = try await render()
            byValidator.keep(response, for: directive.etag)
            return response
        case .lastAtAddress:
            let key = directive.etag + " " + request.target
            if let kept = lastByPath.withLockedValue({ $0[request.url.path] }), kept.key == key {
                var headers = HTTPHeaders()
                headers.setLanguage(request.language) // the validator covers the language
                return View(data: kept.page).response(headers: headers)
            }
            let response = try await render()
            if response.status == .ok, let page = response.body.buffer {
                lastByPath.withLockedValue { kept in
                    if kept.count >= 64 { kept.removeAll() }
                    kept[request.url.path] = (key, page)
                }
            }
            return response
        }
    }
}
