import NIOConcurrencyHelpers
import Vapor

/// The last page a public route rendered, kept under its address and validator: for a page
/// that is the same for every anonymous visitor until its validator changes (About: per
/// snapshot and day), the next anonymous request for the same address with the same validator
/// gets the same bytes without rendering. The validator covers everything the page is made of
/// (``HTTPCachePolicy/directive``) and the address covers the rest (the Sign in link returns to
/// it), so this holds what a shared HTTP cache may hold, and only one page of it.
package final class LastPublicPage: Sendable {
    private let last = NIOLockedValueBox<(key: String, page: ByteBuffer)?>(nil)

    package init() {}

    /// `request`'s page for `etag`, rendered by `render` only if it is not the one kept.
    package func response(to request: Request, etag: String, render: () async throws -> Response) async throws -> Response {
        let key = etag + " " + request.target
        if let kept = last.withLockedValue({ $0 }), kept.key == key {
            var headers = HTTPHeaders()
            headers.setLanguage(request.language) // the validator covers the language
            return View(data: kept.page).response(headers: headers)
        }
        let response = try await render()
        if response.status == .ok, let page = response.body.buffer {
            last.withLockedValue { $0 = (key, page) }
        }
        return response
    }
}
