import Fluent
import Foundation
import SQLKit
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

/// Two app instances on one PostgreSQL database, as in production behind a load balancer.
@Suite("Session cache across instances on PostgreSQL")
struct SessionCacheAcrossInstancesTests {
    static let admin = AppConfiguration.InitialAdmin(email: "admin@example.org", password: "correct-horse")

    /// Runs `test` with instances A and B sharing one schema, once B listens for changes.
    func withTwoInstances(
        _ configuration: AppConfiguration = .forTests(initialAdmin: Self.admin),
        _ test: (Application, Application) async throws -> Void
    ) async throws {
        let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        try await withPostgresApp(configuration: configuration, schema: schema, now: Date.init) { a in
            try await withPostgresApp(configuration: configuration, schema: schema, now: Date.init) { b in
                try await a.asyncBoot()
                try await b.asyncBoot()
                try await Self.waitUntil("both instances listen for changes") {
                    a.appServices.caches.sessions.isLive && b.appServices.caches.sessions.isLive
                        && a.appServices.caches.contactPages.isLive && b.appServices.caches.contactPages.isLive
                        && a.appServices.caches.rateDays.isLive && b.appServices.caches.rateDays.isLive
                }
                try await test(a, b)
            }
        }
    }

    static func waitUntil(_ what: String, within seconds: Double = 10, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { throw WaitFailed(description: "timed out waiting until \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits (at most a second) until B has heard a change made through A and emptied `cache`.
    /// A change becomes visible to other connections when it commits, and PostgreSQL sends the
    /// announcement then; how soon B acts on it is a matter of milliseconds, not of B's next
    /// request, so the tests wait for it rather than race it. What they check after it is that
    /// B serves nothing stale once it has heard.
    static func heard<Value>(_ change: String, _ cache: ListenedCache<Value>) async throws {
        try await waitUntil("B hears that \(change)", within: 1) { cache.count == 0 }
    }

    struct WaitFailed: Error, CustomStringConvertible { let description: String }

    /// The admin signed in through A, and a browser on B with the same session cookie.
    static func adminSignedIn(on a: Application, sharedWith b: Application) async throws -> (TestBrowser, TestBrowser) {
        let onA = TestBrowser(a)
        try await onA.signIn("admin@example.org", "correct-horse")
        let onB = TestBrowser(b)
        onB.setCookie(BrowserSession.cookieName, onA.sessionCookie)
        return (onA, onB)
    }

    @Test("a contact added, edited or deleted on instance A shows on instance B's next page, though B had the page cached")
    func contactPagesEverywhere() async throws {
        try await withTwoInstances { a, b in
            let (onA, onB) = try await Self.adminSignedIn(on: a, sharedWith: b)
            _ = try await onB.get("/contacts") // shows (and so clears) the sign-in's message
            let hitsBefore = b.appServices.caches.contactPages.statistics.hits
            #expect(try await onB.get("/contacts").html.contains("No contacts yet."))
            _ = try await onB.get("/contacts")
            #expect(b.appServices.caches.contactPages.statistics.hits > hitsBefore, "B answered from its cache")

            for round in 0..<5 {
                try await onA.get("/contacts/new")
                let created = try await onA.post(
                    "/contacts",
                    [
                        ("first_name", "Ada\(round)"), ("last_name", "Lovelace"),
                        ("email", ""), ("phone", ""), ("notes", ""),
                    ])
                #expect(created.status == .seeOther)
                try await Self.heard("a contact was added", b.appServices.caches.contactPages)
                #expect(try await onB.get("/contacts").html.contains("Ada\(round)"), "round \(round): created")
                #expect(try await onB.get("/contacts?q=ada\(round)").html.contains("Ada\(round)"))

                let location = try #require(created.headers.first(name: .location))
                let id = try #require(location.split(separator: "/").last.map(String.init))
                try await onA.get("/contacts/\(id)/edit")
                #expect(
                    try await onA.post(
                        "/contacts/\(id)",
                        [
                            ("first_name", "Grace\(round)"), ("last_name", "Hopper"),
                            ("email", ""), ("phone", ""), ("notes", ""),
                        ]
                    ).status == .seeOther)
                try await Self.heard("a contact was edited", b.appServices.caches.contactPages)
                let edited = try await onB.get("/contacts")
                #expect(edited.html.contains("Grace\(round)") && !edited.html.contains("Ada\(round)"), "round \(round): edited")
                #expect(edited.html.contains("href=\"/contacts/\(id)\""))

                try await onA.get("/contacts/\(id)/delete")
                #expect(try await onA.post("/contacts/\(id)/delete").status == .seeOther)
                try await Self.heard("a contact was deleted", b.appServices.caches.contactPages)
                // (The page may say "Grace… deleted": the two share a session, and so its message.)
                #expect(!(try await onB.get("/contacts").html.contains("href=\"/contacts/\(id)\"")), "round \(round): deleted")
            }
        }
    }

    @Test("rates stored through instance A show on instance B's next history page, though B kept the stored days")
    func rateHistoryEverywhere() async throws {
        let stub = try await StubProvider.start()
        defer { Task { try? await stub.stop() } }
        try await withTwoInstances(.forTests(initialAdmin: Self.admin, ecbHistoryURL: stub.url(.ecbHistory))) { a, b in
            #expect(try await TestBrowser(b).get("/rates/USD/EUR").html.contains("Only one day of rates is stored"))
            // The channel is the database's: tests storing rates in other schemas at the same
            // time make B forget too, so ask until B answers from what it keeps.
            var answeredFromMemory = false
            for _ in 0..<20 where !answeredFromMemory {
                let hitsBefore = b.appServices.caches.rateDays.statistics.hits
                #expect(try await TestBrowser(b).get("/rates/GBP/JPY").status == .ok)
                answeredFromMemory = b.appServices.caches.rateDays.statistics.hits > hitsBefore
            }
            #expect(answeredFromMemory, "B answered from the days it keeps")

            #expect(await a.appServices.refresher.importHistory(actor: "admin@example.org").outcome == .stored)
            // A forgets its own days before it answers; B as soon as it hears the announcement.
            #expect(try await TestBrowser(a).get("/rates/USD/EUR").html.contains("data-points=\"6\""))
            try await Self.heard("rates were stored", b.appServices.caches.rateDays)
            #expect(try await TestBrowser(b).get("/rates/USD/EUR").html.contains("data-points=\"6\""))
        }
    }

    @Test("signing out on instance A ends the session on instance B within a second, though B had it cached")
    func signOutEverywhere() async throws {
        try await withTwoInstances { a, b in
            for _ in 0..<5 {
                let (onA, onB) = try await Self.adminSignedIn(on: a, sharedWith: b)
                #expect(try await onB.get("/admin/rates").status == .ok) // shows (and so clears) the sign-in's message
                let hitsBefore = b.appServices.caches.sessions.statistics.hits
                #expect(try await onB.get("/admin/rates").status == .ok)
                #expect(try await onB.get("/admin/rates").status == .ok)
                #expect(b.appServices.caches.sessions.statistics.hits > hitsBefore, "B answered the second request from its cache")

                try await onA.get("/about") // the sign-out form's token
                #expect(try await onA.post("/logout").status == .seeOther)
                try await Self.heard("the session ended", b.appServices.caches.sessions)
                let after = try await onB.get("/admin/rates")
                #expect(after.status == .seeOther)
                #expect(after.headers.first(name: .location)?.hasPrefix("/login") == true)
            }
        }
    }

    @Test("a flash message set through A shows on B, and only once, though B had the session cached")
    func flashAcrossInstances() async throws {
        try await withTwoInstances { a, b in
            let (onA, onB) = try await Self.adminSignedIn(on: a, sharedWith: b)
            #expect(try await onB.get("/contacts").status == .ok) // cached on B, without a flash
            try await onA.get("/contacts/new")
            let created = try await onA.post("/contacts", [("first_name", "Ada"), ("last_name", "Lovelace")])
            #expect(created.status == .seeOther)
            let location = try #require(created.headers.first(name: .location))
            try await Self.heard("the session has a message", b.appServices.caches.sessions)
            let shown = try await onB.get(location)
            #expect(shown.html.contains("role=\"status\""), "the flash shows on B")
            #expect(try await onB.get(location).html.contains("role=\"status\"") == false, "once")
        }
    }

    @Test("when the listening connection drops, the cache is flushed: a session ended meanwhile is not served")
    func listenerDropFlushes() async throws {
        try await withTwoInstances { a, b in
            let browser = TestBrowser(b)
            try await browser.signIn("admin@example.org", "correct-horse")
            #expect(try await browser.get("/admin/rates").status == .ok)
            #expect(try await browser.get("/admin/rates").status == .ok)
            #expect(b.appServices.caches.sessions.count >= 1)

            // Cut B's listening connection, as a network failure or a database restart would.
            let sql = a.db as! any SQLDatabase
            try await sql.raw(
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = \(bind: ChangeListener.applicationName(instance: b.appServices.instance))
                """
            ).run()
            try await Self.waitUntil("B notices the drop") { !b.appServices.caches.sessions.isLive }
            #expect(b.appServices.caches.sessions.count == 0)
            // Ended while B could not hear it: no notification will ever reach B.
            try await SessionModel.query(on: a.db).delete()
            try await Self.waitUntil("B listens again") { b.appServices.caches.sessions.isLive }
            #expect(try await browser.get("/admin/rates").status == .seeOther)
        }
    }
}
