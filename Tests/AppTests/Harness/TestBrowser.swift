import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOPosix
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

/// Walks the app like a browser: keeps cookies between requests and fills in the CSRF token
/// from the last page it saw.
final class TestBrowser: Sendable {
    private enum Transport {
        case inMemory(Application)
        /// Over a socket, as `client` behind a proxy on 127.0.0.1.
        case loopback(LoopbackServer, client: String)
    }

    private let transport: Transport
    private let cookies = NIOLockedValueBox<[String: String]>([:])
    private let csrfToken = NIOLockedValueBox<String?>(nil)
    private let extraHeaders = NIOLockedValueBox<HTTPHeaders>([:])

    /// Requests go straight to the app in memory (it sees no peer address).
    init(_ app: Application) { transport = .inMemory(app) }

    /// Requests go over a real loopback socket with `X-Forwarded-For: client`, as through a
    /// proxy on 127.0.0.1: the app believes it when `TRUSTED_PROXIES` names that proxy.
    init(_ server: LoopbackServer, client: String) { transport = .loopback(server, client: client) }

    var sessionCookie: String? { cookies.withLockedValue { $0[BrowserSession.cookieName] } }
    var lastCSRFToken: String? { csrfToken.withLockedValue { $0 } }

    func setCookie(_ name: String, _ value: String?) { cookies.withLockedValue { $0[name] = value } }

    /// Sends `value` as the `name` header with every request from now on (`Accept-Language`).
    func setHeader(_ name: String, _ value: String) { extraHeaders.withLockedValue { $0.replaceOrAdd(name: name, value: value) } }

    @discardableResult
    func get(_ path: String) async throws -> BrowserResponse {
        try await send(.GET, path, body: nil)
    }

    /// Posts a form; `csrf: nil` leaves the token out, a string sends that token instead.
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)] = [], csrf: String?? = .some(nil)) async throws -> BrowserResponse {
        var fields = fields
        switch csrf {
        case .none: break
        case .some(.none): if let token = lastCSRFToken { fields.append((CSRFMiddleware.fieldName, token)) }
        case .some(.some(let token)): fields.append((CSRFMiddleware.fieldName, token))
        }
        return try await send(.POST, path, body: fields)
    }

    /// Signs in through the real form; expects success.
    func signIn(_ email: String, _ password: String) async throws {
        try await get("/login")
        let response = try await post("/login", [("email", email), ("password", password)])
        #expect(response.status == .seeOther, "sign-in as \(email) failed: \(response.status)")
    }

    private func send(_ method: HTTPMethod, _ path: String, body fields: [(String, String)]?) async throws -> BrowserResponse {
        var headers = HTTPHeaders()
        var body = ByteBuffer()
        if let fields {
            let (formHeaders, formBody) = formBody(fields)
            headers.add(contentsOf: formHeaders)
            body = formBody
        }
        return try await send(method, path, headers: headers, body: body)
    }

    /// Sends `body` with `headers` (and the browser's cookies and extra headers).
    func send(_ method: HTTPMethod, _ path: String, headers extra: HTTPHeaders, body: ByteBuffer) async throws -> BrowserResponse {
        var headers = extraHeaders.withLockedValue { $0 }
        headers.add(contentsOf: extra)
        let cookieHeader = cookies.withLockedValue { $0.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if !cookieHeader.isEmpty { headers.add(name: .cookie, value: cookieHeader) }
        let response: BrowserResponse
        switch transport {
        case .inMemory(let app):
            let answer = try await app.testing().performTest(
                request: TestingHTTPRequest(
                    method: method, url: URI(string: path), headers: headers, body: body))
            response = BrowserResponse(status: answer.status, headers: answer.headers, body: answer.body)
        case let .loopback(server, client):
            headers.add(name: .xForwardedFor, value: client)
            response = try await server.send(method, path, headers: headers, body: body)
        }
        for (name, value) in response.headers.setCookie?.all ?? [:] {
            cookies.withLockedValue { $0[name] = (value.expires.map { $0 < Date() } ?? false) || value.string.isEmpty ? nil : value.string }
        }
        // Every page any test sees: no link to nowhere (Leaf's `#if` reads an empty text as true,
        // which once linked names to `href=""` and showed empty `mailto:` fields).
        if response.headers.contentType == .html {
            let html = response.body.string
            #expect(!html.contains("href=\"\"") && !html.contains("href=\"mailto:\""), "a link to nowhere on \(method) \(path)")
        }
        if let token = response.body.string.firstMatch(of: /name="csrf_token" value="([^"]+)"/)?.1 {
            csrfToken.withLockedValue { $0 = String(token) }
        }
        return response
    }
}

/// The app listening on 127.0.0.1 for the length of a test, and a client that, like a browser
/// test needs, does not follow redirects.
final class LoopbackServer: Sendable {
    let port: Int
    private let client: HTTPClient

    private init(port: Int, client: HTTPClient) {
        self.port = port
        self.client = client
    }

    static func with(_ app: Application, _ body: (LoopbackServer) async throws -> Void) async throws {
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let client = HTTPClient(
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            configuration: .init(redirectConfiguration: .disallow))
        do {
            try await body(LoopbackServer(port: try #require(app.http.server.shared.localAddress?.port), client: client))
        } catch {
            try? await client.shutdown()
            await app.server.shutdown()
            throw error
        }
        try await client.shutdown()
        await app.server.shutdown()
    }

    func send(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders, body: ByteBuffer) async throws -> BrowserResponse {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        request.headers = headers
        request.body = .bytes(body)
        let response = try await client.execute(request, timeout: .seconds(30))
        return BrowserResponse(
            status: response.status, headers: response.headers,
            body: try await response.body.collect(upTo: 4 << 20))
    }
}

/// What a ``TestBrowser`` got back.
struct BrowserResponse: Sendable {
    let status: HTTPStatus
    let headers: HTTPHeaders
    let body: ByteBuffer

    var html: String { body.string }

    /// The `Set-Cookie` value for `name`, if the response sets it.
    func cookie(_ name: String) -> HTTPCookies.Value? { headers.setCookie?[name] }
}
