import Core
import Foundation
import NIOConcurrencyHelpers
import ServiceInterfaces

/// Watches kept in memory, for the alerts interactor's tests.
final class FakeAlerts: AlertsService, Sendable {
    private let state = NIOLockedValueBox((alerts: [RateAlert](), notices: [AlertNotice](), feeds: [UUID: String]()))

    func alerts(owner: UUID) async throws -> [RateAlert] { state.withLockedValue { $0.alerts.filter { $0.ownerID == owner } } }
    func alert(id: UUID, owner: UUID) async throws -> RateAlert? {
        state.withLockedValue { $0.alerts.first { $0.id == id && $0.ownerID == owner } }
    }
    func create(_ alert: RateAlert) async throws -> Bool {
        state.withLockedValue { state in
            guard state.alerts.filter({ $0.ownerID == alert.ownerID }).count < Self.maxPerUser else { return false }
            state.alerts.append(alert)
            return true
        }
    }
    func update(_ alert: RateAlert) async throws -> Bool {
        state.withLockedValue { state in
            guard let index = state.alerts.firstIndex(where: { $0.id == alert.id && $0.ownerID == alert.ownerID }) else { return false }
            state.alerts[index] = alert
            return true
        }
    }
    func delete(id: UUID, owner: UUID) async throws -> Bool {
        state.withLockedValue { state in
            let before = state.alerts.count
            state.alerts.removeAll { $0.id == id && $0.ownerID == owner }
            return state.alerts.count < before
        }
    }
    func feedToken(owner: UUID) async throws -> String {
        state.withLockedValue { state in
            if let token = state.feeds[owner] { return token }
            state.feeds[owner] = UUID().uuidString
            return state.feeds[owner]!
        }
    }
    func rotateFeedToken(owner: UUID) async throws -> String {
        state.withLockedValue { state in
            state.feeds[owner] = UUID().uuidString
            return state.feeds[owner]!
        }
    }
    func owner(ofFeedToken token: String) async throws -> UUID? { state.withLockedValue { $0.feeds.first { $0.value == token }?.key } }
    func notices(owner: UUID, limit: Int) async throws -> [AlertNotice] {
        state.withLockedValue { Array($0.notices.filter { $0.ownerID == owner }.reversed().prefix(limit)) }
    }
    func allAlerts() async throws -> [RateAlert] { state.withLockedValue { $0.alerts } }
    func advance(_ alert: RateAlert, to day: CalendarDate, rate: Decimal, notice: AlertNotice?) async throws -> Bool {
        state.withLockedValue { state in
            guard let index = state.alerts.firstIndex(where: { $0.id == alert.id }),
                state.alerts[index].lastDay.map({ $0 < day }) ?? true
            else { return false }
            state.alerts[index].lastDay = day
            state.alerts[index].lastRate = rate
            if notice != nil || state.alerts[index].baseRate == nil { state.alerts[index].baseRate = rate }
            if let notice { state.notices.append(notice) }
            return true
        }
    }
    func claimDeliveries(_ channel: AlertChannel, now: Date, lease: TimeInterval, limit: Int) async throws -> [AlertDelivery] { [] }
    func finish(_ delivery: AlertDelivery, state: AlertNotice.DeliveryState, retryAt: Date?, switchOff: WebhookSwitchOff?) async throws {}
}
