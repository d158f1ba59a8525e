import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Routes and links from one typed place")
struct SiteRoutesTests {
    @Test("the app registers exactly the routes SiteURL.Route lists, each path typed nowhere else")
    func registeredRoutesAreTheTypedOnes() async throws {
        try await withSQLiteApp { app, _ in
            let registered = Set(app.routes.all.map { "/" + $0.path.map(\.description).joined(separator: "/") })
            #expect(registered == Set(SiteURL.Route.allCases.map(\.pattern)))
        }
    }

    @Test("the API's routes, and only they, start with the API prefix; the health checks are the health routes")
    func apiAndHealthRoutes() {
        for route in SiteURL.Route.allCases {
            #expect(route.pattern.hasPrefix(SiteURL.Route.apiPrefix) == "\(route)".hasPrefix("api"), "\(route)")
            #expect(SiteURL.Route.healthChecks.contains(route.pattern) == "\(route)".hasPrefix("health"), "\(route)")
        }
    }

    @Test("the layout's fixed links come from the routes (#route)")
    func layoutLinks() async throws {
        try await withSQLiteApp { app, _ in
            try await app.testing().test(.GET, SiteURL.about.path) { response in
                #expect(response.status == .ok)
                for route in [SiteURL.Route.converter, .contacts, .about] {
                    #expect(response.body.string.contains("href=\"\(route.pattern)\""), "\(route)")
                }
            }
        }
    }

    @Test("links are the routes' patterns with their values in place")
    func linksFollowTheirRoutes() {
        let id = UUID(uuidString: "2C1F4E1A-0000-4000-8000-00000000000A")!
        #expect(SiteURL.contact(id).path == "/contacts/2c1f4e1a-0000-4000-8000-00000000000a")
        #expect(SiteURL.editContact(id).path == "/contacts/2c1f4e1a-0000-4000-8000-00000000000a/edit")
        #expect(SiteURL.deleteContact(id).path == "/contacts/2c1f4e1a-0000-4000-8000-00000000000a/delete")
        #expect(SiteURL.rateHistory(from: "USD", to: "EUR").path == "/rates/USD/EUR")
        #expect(SiteURL.rateHistoryCSV(from: "U/S", to: "E U").path == "/rates/U%2FS/E%20U/daily.csv")
        #expect(SiteURL.login(next: LocalPath("/contacts?page=2")).path == "/login?next=/contacts%3Fpage%3D2")
        #expect(SiteURL.login(next: nil).path == "/login")
        #expect(SiteURL.adminRatesImportHistory.path == "/admin/rates/import-history")
        #expect(SiteURL.converter.path == "/")
    }
}
