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
    @Field(key: "message") var message: String

    init() {}

    init(_ attempt: RefreshAttempt) {
        id = attempt.id ?? UUID()
        kind = attempt.kind.rawValue
        source = attempt.source
        startedAt = attempt.startedAt
        durationMilliseconds = Int((attempt.duration * 1000).rounded())
        actor = attempt.actor
        outcome = attempt.outcome.rawValue
        message = attempt.message
    }

    func toEntity() throws -> RefreshAttempt {
        guard let kind = RefreshAttempt.Kind(rawValue: kind), let outcome = RefreshAttempt.Outcome(rawValue: outcome) else {
            throw PersistenceError.corruptRow("rate_refresh_attempts \(id?.uuidString ?? "?") has kind \(kind), outcome \(outcome)")
        }
        return RefreshAttempt(
            id: id, kind: kind, source: source, startedAt: startedAt,
            duration: Double(durationMilliseconds) / 1000, actor: actor, outcome: outcome, message: message)
    }
}
