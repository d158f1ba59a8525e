import Core
import Fluent
import Foundation

/// A rate watch's row; decimals are kept as their plain text (exact on both databases).
package final class RateAlertModel: Model, @unchecked Sendable {
    package static let schema = "rate_alerts"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "owner_id") package var owner: UserModel
    @Field(key: "from_code") package var from: String
    @Field(key: "to_code") package var to: String
    @Field(key: "source") package var source: String
    @Field(key: "kind") package var kind: String
    @OptionalField(key: "value") package var value: String?
    @OptionalField(key: "webhook_url") package var webhookURL: String?
    @Field(key: "webhook_secret") package var webhookSecret: String
    @OptionalField(key: "webhook_off") package var webhookOff: String?
    @Field(key: "webhook_failures") package var webhookFailures: Int
    @OptionalField(key: "email") package var email: String?
    @Field(key: "email_failures") package var emailFailures: Int
    @OptionalField(key: "last_day") package var lastDay: String?
    @OptionalField(key: "last_rate") package var lastRate: String?
    @OptionalField(key: "base_rate") package var baseRate: String?
    @Field(key: "language") package var language: String
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?

    package init() {}

    package init(_ alert: RateAlert) {
        id = alert.id
        $owner.id = alert.ownerID
        webhookFailures = 0
        emailFailures = 0
        createdAt = alert.createdAt
        apply(alert)
    }

    /// Everything a form may change, and where the watch stands.
    package func apply(_ alert: RateAlert) {
        from = alert.from
        to = alert.to
        source = alert.source.rawValue
        kind = alert.condition.kind.rawValue
        value = alert.condition.value?.plainText
        webhookURL = alert.webhookURL
        webhookSecret = alert.webhookSecret
        webhookOff = alert.webhookOff
        email = alert.email
        lastDay = alert.lastDay?.description
        lastRate = alert.lastRate?.plainText
        baseRate = alert.baseRate?.plainText
        language = alert.language
    }

    package func toEntity() -> RateAlert? {
        guard let kind = AlertCondition.Kind(rawValue: kind),
            let condition = AlertCondition(kind: kind, value: value.flatMap { Decimal(plainText: $0) }),
            let source = RateSourceID(source)
        else { return nil }
        return RateAlert(
            id: id!, ownerID: $owner.id, from: from, to: to, source: source, condition: condition, webhookURL: webhookURL,
            webhookSecret: webhookSecret, webhookOff: webhookOff, email: email, lastDay: lastDay.flatMap(CalendarDate.init(iso8601:)),
            lastRate: lastRate.flatMap { Decimal(plainText: $0) }, baseRate: baseRate.flatMap { Decimal(plainText: $0) },
            language: language, createdAt: createdAt ?? .distantPast)
    }
}

/// A notice a watch sent for one day, and its deliveries' states (`*_due`: seconds since 1970).
package final class AlertNoticeModel: Model, @unchecked Sendable {
    package static let schema = "alert_notices"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "alert_id") package var alert: RateAlertModel
    @Field(key: "owner_id") package var ownerID: UUID
    @Field(key: "from_code") package var from: String
    @Field(key: "to_code") package var to: String
    @Field(key: "source") package var source: String
    @Field(key: "kind") package var kind: String
    @OptionalField(key: "value") package var value: String?
    @Field(key: "day") package var day: String
    @Field(key: "rate") package var rate: String
    @OptionalField(key: "previous_rate") package var previousRate: String?
    @Field(key: "language") package var language: String
    @Timestamp(key: "created_at", on: .none) package var createdAt: Date?
    @Field(key: "webhook_state") package var webhookState: String
    @Field(key: "webhook_attempts") package var webhookAttempts: Int
    @OptionalField(key: "webhook_due") package var webhookDue: Double?
    @Field(key: "email_state") package var emailState: String
    @Field(key: "email_attempts") package var emailAttempts: Int
    @OptionalField(key: "email_due") package var emailDue: Double?

    package init() {}

    package init(_ notice: AlertNotice) {
        id = notice.id
        $alert.id = notice.alertID
        ownerID = notice.ownerID
        from = notice.from
        to = notice.to
        source = notice.source.rawValue
        kind = notice.condition.kind.rawValue
        value = notice.condition.value?.plainText
        day = notice.day.description
        rate = notice.rate
        previousRate = notice.previousRate
        language = notice.language
        createdAt = notice.createdAt
        webhookState = notice.webhook.rawValue
        webhookAttempts = 0
        webhookDue = notice.webhook == .pending ? notice.createdAt.timeIntervalSince1970 : nil
        emailState = notice.email.rawValue
        emailAttempts = 0
        emailDue = notice.email == .pending ? notice.createdAt.timeIntervalSince1970 : nil
    }

    package func toEntity() -> AlertNotice? {
        guard let kind = AlertCondition.Kind(rawValue: kind),
            let condition = AlertCondition(kind: kind, value: value.flatMap { Decimal(plainText: $0) }),
            let source = RateSourceID(source), let day = CalendarDate(iso8601: day)
        else { return nil }
        return AlertNotice(
            id: id!, alertID: $alert.id, ownerID: ownerID, from: from, to: to, source: source, day: day, rate: rate,
            previousRate: previousRate, condition: condition, language: language, createdAt: createdAt ?? .distantPast,
            webhook: AlertNotice.DeliveryState(rawValue: webhookState) ?? .none,
            email: AlertNotice.DeliveryState(rawValue: emailState) ?? .none)
    }
}

/// Each user's feed address: a random token, replaced when the user rotates it.
package final class AlertFeedModel: Model, @unchecked Sendable {
    package static let schema = "alert_feeds"

    @ID(custom: "owner_id", generatedBy: .user) package var id: UUID?
    @Field(key: "token") package var token: String

    package init() {}

    package init(owner: UUID, address: String) {
        id = owner
        token = address
    }
}
