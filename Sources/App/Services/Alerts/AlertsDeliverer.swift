import Core
import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceInterfaces

/// Sends the notices that are due, on every channel that delivers: each delivery taken by one
/// instance at a time (``AlertsService/claimDeliveries(_:now:lease:limit:)``), retried after
/// `ALERTS_RETRY_DELAYS` when it fails, given up after the last. A watch whose webhook keeps
/// failing (``switchOffAfter`` notices in a row, each after every retry) or whose address is
/// refused has its webhook switched off, with the reason on its owner's page.
struct AlertsDeliverer: Sendable {
    let alerts: any AlertsService
    let webhooks: WebhookSender
    let mail: MailSender?
    /// A notice's e-mail, in its watch's language.
    let message: @Sendable (AlertNotice) -> MailMessage
    let retryDelays: [Double]
    let publicURL: URL?
    let metrics: AlertMetrics
    let now: @Sendable () -> Date
    let logger: Logger

    static let switchOffAfter = 3
    /// How long a taken delivery is this instance's: well past the webhook's time limit.
    static let lease: TimeInterval = 120

    /// Delivers what is due now; returns how many deliveries it tried.
    @discardableResult
    func deliverDue() async -> Int {
        var tried = 0
        for channel in AlertChannel.allCases where channel == .webhook || mail != nil {
            let due: [AlertDelivery]
            do { due = try await alerts.claimDeliveries(channel, now: now(), lease: Self.lease, limit: 20) } catch {
                logger.warning("Could not read the alerts' deliveries: \(String(reflecting: error))")
                continue
            }
            await withTaskGroup(of: Void.self) { group in
                for delivery in due { group.addTask { await deliver(delivery) } }
            }
            tried += due.count
        }
        return tried
    }

    func deliver(_ delivery: AlertDelivery) async {
        let outcome: WebhookSender.Outcome
        switch delivery.channel {
        case .webhook:
            guard let body = try? AlertPayload(delivery.notice, publicURL: publicURL).json() else { return }
            outcome = await webhooks.send(
                body, id: "msg_" + delivery.notice.id.uuidString.lowercased(), timestamp: Int(now().timeIntervalSince1970),
                to: delivery.target, secret: delivery.secret)
        case .email:
            guard let mail else { return }
            outcome = await mail.send(message(delivery.notice), to: delivery.target)
        }
        let channel = delivery.channel.rawValue
        do {
            switch outcome {
            case .sent:
                metrics.delivered(channel, outcome: "sent")
                try await alerts.finish(delivery, state: .sent, retryAt: nil, switchOff: nil)
            case .refused(let reason):
                metrics.delivered(channel, outcome: "dropped")
                logger.notice("Alert \(delivery.notice.alertID): \(channel) refused: \(reason)")
                try await alerts.finish(
                    delivery, state: .dropped, retryAt: nil,
                    switchOff: delivery.channel == .webhook ? WebhookSwitchOff(failures: 0, reason: AlertSwitchOff.refused(reason)) : nil)
            case .failed(let reason):
                metrics.delivered(channel, outcome: "failed")
                if delivery.attempt <= retryDelays.count {
                    let retryAt = now().addingTimeInterval(retryDelays[delivery.attempt - 1])
                    try await alerts.finish(delivery, state: .pending, retryAt: retryAt, switchOff: nil)
                } else {
                    metrics.delivered(channel, outcome: "dropped")
                    logger.notice("Alert \(delivery.notice.alertID): \(channel) given up after \(delivery.attempt) attempts: \(reason)")
                    let switchOff =
                        delivery.channel == .webhook
                        ? WebhookSwitchOff(failures: Self.switchOffAfter, reason: AlertSwitchOff.failing(Self.switchOffAfter, reason)) : nil
                    try await alerts.finish(delivery, state: .failed, retryAt: nil, switchOff: switchOff)
                }
            }
        } catch {
            logger.warning("Could not record an alert's delivery: \(String(reflecting: error))")
        }
    }
}

/// The alerts' background work: each due delivery every couple of seconds, every watch looked at
/// once a minute, and both at once after days are stored.
struct AlertsWork: Sendable {
    let evaluator: AlertsEvaluator
    let deliverer: AlertsDeliverer
    /// How many runs after stored days have finished (shared by copies), so a caller can tell
    /// the background work a store started is over, as `OfficialRates.isCurrent` tells the blend's.
    private let finished = NIOLockedValueBox(0)

    init(evaluator: AlertsEvaluator, deliverer: AlertsDeliverer) {
        (self.evaluator, self.deliverer) = (evaluator, deliverer)
    }

    var runsAfterStoring: Int { finished.withLockedValue { $0 } }

    /// After a refresh, a backfill or an import stored days.
    func afterStoring() async {
        await evaluator.evaluate()
        await deliverer.deliverDue()
        finished.withLockedValue { $0 += 1 }
    }

    /// Until cancelled.
    func run(every interval: Duration = .seconds(2), evaluatingEvery ticks: Int = 30) async {
        var tick = 0
        while !Task.isCancelled {
            if tick % ticks == 0 { await evaluator.evaluate() }
            await deliverer.deliverDue()
            tick += 1
            try? await Task.sleep(for: interval)
        }
    }
}
