import Foundation

/// Someone who can sign in. The password hash never leaves the account service.
package struct User: Sendable, Equatable, Identifiable {
    package enum Role: String, Sendable, Codable, CaseIterable {
        case admin
        case user
    }

    package let id: UUID
    /// Normalised (see ``EmailAddress``), so it is unique regardless of case.
    package let email: String
    package let role: Role
    package let createdAt: Date

    package init(id: UUID, email: String, role: Role, createdAt: Date) {
        self.id = id
        self.email = email
        self.role = role
        self.createdAt = createdAt
    }

    package var isAdmin: Bool { role == .admin }
}
