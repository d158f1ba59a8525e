import Core
import Fluent
import Foundation

package final class RefreshAttemptModel: Model, @unchecked Sendable {
    package static let schema = "rate_refresh_attempts"

    @ID(key: .id) package var id: UUID?
    @Field(key: "kind") package var kind: String
    @Field(key: "source") package var source: String
    @Field(key: "started_at") package var startedAt: Date
    @Field(key: "duration_ms") package var durationMilliseconds: Int
    @OptionalField(key: "actor") package var actor: String?
    @Field(key: "outcome") package var outcome: String
    /// The message in English, as anyone reading the table directly reads it.
    @Field(key: "message") package var message: String
    /// The message's parts, to write it in any language (``Message/storedText``); `nil` before
    /// messages were stored with them.
    @OptionalField(key: "message_parts") package var messageParts: String?
    /// ``RefreshAttempt/refusedDays``.
    @Field(key: "refused_days") package var refusedDays: Int

    package init() {}

    package init(_ attempt: RefreshAttempt) {
        id = attempt.id ?? UUID()
        kind = attempt.kind.rawValue
        source = attempt.source.rawValue
        startedAt = attempt.startedAt
        durationMilliseconds = Int((attempt.duration * 1000).rounded())
        actor = attempt.actor
        outcome = attempt.outcome.rawValue
        message = attempt.message.english
        messageParts = attempt.message.storedText
        refusedDays = attempt.refusedDays
    }

    package func toEntity() throws -> RefreshAttempt {
        guard let kind = RefreshAttempt.Kind(rawValue: kind), let outcome = RefreshAttempt.Outcome(rawValue: outcome) else {
            throw PersistenceError.corruptRow("rate_refresh_attempts \(id?.uuidString ?? "?") has kind \(kind), outcome \(outcome)")
        }
        var attempt = RefreshAttempt(
            id: id, kind: kind, source: try RateSourceID(stored: source, in: "rate_refresh_attempts \(id?.uuidString ?? "?")"),
            startedAt: startedAt,
            duration: Double(durationMilliseconds) / 1000, actor: actor, outcome: outcome,
            message: messageParts.flatMap(Message.init(storedText:)) ?? .verbatim(message))
        attempt.refusedDays = refusedDays
        return attempt
    }
}
