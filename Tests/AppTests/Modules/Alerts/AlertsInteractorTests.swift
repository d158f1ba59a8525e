import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import ServiceInterfaces

/// A new watch checked with fakes: what the source quotes now, the figure, the webhook's host
/// as it resolves, and the most one user may keep.
@Suite("Rate alerts: a new watch checked")
struct AlertsInteractorTests {
    static let eve = User(id: UUID(), email: "eve@example.org", role: .user, createdAt: Date())

    static func interactor(_ alerts: FakeAlerts, allowPrivate: Bool = false) -> AlertsInteractor {
        AlertsInteractor(
            alerts: alerts, rates: FakeCurrentRates(snapshot: Fixtures.snapshot), catalog: Fixtures.catalog, providers: .everyDeclared,
            allowPrivateTargets: allowPrivate,
            resolve: { host in
                host == "hooks.internal.example" ? [[10, 0, 0, 7]] : host == "hooks.example.org" ? [[93, 184, 215, 14]] : []
            },
            emailOffered: false, now: { Date(timeIntervalSince1970: 1_746_800_000) })
    }

    static func input(
        _ from: String = "USD", _ to: String = "JPY", kind: String = "below", value: String = "150", webhook: String = ""
    )
        -> Alerts.Input
    {
        Alerts.Input(from: from, to: to, source: "ecb", kind: kind, value: value, webhookURL: webhook, email: "eve@example.org")
    }

    @Test("a watch starts from the source's current day and rate, with a new secret, in the page's language")
    func created() async throws {
        let alerts = FakeAlerts()
        #expect(
            try await Self.interactor(alerts).create(Self.input(webhook: "https://hooks.example.org/x"), for: Self.eve, language: "de")
                == .created)
        let alert = try #require(try await alerts.alerts(owner: Self.eve.id).first)
        #expect(alert.lastDay == Fixtures.snapshot.effectiveDate && alert.condition == .below(150) && alert.language == "de")
        // 163.36 ÷ 1.1252 yen per dollar on 2025-05-09.
        #expect(alert.lastRate == Decimal(string: "163.36")! / Decimal(string: "1.1252")! && alert.baseRate == alert.lastRate)
        #expect(alert.webhookSecret.hasPrefix("whsec_") && alert.email == nil, "e-mail is not offered without a mail server")
    }

    @Test("refused: a source without rates, a currency it lacks, one currency twice, no figure, a private host")
    func refused() async throws {
        let interactor = Self.interactor(FakeAlerts())
        func errors(_ input: Alerts.Input) async throws -> [Alerts.Field: Message] {
            guard case .invalid(let output) = try await interactor.create(input, for: Self.eve, language: "en") else { return [:] }
            return output.errors
        }
        var noSource = Self.input()
        noSource.source = "nbp"
        #expect(try await errors(noSource)[.source] != nil)
        #expect(
            try await errors(Self.input("USD", "PLN"))[.to]
                == Message(
                    "{source} has no rate for {code}.",
                    ["source": .message(ProviderCatalog.everyDeclared.source("ecb").displayName), "code": .text("PLN")]))
        #expect(try await errors(Self.input("USD", "USD"))[.to] == Message("Choose two different currencies."))
        #expect(try await errors(Self.input(value: "-1"))[.value] != nil)
        #expect(try await errors(Self.input(kind: "move", value: "1001"))[.value] != nil)
        #expect(try await errors(Self.input(kind: "sideways"))[.kind] != nil)
        #expect(try await errors(Self.input(webhook: "https://hooks.internal.example/x"))[.webhookURL] != nil)
        #expect(
            try await errors(Self.input(webhook: "https://nowhere.invalid/x"))[.webhookURL]
                == Message("This address’s host cannot be found."))
        #expect(try await errors(Self.input(kind: "each-day", value: "")).isEmpty)
        let allowed = Self.interactor(FakeAlerts(), allowPrivate: true)
        #expect(try await allowed.create(Self.input(webhook: "http://127.0.0.1:9/x"), for: Self.eve, language: "en") == .created)
        await #expect(throws: Alerts.Failure.signInRequired) { try await interactor.create(Self.input(), for: nil, language: "en") }
    }

    @Test("at most fifty watches a user; another user's is not found")
    func limits() async throws {
        let alerts = FakeAlerts()
        let interactor = Self.interactor(alerts)
        for _ in 0..<50 { #expect(try await interactor.create(Self.input(), for: Self.eve, language: "en") == .created) }
        guard case .invalid(let output) = try await interactor.create(Self.input(), for: Self.eve, language: "en") else {
            Issue.record("a 51st watch was kept")
            return
        }
        #expect(output.errors[.form] != nil)
        let first = try #require(try await alerts.alerts(owner: Self.eve.id).first)
        let mallory = User(id: UUID(), email: "mallory@example.org", role: .user, createdAt: Date())
        await #expect(throws: Alerts.Failure.notFound) { try await interactor.delete(first.id.uuidString, for: mallory) }
        try await interactor.delete(first.id.uuidString, for: Self.eve)
        #expect(try await alerts.alerts(owner: Self.eve.id).count == 49)
    }
}
