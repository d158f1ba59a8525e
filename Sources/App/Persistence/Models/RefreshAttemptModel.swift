import Fluent
import Foundation

final class RefreshAttemptModel: Model, @unchecked Sendable {
    static let schema = "rate_refresh_attempts"

    @ID(key: .id) var id: UUID?
    @Field(key: "kind") var kind: String
    @Field(key: "source") var source: String
    @Field(key: "started_at") var startedAt: Date
    @Field(key: "duration_ms") var durationMilliseconds: Int
    @OptionalField(key: "actor") var actor: String?
    @Field(key: "outcome") var outcome: String
    /// The message in English, as anyone reading the table directly reads it.
    @Field(key: "message") var message: String
    /// The message's parts, to write it in any language (``Message/storedText``); `nil` before
    /// messages were stored with them.
    @OptionalField(key: "message_parts") var messageParts: String?

    init() {}

    init(_ attempt: RefreshAttempt) {
        id = attempt.id ?? UUID()
        kind = attempt.kind.rawValue
        source = attempt.source
        startedAt = attempt.startedAt
        durationMilliseconds = Int((attempt.duration * 1000).rounded())
        actor = attempt.actor
        outcome = attempt.outcome.rawValue
        message = attempt.message.english
        messageParts = attempt.message.storedText
    }

    func toEntity() throws -> RefreshAttempt {
        guard let kind = RefreshAttempt.Kind(rawValue: kind), let outcome = RefreshAttempt.Outcome(rawValue: outcome) else {
            throw PersistenceError.corruptRow("rate_refresh_attempts \(id?.uuidString ?? "?") has kind \(kind), outcome \(outcome)")
        }
        return RefreshAttempt(
            id: id, kind: kind, source: source, startedAt: startedAt,
            duration: Double(durationMilliseconds) / 1000, actor: actor, outcome: outcome,
            message: messageParts.flatMap(Message.init(storedText:)) ?? .verbatim(message))
    }
}
