import Core
import Foundation
import ServiceInterfaces

/// Contact pages served from this instance's memory (``ListenedCache``), one group per owner:
/// a signed-in visitor paging or searching their book costs no database round trip. Every
/// change to an owner's contacts forgets all of that owner's pages: here at once for this
/// instance's own writes, and on every instance through ``ChangeListener`` on PostgreSQL.
/// Single contacts and exports are always read from the database.
package struct CachedContactsService: ContactsService {
    package let base: any ContactsService
    package let cache: ContactPageCache
    package let now: @Sendable () -> Date

    package func page(owner: UUID, search: String?, page: Int, perPage: Int) async throws -> ContactPage {
        let group = ContactPageCache.group(owner), item = "\(page)/\(perPage)/\(search ?? "")"
        if let cached = cache.value(group, item, now: now()) { return cached }
        let ticket = cache.ticket()
        let found = try await base.page(owner: owner, search: search, page: page, perPage: perPage)
        cache.store(found, group: group, item: item, ticket: ticket, now: now())
        return found
    }

    package func contact(id: UUID, owner: UUID) async throws -> Contact? {
        try await base.contact(id: id, owner: owner)
    }

    package func create(_ draft: ContactDraft, owner: UUID) async throws -> Contact {
        defer { cache.evict(ContactPageCache.group(owner)) }
        return try await base.create(draft, owner: owner)
    }

    package func createAll(_ drafts: [ContactDraft], owner: UUID, batchSize: Int) async throws -> Int {
        defer { cache.evict(ContactPageCache.group(owner)) }
        return try await base.createAll(drafts, owner: owner, batchSize: batchSize)
    }

    package func update(id: UUID, owner: UUID, with draft: ContactDraft) async throws -> Contact? {
        defer { cache.evict(ContactPageCache.group(owner)) }
        return try await base.update(id: id, owner: owner, with: draft)
    }

    package func delete(id: UUID, owner: UUID) async throws -> Bool {
        defer { cache.evict(ContactPageCache.group(owner)) }
        return try await base.delete(id: id, owner: owner)
    }

    package func all(owner: UUID) async throws -> [Contact] {
        try await base.all(owner: owner)
    }
}

/// Contact pages by owner, then by page, page size and search.
package typealias ContactPageCache = ListenedCache<ContactPage>

extension ListenedCache where Value == ContactPage {
    /// The group of `owner`'s pages: what ``ChangeListener`` hears as `contacts:<owner>`.
    package static func group(_ owner: UUID) -> String { owner.uuidString.lowercased() }
}
