import Foundation
import TestSupport
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Web

/// Every form that changes something is refused without the session's CSRF token: read from the
/// routes the app registers, so a new form cannot be left out.
@Suite("CSRF on every state-changing form")
struct CSRFRoutesTests {
    /// The routes that change nothing of anyone's, and why no token is asked for.
    static let exempt: [String: String] = [
        "/convert": "the converter's form without script: a redirect to the conversion's address, nothing stored",
        "/swap": "the same form's swap button: a redirect, nothing stored",
        "/api/v1/ledger": "a public API: it reads no cookie and keeps nothing",
        "/mcp": "the MCP endpoint: no cookie read, a browser's Origin refused unless allowed",
    ]

    @Test("every other POST, PUT, PATCH and DELETE answers 403 without the session's token")
    func everyFormNeedsTheToken() async throws {
        try await withPostgresApp(.emptyStore) { app in
            let routes = app.routes.all.filter { ![.GET, .HEAD, .OPTIONS].contains($0.method) }
            let patterns = Set(routes.map { "/" + $0.path.map(\.description).joined(separator: "/") })
            #expect(patterns.isSuperset(of: Self.exempt.keys), "an exempt route that no longer exists")
            #expect(patterns.subtracting(Self.exempt.keys).count >= 12)
            for route in routes {
                let pattern = "/" + route.path.map(\.description).joined(separator: "/")
                guard Self.exempt[pattern] == nil else { continue }
                let path =
                    "/"
                    + route.path.map { if case .parameter = $0 { UUID().uuidString.lowercased() } else { $0.description } }
                    .joined(separator: "/")
                // The ledger's form is read as it streams: its token must come before the file.
                let boundary = "csrf-test"
                let multipart =
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n"
                    + "date,amount,currency\n2025-05-09,1,USD\n\r\n--\(boundary)--\r\n"
                let (type, body) =
                    pattern == SiteURL.Route.ledger.pattern
                    ? ("multipart/form-data; boundary=\(boundary)", multipart) : ("application/x-www-form-urlencoded", "name=x")
                try await app.testing().test(route.method, path, headers: ["Content-Type": type], body: ByteBuffer(string: body)) {
                    response in
                    #expect(response.status == .forbidden, "\(route.method) \(pattern)")
                }
            }
        }
    }
}
