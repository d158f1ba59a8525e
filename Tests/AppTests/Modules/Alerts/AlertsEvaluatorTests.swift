import Foundation
import Logging
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

/// Looking at new days on PostgreSQL: a day meeting the condition makes one notice, however
/// many instances look at once and however often; its deliveries are taken once.
@Suite("Rate alerts: each day noticed once across instances")
struct AlertsEvaluatorTests {
    static let days = (1...5).map { CalendarDate(iso8601: "2026-11-0\($0)")! }
    static let rates = ["0.90", "0.91", "0.93", "0.94", "0.91"].map { Decimal(string: $0)! }
    static var points: [RatePoint] { zip(days, rates).map { RatePoint(date: $0, rate: $1) } }

    @Test("a crossing noticed once, by one of four evaluators at once; again never; its webhook taken once")
    func onceAcrossInstances() async throws {
        try await withPostgresApp { app in
            let user = try await app.appServices.accounts.register(email: "eve@example.org", password: "long enough", role: .user)
            let store = app.appServices.alerts
            let alert = RateAlert(
                id: UUID(), ownerID: user.id, from: "USD", to: "EUR", source: "ecb", condition: .above(Decimal(string: "0.92")!),
                webhookURL: "https://hooks.example.org/rates", webhookSecret: StandardWebhook.newSecret(), lastDay: Self.days[0],
                lastRate: Self.rates[0], baseRate: Self.rates[0], createdAt: Date())
            #expect(try await store.create(alert))
            let evaluator = AlertsEvaluator(
                alerts: store, history: app.appServices.officialRates, emailEnabled: false, metrics: AlertMetrics(), now: Date.init,
                logger: Logger(label: "test"))
            let made = await withTaskGroup(of: [AlertNotice].self) { group in
                for _ in 0..<4 { group.addTask { await evaluator.evaluate(alert, points: Self.points) } }
                return await group.reduce(into: []) { $0 += $1 }
            }
            #expect(made.count == 1 && made.first?.day == Self.days[2] && made.first?.rate == "0.93")
            #expect(made.first?.previousRate == "0.91")
            #expect(await evaluator.evaluate(alert, points: Self.points).isEmpty, "looked at already")
            let stored = try #require(try await store.alert(id: alert.id, owner: user.id))
            #expect(stored.lastDay == Self.days[4] && stored.lastRate == Self.rates[4])
            #expect(try await store.notices(owner: user.id, limit: 10).map(\.day) == [Self.days[2]])
            // Its delivery, taken by one of two instances.
            let taken = await withTaskGroup(of: [AlertDelivery].self) { group in
                for _ in 0..<2 {
                    group.addTask { (try? await store.claimDeliveries(.webhook, now: Date(), lease: 60, limit: 10)) ?? [] }
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            #expect(taken.count == 1 && taken.first?.attempt == 1 && taken.first?.target == "https://hooks.example.org/rates")
            #expect(try await store.claimDeliveries(.webhook, now: Date(), lease: 60, limit: 10).isEmpty, "leased")
            let delivery = try #require(taken.first)
            try await store.finish(delivery, state: .pending, retryAt: Date().addingTimeInterval(-1), switchOff: nil)
            let again = try await store.claimDeliveries(.webhook, now: Date(), lease: 60, limit: 10)
            #expect(again.map(\.attempt) == [2], "retried when due")
            // One notice given up: not switched off at 2 in a row; at 1, it is.
            try await store.finish(again[0], state: .failed, retryAt: nil, switchOff: WebhookSwitchOff(failures: 2, reason: "x"))
            #expect(try await store.alert(id: alert.id, owner: user.id)?.webhookOff == nil)
            try await store.finish(
                again[0], state: .failed, retryAt: nil,
                switchOff: WebhookSwitchOff(failures: 1, reason: AlertSwitchOff.failing(3, "HTTP 500")))
            let off = try #require(try await store.alert(id: alert.id, owner: user.id))
            #expect(off.webhookOff == "failing|3|HTTP 500")
            #expect(try await store.notices(owner: user.id, limit: 10).first?.webhook == .failed)
        }
    }

    @Test("a move is measured from the last notice; each day sends every day")
    func moveAndEachDay() async throws {
        try await withPostgresApp { app in
            let user = try await app.appServices.accounts.register(email: "eve@example.org", password: "long enough", role: .user)
            let store = app.appServices.alerts
            let evaluator = AlertsEvaluator(
                alerts: store, history: app.appServices.officialRates, emailEnabled: false, metrics: AlertMetrics(), now: Date.init,
                logger: Logger(label: "test"))
            func watch(_ condition: AlertCondition) async throws -> RateAlert {
                let alert = RateAlert(
                    id: UUID(), ownerID: user.id, from: "USD", to: "EUR", source: "ecb", condition: condition,
                    webhookSecret: StandardWebhook.newSecret(), lastDay: Self.days[0], lastRate: Self.rates[0], baseRate: Self.rates[0],
                    createdAt: Date())
                #expect(try await store.create(alert))
                return alert
            }
            // 0.90 → 0.93 is 3.3 %: noticed on the 3rd; from 0.93, 0.91 is 2.15 %: noticed on the 5th.
            let move = try await watch(.move(percent: 2))
            #expect(await evaluator.evaluate(move, points: Self.points).map(\.day) == [Self.days[2], Self.days[4]])
            let daily = try await watch(.eachDay)
            #expect(await evaluator.evaluate(daily, points: Self.points).map(\.day) == Array(Self.days[1...]))
        }
    }
}
