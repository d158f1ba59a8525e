import Core
import Foundation

/// Each user's contacts. Every call names the owner, and rows of other owners are invisible to
/// it: asking for another user's contact is the same as asking for one that does not exist.
package protocol ContactsService: Sendable {
    /// One page, sorted by last name then first name (case-insensitive); `search` matches a
    /// case-insensitive substring of the first name, last name, email or phone. A page past
    /// the last one gives the last page.
    func page(owner: UUID, search: String?, page: Int, perPage: Int) async throws -> ContactPage
    func contact(id: UUID, owner: UUID) async throws -> Contact?
    func create(_ draft: ContactDraft, owner: UUID) async throws -> Contact
    /// Adds many contacts at once, in batches of `batchSize` (each batch one statement); for
    /// seeding a book. Returns how many were added.
    func createAll(_ drafts: [ContactDraft], owner: UUID, batchSize: Int) async throws -> Int
    /// `nil` when the owner has no such contact.
    func update(id: UUID, owner: UUID, with draft: ContactDraft) async throws -> Contact?
    /// `false` when the owner has no such contact.
    func delete(id: UUID, owner: UUID) async throws -> Bool
    /// Every contact of the owner, in list order (for export).
    func all(owner: UUID) async throws -> [Contact]
}
