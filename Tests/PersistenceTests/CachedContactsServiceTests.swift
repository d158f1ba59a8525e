import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

@Suite("Contact pages kept in memory: served again without the database, forgotten on the owner's every change")
struct CachedContactsServiceTests {
    /// The fake, counting the pages it is asked for.
    final class CountingContacts: ContactsService {
        let base = FakeContactsService()
        let pageReads = NIOLockedValueBox(0)

        func page(owner: UUID, search: String?, page: Int, perPage: Int) async throws -> ContactPage {
            pageReads.withLockedValue { $0 += 1 }
            return try await base.page(owner: owner, search: search, page: page, perPage: perPage)
        }
        func contact(id: UUID, owner: UUID) async throws -> Contact? { try await base.contact(id: id, owner: owner) }
        func create(_ draft: ContactDraft, owner: UUID) async throws -> Contact { try await base.create(draft, owner: owner) }
        func createAll(_ drafts: [ContactDraft], owner: UUID, batchSize: Int) async throws -> Int {
            try await base.createAll(drafts, owner: owner, batchSize: batchSize)
        }
        func update(id: UUID, owner: UUID, with draft: ContactDraft) async throws -> Contact? {
            try await base.update(id: id, owner: owner, with: draft)
        }
        func delete(id: UUID, owner: UUID) async throws -> Bool { try await base.delete(id: id, owner: owner) }
        func all(owner: UUID) async throws -> [Contact] { try await base.all(owner: owner) }
    }

    let ann = UUID(), bob = UUID()
    let draft = ContactDraft(firstName: "Ada", lastName: "Lovelace", email: nil, phone: nil, notes: "")

    func service(_ base: CountingContacts, live: Bool = true) -> CachedContactsService {
        CachedContactsService(base: base, cache: ContactPageCache(capacity: 100, isLive: live), now: { testNow })
    }

    @Test("a page asked again is not read again; another page, size or search is")
    func servedFromMemory() async throws {
        let base = CountingContacts()
        let contacts = service(base)
        _ = try await base.base.create(draft, owner: ann)
        let first = try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25)
        #expect(try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25) == first)
        #expect(base.pageReads.withLockedValue { $0 } == 1)
        _ = try await contacts.page(owner: ann, search: "ada", page: 1, perPage: 25)
        _ = try await contacts.page(owner: ann, search: nil, page: 2, perPage: 25)
        _ = try await contacts.page(owner: ann, search: nil, page: 1, perPage: 10)
        _ = try await contacts.page(owner: bob, search: nil, page: 1, perPage: 25)
        #expect(base.pageReads.withLockedValue { $0 } == 5)
    }

    @Test("creating (one or many), editing and deleting forget the owner's pages, and only the owner's")
    func writesForgetTheOwnersPages() async throws {
        let base = CountingContacts()
        let contacts = service(base)
        _ = try await contacts.page(owner: bob, search: nil, page: 1, perPage: 25)
        #expect(try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25).total == 0)

        #expect(try await contacts.createAll([draft, draft], owner: ann, batchSize: 1) == 2)
        #expect(try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25).total == 2)
        for contact in try await base.all(owner: ann) { _ = try await contacts.delete(id: contact.id, owner: ann) }
        #expect(try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25).total == 0)

        let created = try await contacts.create(draft, owner: ann)
        #expect(try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25).contacts.map(\.firstName) == ["Ada"])
        let edited = ContactDraft(firstName: "Grace", lastName: "Hopper", email: nil, phone: nil, notes: "")
        _ = try await contacts.update(id: created.id, owner: ann, with: edited)
        #expect(try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25).contacts.map(\.firstName) == ["Grace"])
        #expect(try await contacts.delete(id: created.id, owner: ann))
        #expect(try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25).total == 0)

        let reads = base.pageReads.withLockedValue { $0 }
        _ = try await contacts.page(owner: bob, search: nil, page: 1, perPage: 25)
        #expect(base.pageReads.withLockedValue { $0 } == reads, "Bob's page was kept")
    }

    @Test("an eviction heard from another instance forgets the pages; a cache not listening keeps nothing")
    func heardAndNotLive() async throws {
        let base = CountingContacts()
        let cache = ContactPageCache(capacity: 100, isLive: true)
        let contacts = CachedContactsService(base: base, cache: cache, now: { testNow })
        _ = try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25)
        _ = try await base.base.create(draft, owner: ann) // written by another instance
        let caches = ChangeListener.Caches(
            sessions: SessionCache(capacity: 10, isLive: true), contactPages: cache,
            rateDays: RateDaysCache(enabled: true, isLive: true, providers: 1))
        caches.hear(ChangeListener.contactsPrefix + ContactPageCache.group(ann))
        #expect(try await contacts.page(owner: ann, search: nil, page: 1, perPage: 25).total == 1)

        let deaf = service(CountingContacts(), live: false)
        _ = try await deaf.page(owner: ann, search: nil, page: 1, perPage: 25)
        _ = try await deaf.page(owner: ann, search: nil, page: 1, perPage: 25)
        #expect((deaf.base as! CountingContacts).pageReads.withLockedValue { $0 } == 2)
    }
}
