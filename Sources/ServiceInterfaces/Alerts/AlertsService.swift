import Core
import Foundation

/// Each user's rate watches, their notices, and each user's feed address. Every call about a
/// watch names its owner: another user's watch is the same as one that does not exist.
package protocol AlertsService: Sendable {
    func alerts(owner: UUID) async throws -> [RateAlert]
    func alert(id: UUID, owner: UUID) async throws -> RateAlert?
    /// Adds `alert` (its owner's), unless the owner already has ``maxPerUser``.
    func create(_ alert: RateAlert) async throws -> Bool
    /// Saves the owner's own watch as edited (a switched-off webhook goes back on); `false` when there is none.
    func update(_ alert: RateAlert) async throws -> Bool
    func delete(id: UUID, owner: UUID) async throws -> Bool

    /// The owner's feed address (made on first use), and a new one in place of the old.
    func feedToken(owner: UUID) async throws -> String
    func rotateFeedToken(owner: UUID) async throws -> String
    /// Whose feed `token` is; `nil` for one that is not (or no longer) anyone's.
    func owner(ofFeedToken token: String) async throws -> UUID?
    /// The owner's newest notices, newest first.
    func notices(owner: UUID, limit: Int) async throws -> [AlertNotice]

    /// Every watch, for looking at new days.
    func allAlerts() async throws -> [RateAlert]
    /// Moves `alert` on to `day` (its rate `rate`, and the base of a move when `notice` is made)
    /// and stores `notice`, in one transaction, only if no one has looked at `day` or a later
    /// one yet: `false` when another instance (or an earlier run) already did.
    func advance(_ alert: RateAlert, to day: CalendarDate, rate: Decimal, notice: AlertNotice?) async throws -> Bool

    /// Takes up to `limit` notices whose `channel` is due at `now`, each for `lease` (another
    /// instance cannot take it meanwhile); one attempt counted for each.
    func claimDeliveries(_ channel: AlertChannel, now: Date, lease: TimeInterval, limit: Int) async throws -> [AlertDelivery]
    /// Records how a delivery went: sent, to be retried at `retryAt`, or given up (`failed`,
    /// `dropped`); with `switchOff`, the watch's webhook is switched off once its notices given
    /// up in a row (this one counted) reach the rule's number, decided in the store, so that
    /// deliveries finishing at once on several instances count each other.
    func finish(_ delivery: AlertDelivery, state: AlertNotice.DeliveryState, retryAt: Date?, switchOff: WebhookSwitchOff?) async throws
}

/// When a watch's webhook is switched off: once `failures` notices in a row were given up (0:
/// at once, a refused address), with `reason` as stored (``AlertSwitchOff``).
package struct WebhookSwitchOff: Sendable, Equatable {
    package let failures: Int
    package let reason: String

    package init(failures: Int, reason: String) {
        (self.failures, self.reason) = (failures, reason)
    }
}

/// A notice's channel that delivers elsewhere (the feed delivers itself).
package enum AlertChannel: String, Sendable, CaseIterable {
    case webhook, email
}

/// One notice to deliver on one channel, with what delivering it needs.
package struct AlertDelivery: Sendable, Equatable {
    package let notice: AlertNotice
    package let channel: AlertChannel
    /// The webhook's address or the mailbox, and the webhook's secret.
    package let target: String
    package let secret: String
    /// Attempts so far, this one included.
    package let attempt: Int
    /// The watch's deliveries on this channel that failed since the last that went through, this one not counted.
    package let failuresBefore: Int

    package init(notice: AlertNotice, channel: AlertChannel, target: String, secret: String, attempt: Int, failuresBefore: Int) {
        (self.notice, self.channel, self.target, self.secret, self.attempt, self.failuresBefore) =
            (notice, channel, target, secret, attempt, failuresBefore)
    }
}

extension AlertsService {
    /// How many watches one user may keep.
    package static var maxPerUser: Int { 50 }
}
