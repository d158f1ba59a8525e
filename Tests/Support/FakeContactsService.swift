import Core
import Foundation
import NIOConcurrencyHelpers
import ServiceInterfaces

/// Contacts in memory, with the real service's ownership, ordering and search rules.
package final class FakeContactsService: ContactsService {
    package init() {}

    private let rows = NIOLockedValueBox<[Contact]>([])
    /// Each page asked for, as `page <n> of <perPage> search <text>`, so tests can check what
    /// an interactor asks rather than what this fake does.
    package let pageRequests = NIOLockedValueBox<[String]>([])

    package func page(owner: UUID, search: String?, page: Int, perPage: Int) async throws -> ContactPage {
        pageRequests.withLockedValue { $0.append("page \(page) of \(perPage) search \(search ?? "none")") }
        let matching = try await all(owner: owner).filter { contact in
            guard let search = search?.lowercased(), !search.isEmpty else { return true }
            return [contact.firstName, contact.lastName, contact.email ?? "", contact.phone ?? ""]
                .contains { $0.lowercased().contains(search) }
        }
        let pageCount = max(1, (matching.count + perPage - 1) / perPage)
        let page = min(max(page, 1), pageCount)
        return ContactPage(
            contacts: Array(matching.dropFirst((page - 1) * perPage).prefix(perPage)),
            total: matching.count, page: page, perPage: perPage)
    }

    package func contact(id: UUID, owner: UUID) async throws -> Contact? {
        rows.withLockedValue { $0.first { $0.id == id && $0.ownerID == owner } }
    }

    package func create(_ draft: ContactDraft, owner: UUID) async throws -> Contact {
        let contact = Contact(
            id: UUID(), ownerID: owner, fields: draft, createdAt: testNow, updatedAt: testNow)
        rows.withLockedValue { $0.append(contact) }
        return contact
    }

    package func createAll(_ drafts: [ContactDraft], owner: UUID, batchSize: Int) async throws -> Int {
        for draft in drafts { _ = try await create(draft, owner: owner) }
        return drafts.count
    }

    package func update(id: UUID, owner: UUID, with draft: ContactDraft) async throws -> Contact? {
        guard try await contact(id: id, owner: owner) != nil else { return nil }
        _ = try await delete(id: id, owner: owner)
        let updated = Contact(
            id: id, ownerID: owner, fields: draft, createdAt: testNow, updatedAt: testNow.addingTimeInterval(60))
        rows.withLockedValue { $0.append(updated) }
        return updated
    }

    package func delete(id: UUID, owner: UUID) async throws -> Bool {
        rows.withLockedValue { rows in
            guard let index = rows.firstIndex(where: { $0.id == id && $0.ownerID == owner }) else { return false }
            rows.remove(at: index)
            return true
        }
    }

    package func all(owner: UUID) async throws -> [Contact] {
        rows.withLockedValue { $0.filter { $0.ownerID == owner } }.sorted {
            ($0.lastName.lowercased(), $0.firstName.lowercased(), $0.id.uuidString)
                < ($1.lastName.lowercased(), $1.firstName.lowercased(), $1.id.uuidString)
        }
    }
}

extension ContactDraft {
    package static func named(
        _ first: String, _ last: String = "", email: String? = nil, phone: String? = nil, notes: String = ""
    ) -> ContactDraft {
        ContactDraft(firstName: first, lastName: last, email: email, phone: phone, notes: notes)
    }
}
