import Foundation

/// One person in a user's contacts book, as stored (display rules live in the presenters).
package struct Contact: Sendable, Equatable, Identifiable {
    package let id: UUID
    package let ownerID: UUID
    package let firstName: String
    package let lastName: String
    package let email: String?
    package let phone: String?
    package let notes: String
    package let createdAt: Date
    package let updatedAt: Date

    package init(
        id: UUID, ownerID: UUID, firstName: String, lastName: String, email: String?, phone: String?, notes: String, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.notes = notes
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// One page of a user's contacts, sorted by last name then first name.
package struct ContactPage: Sendable, Equatable {
    package let contacts: [Contact]
    /// How many contacts match in all (every page).
    package let total: Int
    /// 1-based, within `1...pageCount`.
    package let page: Int
    package let perPage: Int

    package init(contacts: [Contact], total: Int, page: Int, perPage: Int) {
        self.contacts = contacts
        self.total = total
        self.page = page
        self.perPage = perPage
    }

    package var pageCount: Int { max(1, (total + perPage - 1) / perPage) }
}
