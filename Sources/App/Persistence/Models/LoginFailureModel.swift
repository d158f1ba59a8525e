import Fluent
import Foundation

/// A failed sign-in, counted per email for throttling. Stored in the database so every
/// instance counts the same attempts.
final class LoginFailureModel: Model, @unchecked Sendable {
    static let schema = "login_failures"

    @ID(key: .id) var id: UUID?
    /// Normalised email as typed, whether or not an account has it.
    @Field(key: "email") var email: String
    @Field(key: "failed_at") var failedAt: Date

    init() {}

    init(email: String, failedAt: Date) {
        id = UUID()
        self.email = email
        self.failedAt = failedAt
    }
}
