import Fluent
import Foundation

/// One attempt that rate limits count: a failed sign-in or a sign-up, with the client it came
/// from and, for sign-ins, the account (normalised email) it was for. Stored in the database so
/// every instance counts the same attempts.
package final class ThrottleEventModel: Model, @unchecked Sendable {
    package static let schema = "throttle_events"

    @ID(key: .id) package var id: UUID?
    /// ``AttemptThrottle/Action``'s raw value.
    @Field(key: "action") package var action: String
    @Field(key: "client") package var client: String
    @OptionalField(key: "account") package var account: String?
    @Field(key: "occurred_at") package var occurredAt: Date

    package init() {}

    package init(action: String, client: String, account: String?, occurredAt: Date) {
        id = UUID()
        self.action = action
        self.client = client
        self.account = account
        self.occurredAt = occurredAt
    }
}
