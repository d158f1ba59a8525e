import Core
import Fluent
import Foundation

/// A contact row. Besides the fields as entered it keeps lower-cased copies for sorting and
/// searching, computed in Swift so Cyrillic, Greek or accented names sort and match the same on
/// PostgreSQL and SQLite (whose `lower()` only knows ASCII).
package final class ContactModel: Model, @unchecked Sendable {
    package static let schema = "contacts"

    @ID(key: .id) package var id: UUID?
    @Parent(key: "owner_id") package var owner: UserModel
    @Field(key: "first_name") package var firstName: String
    @Field(key: "last_name") package var lastName: String
    @OptionalField(key: "email") package var email: String?
    @OptionalField(key: "phone") package var phone: String?
    @Field(key: "notes") package var notes: String
    @Field(key: "sort_last") package var sortLast: String
    @Field(key: "sort_first") package var sortFirst: String
    /// First name, last name, email and phone, lower-cased, for substring search.
    @Field(key: "search_text") package var searchText: String
    @Timestamp(key: "created_at", on: .create) package var createdAt: Date?
    @Timestamp(key: "updated_at", on: .update) package var updatedAt: Date?

    package init() {}

    package init(owner: UUID, draft: ContactDraft) {
        id = UUID()
        $owner.id = owner
        apply(draft)
    }

    package func apply(_ draft: ContactDraft) {
        firstName = draft.firstName
        lastName = draft.lastName
        email = draft.email
        phone = draft.phone
        notes = draft.notes
        sortLast = draft.lastName.lowercased()
        sortFirst = draft.firstName.lowercased()
        searchText = [draft.firstName, draft.lastName, draft.email ?? "", draft.phone ?? ""]
            .joined(separator: "\u{1F}").lowercased() // a separator no query contains
    }

    package func toEntity() -> Contact {
        Contact(
            id: id!, ownerID: $owner.id,
            fields: ContactDraft(firstName: firstName, lastName: lastName, email: email, phone: phone, notes: notes),
            createdAt: createdAt ?? .distantPast, updatedAt: updatedAt ?? createdAt ?? .distantPast)
    }
}
