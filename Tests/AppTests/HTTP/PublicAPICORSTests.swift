import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("The public API answers browsers on other sites (CORS), and nothing else does")
struct PublicAPICORSTests {
    @Test("API answers, errors and 304s carry Access-Control-Allow-Origin: *; a preflight is a 204; pages do not")
    func cors() async throws {
        try await withPostgresApp { app in
            var etag = ""
            try await app.testing().test(.GET, "/api/v1/convert?from=USD&to=EUR&amount=100", headers: ["Origin": "https://example.org"]) {
                res in
                #expect(res.status == .ok)
                #expect(res.headers.first(name: .accessControlAllowOrigin) == "*")
                #expect(res.headers.first(name: .accessControlExpose) == "ETag, Cache-Control, Retry-After")
                etag = try #require(res.headers.first(name: .eTag))
            }
            try await app.testing().test(.GET, "/api/v1/convert?from=USD&to=EUR&amount=100", headers: ["If-None-Match": etag]) { res in
                #expect(res.status == .notModified && res.headers.first(name: .accessControlAllowOrigin) == "*")
            }
            for path in ["/api/v1/convert?from=USD&to=XXX&amount=1", "/api/v1/convert", "/api/v1/nothing-here"] {
                try await app.testing().test(.GET, path) { res in
                    #expect(res.status.code >= 400, "\(path)")
                    #expect(res.headers.first(name: .accessControlAllowOrigin) == "*", "\(path)")
                }
            }
            let preflight: HTTPHeaders = [
                "Origin": "https://example.org", "Access-Control-Request-Method": "GET",
                "Access-Control-Request-Headers": "if-none-match",
            ]
            try await app.testing().test(.OPTIONS, "/api/v1/convert", headers: preflight) { res in
                #expect(res.status == .noContent)
                #expect(res.headers.first(name: .accessControlAllowOrigin) == "*")
                #expect(res.headers.first(name: .accessControlAllowMethods) == "GET, HEAD, OPTIONS")
                #expect(res.headers.first(name: .accessControlAllowHeaders)?.contains("If-None-Match") == true)
                #expect(res.headers.first(name: .accessControlMaxAge) == "86400")
            }
            for path in ["/", "/?from=USD&to=EUR&amount=100", "/rates/USD/EUR", "/login"] {
                try await app.testing().test(.GET, path, headers: ["Origin": "https://example.org"]) { res in
                    #expect(res.headers.first(name: .accessControlAllowOrigin) == nil, "\(path)")
                }
            }
        }
    }
}
