import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("A known address asked with another method: 405 with Allow, not 404")
struct MethodNotAllowedTests {
    /// A small route table with each kind of path component.
    func routes() -> [Route] {
        let routes = Routes()
        routes.get("about") { _ in "" }
        routes.post("logout") { _ in "" }
        routes.get("contacts", ":id") { _ in "" }
        routes.post("contacts", ":id") { _ in "" }
        routes.get("contacts", "new") { _ in "" }
        routes.get("api", "v1", "convert") { _ in "" }
        routes.get("v1", "**") { _ in "" }
        routes.get("files", "*", "raw") { _ in "" }
        routes.get { _ in "" }
        return routes.all
    }

    @Test(
        "the methods of every route matching the path, HEAD with GET, OPTIONS on the public APIs",
        arguments: [
            ("/about", "GET, HEAD"),
            ("/about/", "GET, HEAD"),
            ("/logout", "POST"),
            ("/contacts/2c1f4e1a", "GET, HEAD, POST"),
            ("/contacts/new", "GET, HEAD, POST"),
            ("/api/v1/convert", "GET, HEAD, OPTIONS"),
            ("/files/x/raw", "GET, HEAD"),
            ("/", "GET, HEAD"),
            // A catch-all answers "not found"; it is no resource to allow methods on.
            ("/v1/anything", ""),
            ("/contacts/2c1f4e1a/edit", ""),
            ("/ABOUT", ""),
            ("/nowhere", ""),
        ])
    func allowed(path: String, allow: String) {
        #expect(AllowedMethods(path: path, routes: routes(), paths: SiteURL.sitePaths).headerValue == allow)
    }

    @Test(
        "each part of the site answers a wrong method in its own words, with Allow, and nothing changes",
        arguments: [
            ("DELETE", "/about", "text/html", "This address does not accept DELETE requests, only GET or HEAD."),
            ("GET", "/logout", "text/html", "This address does not accept GET requests, only POST."),
            ("PUT", "/contacts", "text/html", "only GET, HEAD or POST."),
            ("POST", "/api/v1/convert?from=USD&to=EUR&amount=1", "application/problem+json", #""status":405"#),
            ("POST", "/v1/latest", "application/json", #"{"message":"method not allowed"}"#),
            ("TRACE", "/v1/2020-01-02..2020-01-03", "application/json", #"{"message":"method not allowed"}"#),
            // Vapor's FileMiddleware would have served the style sheet.
            ("PUT", "/css/app.css", "text/html", "This address does not accept PUT requests, only GET or HEAD."),
        ])
    func wrongMethod(method: String, path: String, contentType: String, text: String) async throws {
        try await withPostgresApp { app in
            try await app.testing().test(HTTPMethod(rawValue: method), path) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers.first(name: .allow)?.hasPrefix(method == "GET" ? "POST" : "GET, HEAD") == true)
                #expect(response.headers.first(name: .contentType)?.hasPrefix(contentType) == true)
                #expect(response.body.string.contains(text), "\(response.body.string)")
            }
        }
    }

    @Test("the public APIs' 405s carry CORS and name OPTIONS; unknown addresses stay 404 in every method")
    func corsAndNotFound() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.POST, "/api/v1/currencies") { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers.first(name: .allow) == "GET, HEAD, OPTIONS")
                #expect(response.headers.first(name: .accessControlAllowOrigin) == "*")
            }
            for (method, path) in [
                (HTTPMethod.POST, "/nowhere"), (.DELETE, "/v1/nowhere/else"), (.POST, "/api/v1/nothing"), (.POST, "/css/nothing.css"),
                (.POST, "/css/../Package.swift"), (.DELETE, "/css"),
            ] {
                try await app.testing().test(method, path) { response in
                    #expect(response.status == .notFound, "\(method) \(path)")
                    #expect(response.headers.first(name: .allow) == nil)
                }
            }
        }
    }

    @Test("the page is in the visitor's language")
    func translated() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/logout", headers: ["Accept-Language": "de"]) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.body.string.contains("Diese Adresse nimmt keine GET-Anfragen an, nur POST."))
            }
            try await app.testing().test(.DELETE, "/contacts/new", headers: ["Accept-Language": "de"]) { response in
                #expect(response.body.string.contains("Diese Adresse nimmt keine DELETE-Anfragen an, nur GET, HEAD oder POST."))
                #expect(response.body.string.contains("405"))
            }
        }
    }
}
