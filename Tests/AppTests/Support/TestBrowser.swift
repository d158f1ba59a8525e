@testable import App
import NIOConcurrencyHelpers
import Testing
import Vapor
import VaporTesting

/// Walks the app like a browser: keeps cookies between requests and fills in the CSRF token
/// from the last page it saw.
final class TestBrowser: Sendable {
    let app: Application
    private let cookies = NIOLockedValueBox<[String: String]>([:])
    private let csrfToken = NIOLockedValueBox<String?>(nil)

    init(_ app: Application) { self.app = app }

    var sessionCookie: String? { cookies.withLockedValue { $0[BrowserSession.cookieName] } }
    var lastCSRFToken: String? { csrfToken.withLockedValue { $0 } }

    func setCookie(_ name: String, _ value: String?) { cookies.withLockedValue { $0[name] = value } }

    @discardableResult
    func get(_ path: String) async throws -> TestingHTTPResponse {
        try await send(.GET, path, body: nil)
    }

    /// Posts a form; `csrf: nil` leaves the token out, a string sends that token instead.
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)] = [], csrf: String?? = .some(nil)) async throws -> TestingHTTPResponse {
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

    private func send(_ method: HTTPMethod, _ path: String, body fields: [(String, String)]?) async throws -> TestingHTTPResponse {
        var headers = HTTPHeaders()
        let cookieHeader = cookies.withLockedValue { $0.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        if !cookieHeader.isEmpty { headers.add(name: .cookie, value: cookieHeader) }
        var body = ByteBuffer()
        if let fields {
            let (formHeaders, formBody) = formBody(fields)
            headers.add(contentsOf: formHeaders)
            body = formBody
        }
        let response = try await app.testing().performTest(request: TestingHTTPRequest(
            method: method, url: URI(string: path), headers: headers, body: body))
        for (name, value) in response.headers.setCookie?.all ?? [:] {
            cookies.withLockedValue { $0[name] = (value.expires.map { $0 < Date() } ?? false) || value.string.isEmpty ? nil : value.string }
        }
        if let token = response.body.string.firstMatch(of: /name="csrf_token" value="([^"]+)"/)?.1 {
            csrfToken.withLockedValue { $0 = String(token) }
        }
        return response
    }
}
