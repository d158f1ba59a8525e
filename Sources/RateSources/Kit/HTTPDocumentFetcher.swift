import AsyncHTTPClient
import Core
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Downloads a provider's document with AsyncHTTPClient, defensively, since the answer comes from outside:
///
/// - one time limit (`RATES_TIMEOUT`) for a provider's whole exchange (``within(_:)``):
///   connecting, every request of it (a page before its form, every document of a range, a
///   series' documents), redirects, and each body to its last byte. Past it the requests are
///   cancelled, so a publisher that sends its answer a byte at a time holds nobody up;
/// - the body is streamed and abandoned (the connection closed) as soon as it passes
///   ``maxBytes``, so an endless or enormous answer costs at most that much memory;
/// - redirects are followed only to the configured host (http may become https, never the
///   reverse), at most ``maxRedirects``: a provider cannot send the app to other addresses,
///   on the local network or elsewhere. The client itself must not follow redirects
///   (`configure` turns that off), or it would do so before this type could look;
/// - a connection that fails outright (refused, reset, no such host) is tried once more after
///   ``reconnectPause``, then reported: the client's own retries (`configure` turns them off too)
///   would keep trying until the deadline, so a provider that is down, or a wrong port, took the
///   whole `RATES_TIMEOUT` to say so while the admin waited.
package struct HTTPDocumentFetcher: Sendable {
    package let client: @Sendable () -> HTTPClient
    package let timeout: TimeInterval
    /// `Currency Converter/1.0.0`: who asks, for the provider's logs.
    package var userAgent: String = "Currency Converter"
    /// Refuses documents larger than this (the 90-day ECB history is about 70 kB).
    package static let maxBytes = 5 * 1024 * 1024
    package static let maxRedirects = 3
    package static let reconnectPause: TimeAmount = .milliseconds(500)
    /// Waits ``reconnectPause`` before the second try; a test passes what happens meanwhile.
    package var pauseBeforeReconnecting: @Sendable () async throws -> Void = {
        try await Task.sleep(nanoseconds: UInt64(reconnectPause.nanoseconds))
    }

    package init(
        client: @escaping @Sendable () -> HTTPClient, timeout: TimeInterval, userAgent: String = "Currency Converter",
        pauseBeforeReconnecting: @escaping @Sendable () async throws -> Void = {
            try await Task.sleep(nanoseconds: UInt64(reconnectPause.nanoseconds))
        }
    ) {
        self.client = client
        self.timeout = timeout
        self.userAgent = userAgent
        self.pauseBeforeReconnecting = pauseBeforeReconnecting
    }

    /// The document at `url`: a GET, or a POST of `body` (a form, a SOAP envelope). A redirect
    /// of a POST is followed with the same POST where it says so (307, 308), else with a GET.
    /// A form that must carry what its page hands out (``DocumentRequest/form(_:page:carrying:_:)``)
    /// is posted after a GET of that page, within the same time limit.
    package func fetch(_ url: URL, posting body: DocumentRequest.Body? = nil) async throws(RatesProviderError) -> Data {
        try await within { exchange throws(RatesProviderError) in
            var formPages: [URL: FormPage] = [:]
            return try await fetch(url, posting: body, formPages: &formPages, in: exchange)
        }
    }

    /// One provider's exchange: its requests' shared deadline, and whether any answer has begun.
    /// Reading what was received is the app's own time, not the publisher's: the deadline moves
    /// on by as long as that takes (``excluded(_:)``).
    package final class Exchange: Sendable {
        private let state: Locked<(deadline: NIODeadline, answered: Bool)>

        init(deadline: NIODeadline) {
            state = Locked((deadline, false))
        }

        var deadline: NIODeadline { state.withLock(\.deadline) }

        /// An answer's head arrived: a limit passed from here on cut an answer short.
        func answerBegan() { state.withLock { $0.answered = true } }
        var hasAnswered: Bool { state.withLock(\.answered) }

        /// `work`'s result, the time it took added to the deadline.
        package func excluded<T, Failure: Error>(_ work: () async throws(Failure) -> T) async throws(Failure) -> T {
            let started = NIODeadline.now()
            defer {
                let spent = NIODeadline.now() - started
                state.withLock { $0.deadline = $0.deadline + spent }
            }
            return try await work()
        }
    }

    /// `work`, every request it makes in the ``Exchange`` it is given, within ``timeout``
    /// together. Past it, `work` is cancelled (its requests and their bodies with it) and the
    /// exchange fails: "no answer" if nothing had answered yet, else "no complete answer".
    package func within<T: Sendable>(
        _ work: @escaping @Sendable (Exchange) async throws(RatesProviderError) -> T
    ) async throws(RatesProviderError) -> T {
        let limit = Duration.milliseconds(Int64(timeout * 1000))
        let exchange = Exchange(deadline: .now() + .milliseconds(Int64(timeout * 1000)))
        let outcome = await withTaskGroup(of: Result<T, RatesProviderError>?.self) { group in
            group.addTask {
                do throws(RatesProviderError) { return .success(try await work(exchange)) } catch { return .failure(error) }
            }
            group.addTask {
                // Until the deadline, which reading what arrived may have moved on.
                var remaining = limit
                while remaining > .zero, !Task.isCancelled {
                    try? await Task.sleep(for: remaining)
                    remaining = .nanoseconds((exchange.deadline - .now()).nanoseconds)
                }
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch outcome {
        case .success(let value): return value
        // The client's own deadline (the same one) may pass first.
        case nil, .failure(.timedOut): throw exchange.hasAnswered ? .incomplete(seconds: timeout) : .timedOut(seconds: timeout)
        case .failure(let error): throw error
        }
    }

    /// As ``fetch(_:posting:)``, in `exchange`, a form's page read once for all the documents of
    /// one fetch (Bank Indonesia's 25 currencies post the same page's view state): `formPages`
    /// keeps it. `headers` (an API key's) go with the document's request, not with a form's page.
    func fetch(
        _ url: URL, posting body: DocumentRequest.Body?, headers: [String: String] = [:], token: DocumentRequest.Token? = nil,
        link: DocumentRequest.Link? = nil, formPages: inout [URL: FormPage], in exchange: Exchange
    ) async throws(RatesProviderError) -> Data {
        var headers = headers
        do {
            if let link {
                let page = try await request(url, posting: nil, in: exchange).data
                let found = await exchange.excluded {
                    FormPage.link(in: page, ending: link.ending, containing: link.containing, labelled: link.labelled, relativeTo: url)
                }
                guard let found, let target = Self.moved(found, link, to: url)
                else {
                    throw RatesProviderError.unreadable(
                        "the page links to no document ending in \(link.ending)\(link.containing.map { " with \($0) in its name" } ?? "")\(link.labelled.map { " labelled \($0)" } ?? "") on \(url.host ?? "its host")"
                    )
                }
                return try await request(target, posting: nil, headers: headers, in: exchange).data
            }
            if let token {
                guard let tokenURL = URL(string: token.page, relativeTo: url)?.absoluteURL, tokenURL.host == url.host else {
                    throw RatesProviderError.unreadable("the token's page \(token.page.prefix(60)) is not on \(url.host ?? "its host")")
                }
                // A token is one short line of printable text; anything else is no token.
                let text = String(decoding: try await request(tokenURL, posting: nil, in: exchange).data, as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty, text.count <= 4_096, text.unicodeScalars.allSatisfy({ $0.value > 32 && $0.value < 127 }) else {
                    throw RatesProviderError.unreadable("the token page answers no token")
                }
                headers[token.header] = text
            }
            guard let body, let form = body.form else {
                return try await request(url, posting: body, headers: headers, in: exchange).data
            }
            guard let pageURL = URL(string: form.page, relativeTo: url)?.absoluteURL, pageURL.host == url.host else {
                throw RatesProviderError.unreadable("the form's page \(form.page.prefix(60)) is not on \(url.host ?? "its host")")
            }
            let formPage: FormPage
            if !form.freshPage, let known = formPages[pageURL] {
                formPage = known
            } else {
                let page = try await request(pageURL, posting: nil, in: exchange)
                formPage = try await exchange.excluded { () throws(RatesProviderError) in
                    try FormPage(page.data, setCookies: page.headers["Set-Cookie"])
                }
                formPages[pageURL] = formPage
            }
            let posted = DocumentRequest.Body(
                text: try formPage.body(carrying: form.carrying, then: body.text), contentType: body.contentType)
            return try await request(url, posting: posted, headers: headers, cookie: formPage.cookie, in: exchange).data
        } catch let error as RatesProviderError {
            throw error
        } catch {
            throw Self.classify(error, timeout: timeout)
        }
    }

    /// `found`, a link on the page at `page`, if it is on the page's host; a link to the
    /// publisher's public origin is taken under the page's (the publisher moved by `<ID>_BASE_URL`).
    static func moved(_ found: URL, _ link: DocumentRequest.Link, to page: URL) -> URL? {
        if found.host == page.host { return found }
        guard let publicOrigin = link.publicOrigin.flatMap(URL.init(string:)), found.host == publicOrigin.host,
            var parts = URLComponents(url: found, resolvingAgainstBaseURL: true)
        else { return nil }
        parts.scheme = page.scheme
        parts.host = page.host
        parts.port = page.port
        return parts.url
    }

    /// One request's answer, its redirects followed, with the headers of the last.
    private func request(
        _ url: URL, posting body: DocumentRequest.Body?, headers: [String: String] = [:], cookie: String? = nil, in exchange: Exchange
    ) async throws -> (data: Data, headers: HTTPHeaders) {
        let deadline = exchange.deadline
        var location = url
        var posting = body
        var redirects = 0
        while true {
            var request = HTTPClientRequest(url: location.absoluteString)
            request.headers = [
                "Accept": "application/json, application/xml, text/xml;q=0.9, */*;q=0.1",
                "User-Agent": userAgent,
            ]
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.headers.replaceOrAdd(name: name, value: value) }
            if let cookie { request.headers.add(name: "Cookie", value: cookie) }
            if let posting {
                request.method = .POST
                request.headers.add(name: "Content-Type", value: posting.contentType)
                if let action = posting.soapAction { request.headers.add(name: "SOAPAction", value: action) }
                request.body = .bytes(ByteBuffer(string: posting.text))
            }
            let response = try await execute(request, deadline: deadline)
            exchange.answerBegan()
            if let next = try Self.redirect(from: response, at: location, origin: url) {
                redirects += 1
                guard redirects <= Self.maxRedirects else {
                    throw RatesProviderError.unreachable("more than \(Self.maxRedirects) redirects")
                }
                if ![307, 308].contains(response.status.code) { posting = nil }
                location = next
                continue
            }
            guard response.status == .ok else { throw RatesProviderError.httpStatus(Int(response.status.code)) }
            return (try await Self.body(of: response), response.headers)
        }
    }

    /// `request`'s answer; a connection that could not be made is tried once more, time allowing.
    private func execute(_ request: HTTPClientRequest, deadline: NIODeadline) async throws -> HTTPClientResponse {
        do {
            return try await client().execute(request, deadline: deadline)
        } catch  where Self.isConnectionFailure(error) && NIODeadline.now() + Self.reconnectPause < deadline {
            try await pauseBeforeReconnecting()
            return try await client().execute(request, deadline: deadline)
        }
    }

    /// The connection failed before any request went out (refused, reset, no address for the host).
    package static func isConnectionFailure(_ error: any Error) -> Bool {
        error is IOError || error is NIOConnectionError
    }

    /// Where a redirect leads, if `response` is one this fetcher follows; throws for one it refuses.
    package static func redirect(from response: HTTPClientResponse, at current: URL, origin: URL) throws -> URL? {
        guard [301, 302, 303, 307, 308].contains(response.status.code) else { return nil }
        guard let header = response.headers.first(name: "Location"),
            let next = URL(string: header, relativeTo: current)?.absoluteURL
        else { throw RatesProviderError.unreachable("a redirect without a usable Location") }
        let scheme = next.scheme?.lowercased()
        guard scheme == "https" || (scheme == "http" && origin.scheme?.lowercased() == "http") else {
            throw RatesProviderError.unreachable("redirected to \(scheme ?? "an unknown scheme"); only http(s), never from https to http")
        }
        guard next.host?.lowercased() == origin.host?.lowercased() else {
            throw RatesProviderError.unreachable(
                "redirected to another host (\(next.host ?? "none")); only redirects within \(origin.host ?? "the configured host") are followed"
            )
        }
        return next
    }

    /// The body, read as it arrives and abandoned past ``maxBytes``.
    package static func body(of response: HTTPClientResponse) async throws -> Data {
        if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > maxBytes {
            throw RatesProviderError.tooLarge(.answer(megabytes: maxBytes >> 20))
        }
        var collected = ByteBuffer()
        for try await chunk in response.body {
            guard collected.readableBytes + chunk.readableBytes <= maxBytes else {
                // Leaving the loop drops the stream: the client cancels the request and closes
                // the connection instead of reading the rest.
                throw RatesProviderError.tooLarge(.answer(megabytes: maxBytes >> 20))
            }
            collected.writeImmutableBuffer(chunk)
        }
        guard collected.readableBytes > 0 else { throw RatesProviderError.unreadable("the answer is empty") }
        return Data(collected.readableBytesView)
    }

    package static func classify(_ error: any Error, timeout: TimeInterval) -> RatesProviderError {
        if let error = error as? HTTPClientError,
            [.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error)
        {
            return .timedOut(seconds: timeout)
        }
        let text = String(describing: error)
        if text.localizedCaseInsensitiveContains("refused") { return .unreachable("connection refused") }
        if text.localizedCaseInsensitiveContains("timeout") || text.localizedCaseInsensitiveContains("timed out") {
            return .timedOut(seconds: timeout)
        }
        return .unreachable(text.count > 200 ? String(text.prefix(200)) + "…" : text)
    }
}
