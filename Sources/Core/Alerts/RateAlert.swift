import Foundation

/// A signed-in user's watch on a pair at a source: when a new official day meets its
/// ``AlertCondition``, a notice goes to the user's feed and, where set, to a webhook and an e-mail.
package struct RateAlert: Sendable, Equatable, Identifiable {
    package let id: UUID
    package let ownerID: UUID
    package var from: String
    package var to: String
    package var source: RateSourceID
    package var condition: AlertCondition
    /// Where each notice is posted, signed with ``webhookSecret``; `nil`: no webhook.
    package var webhookURL: String?
    /// `whsec_` and the base64 of the key (the Standard Webhooks form), shown to its owner.
    package var webhookSecret: String
    /// Why the webhook was switched off (its deliveries kept failing); `nil` while it is on.
    package var webhookOff: String?
    /// Where each notice is mailed; `nil`: no e-mail.
    package var email: String?
    /// The newest day looked at, and its rate: a line is crossed from that rate.
    package var lastDay: CalendarDate?
    package var lastRate: Decimal?
    /// The rate of the last notice (or when the watch began): a move is measured from it.
    package var baseRate: Decimal?
    /// The language of the page it was made on: its e-mails' (a language code, `en`).
    package var language: String
    package let createdAt: Date

    package init(
        id: UUID, ownerID: UUID, from: String, to: String, source: RateSourceID, condition: AlertCondition, webhookURL: String? = nil,
        webhookSecret: String, webhookOff: String? = nil, email: String? = nil, lastDay: CalendarDate? = nil, lastRate: Decimal? = nil,
        baseRate: Decimal? = nil, language: String = "en", createdAt: Date
    ) {
        (self.id, self.ownerID, self.from, self.to, self.source, self.condition) = (id, ownerID, from, to, source, condition)
        (self.webhookURL, self.webhookSecret, self.webhookOff, self.email) = (webhookURL, webhookSecret, webhookOff, email)
        (self.lastDay, self.lastRate, self.baseRate, self.language, self.createdAt) = (lastDay, lastRate, baseRate, language, createdAt)
    }
}

/// When a watch sends a notice.
package enum AlertCondition: Sendable, Equatable {
    /// The rate rises to `figure` or above, from below it.
    case above(Decimal)
    /// The rate falls to `figure` or below, from above it.
    case below(Decimal)
    /// The rate has moved by at least `percent` % since the last notice (or since the watch began).
    case move(percent: Decimal)
    /// Each new official day.
    case eachDay

    /// Whether a new day's `rate` sends a notice, the day looked at before having had
    /// `previous` and the last notice `base` (both `nil` before the first day).
    package func fires(rate: Decimal, previous: Decimal?, base: Decimal?) -> Bool {
        switch self {
        case .above(let figure): rate >= figure && (previous.map { $0 < figure } ?? true)
        case .below(let figure): rate <= figure && (previous.map { $0 > figure } ?? true)
        case .move(let percent):
            base.map { base in base != 0 && abs((rate - base) / base) * 100 >= percent } ?? false
        case .eachDay: true
        }
    }

    /// The condition's kind as forms, addresses and the database write it.
    package var kind: Kind {
        switch self {
        case .above: .above
        case .below: .below
        case .move: .move
        case .eachDay: .eachDay
        }
    }

    /// The figure or the percentage; `nil` for each day.
    package var value: Decimal? {
        switch self {
        case .above(let figure), .below(let figure): figure
        case .move(let percent): percent
        case .eachDay: nil
        }
    }

    package enum Kind: String, Sendable, CaseIterable {
        case above, below, move
        case eachDay = "each-day"
    }

    package init?(kind: Kind, value: Decimal?) {
        switch kind {
        case .above:
            guard let value else { return nil }
            self = .above(value)
        case .below:
            guard let value else { return nil }
            self = .below(value)
        case .move:
            guard let value else { return nil }
            self = .move(percent: value)
        case .eachDay: self = .eachDay
        }
    }
}

/// What a watch sent for one of its days: its feed entry, and how its webhook and e-mail went.
package struct AlertNotice: Sendable, Equatable, Identifiable {
    package let id: UUID
    package let alertID: UUID
    package let ownerID: UUID
    package let from: String
    package let to: String
    package let source: RateSourceID
    package let day: CalendarDate
    /// The day's rate, ten significant digits, as the API writes rates.
    package let rate: String
    /// The rate it was compared with (the day before, or the last notice's for a move).
    package let previousRate: String?
    package let condition: AlertCondition
    /// The watch's language, for the e-mail.
    package let language: String
    package let createdAt: Date
    package var webhook: DeliveryState
    package var email: DeliveryState

    package init(
        id: UUID, alertID: UUID, ownerID: UUID, from: String, to: String, source: RateSourceID, day: CalendarDate, rate: String,
        previousRate: String?, condition: AlertCondition, language: String = "en", createdAt: Date, webhook: DeliveryState,
        email: DeliveryState
    ) {
        (self.id, self.alertID, self.ownerID, self.from, self.to, self.source, self.day) = (id, alertID, ownerID, from, to, source, day)
        (self.rate, self.previousRate, self.condition, self.language, self.createdAt) = (rate, previousRate, condition, language, createdAt)
        (self.webhook, self.email) = (webhook, email)
    }

    /// Where one channel's delivery stands.
    package enum DeliveryState: String, Sendable, Equatable {
        /// The channel is not set for the watch.
        case none
        /// To be sent (again), when its time comes.
        case pending
        case sent
        /// Given up after every retry.
        case failed
        /// Not sent: the address is one the app refuses, or the channel was off.
        case dropped
    }
}
