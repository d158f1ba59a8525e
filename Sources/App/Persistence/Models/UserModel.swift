import Fluent
import Foundation

final class UserModel: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(key: .id) var id: UUID?
    /// Stored normalised (trimmed, lower-cased); a unique index keeps one account per address.
    @Field(key: "email") var email: String
    @Field(key: "password_hash") var passwordHash: String
    @Field(key: "role") var role: String
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) var updatedAt: Date?

    init() {}

    init(email: String, passwordHash: String, role: User.Role) {
        id = UUID()
        self.email = email
        self.passwordHash = passwordHash
        self.role = role.rawValue
    }

    func toEntity() throws -> User {
        guard let id, let role = User.Role(rawValue: role) else {
            throw PersistenceError.corruptRow("users \(id?.uuidString ?? "?") has role \(role)")
        }
        return User(id: id, email: email, role: role, createdAt: createdAt ?? .distantPast)
    }
}
