import Core
import Foundation
import Logging
import ServiceInterfaces

/// Looks at the days stored since each watch last looked, oldest first, and makes a notice for
/// each day that meets its condition. Run after every refresh or backfill that stores days, and
/// now and then besides (an instance that stopped mid-way leaves nothing behind). Any instance
/// may run it at any time: a watch moves on to a day once (``AlertsService/advance(_:to:rate:notice:)``),
/// so a day is noticed at most once in the whole cluster, restarts included.
struct AlertsEvaluator: Sendable {
    let alerts: any AlertsService
    let history: any SourceHistoryReading
    let emailEnabled: Bool
    let metrics: AlertMetrics
    let now: @Sendable () -> Date
    let logger: Logger

    /// At most this many new days are looked at per watch in one run (a backfill of a year
    /// notices its newest month, not 250 days at once).
    static let maxDaysPerRun = 31

    /// Looks at every watch; returns the notices made.
    @discardableResult
    func evaluate() async -> [AlertNotice] {
        let watches: [RateAlert]
        do { watches = try await alerts.allAlerts() } catch {
            logger.warning("Could not read the rate alerts: \(String(reflecting: error))")
            return []
        }
        var made: [AlertNotice] = []
        // One read per pair and source, however many watch it.
        var read: [String: [RatePoint]] = [:]
        for alert in watches {
            let key = "\(alert.source)/\(alert.from)/\(alert.to)"
            let points: [RatePoint]
            if let known = read[key] {
                points = known
            } else {
                points =
                    (try? await history.history(of: alert.source, from: alert.from, to: alert.to, range: .threeMonths, around: nil))?
                    .points ?? []
                read[key] = points
            }
            made += await evaluate(alert, points: points)
        }
        return made
    }

    /// `alert` over the days of `points` after the last one it looked at.
    func evaluate(_ alert: RateAlert, points: [RatePoint]) async -> [AlertNotice] {
        var alert = alert
        let new = points.filter { point in alert.lastDay.map { point.date > $0 } ?? true }.suffix(Self.maxDaysPerRun)
        var made: [AlertNotice] = []
        for point in new {
            let rate = point.rate
            let compared = alert.condition.kind == .move ? alert.baseRate : alert.lastRate
            let notice: AlertNotice? =
                alert.condition.fires(rate: rate, previous: alert.lastRate, base: alert.baseRate)
                ? AlertNotice(
                    id: UUID(), alertID: alert.id, ownerID: alert.ownerID, from: alert.from, to: alert.to, source: alert.source,
                    day: point.date, rate: Self.text(point), previousRate: compared.map { Self.text($0) },
                    condition: alert.condition, language: alert.language, createdAt: now(),
                    webhook: alert.webhookURL == nil ? .none : alert.webhookOff == nil ? .pending : .dropped,
                    email: alert.email == nil ? .none : emailEnabled ? .pending : .dropped)
                : nil
            do {
                guard try await alerts.advance(alert, to: point.date, rate: rate, notice: notice) else {
                    // Another instance (or an earlier run) has looked at this day: it made any notice.
                    return made
                }
            } catch {
                logger.warning("Could not record rate alert \(alert.id) on \(point.date): \(String(reflecting: error))")
                return made
            }
            if let notice {
                made.append(notice)
                metrics.noticed()
                if notice.webhook == .dropped { metrics.dropped("webhook") }
                if notice.email == .dropped { metrics.dropped("email") }
            }
            alert.lastDay = point.date
            alert.lastRate = rate
            if notice != nil || alert.baseRate == nil { alert.baseRate = rate }
        }
        return made
    }

    /// A rate as notices write it: ten significant digits, as the API does.
    static func text(_ point: RatePoint) -> String {
        ExchangeRate(from: "", to: "", numerator: point.toRate, denominator: point.fromRate).preciseText
    }

    static func text(_ rate: Decimal) -> String { rate.plainText(significantDigits: 10) }
}
