import Foundation

/// One person in a user's contacts book, as stored (display rules live in the presenters).
struct Contact: Sendable, Equatable, Identifiable {
    let id: UUID
    let ownerID: UUID
    let firstName: String
    let lastName: String
    let email: String?
    let phone: String?
    let notes: String
    let createdAt: Date
    let updatedAt: Date
}

/// One page of a user's contacts, sorted by last name then first name.
struct ContactPage: Sendable, Equatable {
    let contacts: [Contact]
    /// How many contacts match in all (every page).
    let total: Int
    /// 1-based, within `1...pageCount`.
    let page: Int
    let perPage: Int

    var pageCount: Int { max(1, (total + perPage - 1) / perPage) }
}
