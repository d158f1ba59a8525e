import Foundation

/// Someone who can sign in. The password hash never leaves the account service.
struct User: Sendable, Equatable, Identifiable {
    enum Role: String, Sendable, Codable, CaseIterable {
        case admin
        case user
    }

    let id: UUID
    /// Normalised (see ``EmailAddress``), so it is unique regardless of case.
    let email: String
    let role: Role
    let createdAt: Date

    var isAdmin: Bool { role == .admin }
}
