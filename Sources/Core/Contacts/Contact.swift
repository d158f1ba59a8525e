import Foundation

/// One person in a user's contacts book, as stored: fields that kept ``ContactDraft``'s rules,
/// with the identity and times the store gave them (display rules live in the presenters).
@dynamicMemberLookup
package struct Contact: Sendable, Equatable, Identifiable {
    package let id: UUID
    package let ownerID: UUID
    package let fields: ContactDraft
    package let createdAt: Date
    package let updatedAt: Date

    package init(id: UUID, ownerID: UUID, fields: ContactDraft, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.ownerID = ownerID
        self.fields = fields
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A field read as the contact's own (`contact.lastName`).
    package subscript<Value>(dynamicMember field: KeyPath<ContactDraft, Value>) -> Value { fields[keyPath: field] }
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
