import Core
import Fluent
import Foundation

package final class UserModel: Model, @unchecked Sendable {
    package static let schema = "users"

    @ID(key: .id) package var id: UUID?
    /// Stored normalised (trimmed, lower-cased); a unique index keeps one account per address.
    @Field(key: "email") package var email: String
    @Field(key: "password_hash") package var passwordHash: String
    @Field(key: "role") package var role: String
    @Timestamp(key: "created_at", on: .create) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) package var updatedAt: Date?

    package init() {}

    package init(email: String, passwordHash: String, role: User.Role) {
        id = UUID()
        self.email = email
        self.passwordHash = passwordHash
        self.role = role.rawValue
    }

    package func toEntity() throws -> User {
        guard let id, let role = User.Role(rawValue: role) else {
            throw PersistenceError.corruptRow("users \(id?.uuidString ?? "?") has role \(role)")
        }
        return User(id: id, email: email, role: role, createdAt: createdAt ?? .distantPast)
    }
}
