import Core
import Fluent
import Foundation
import SQLKit
import ServiceInterfaces

package struct FluentContactsService: ContactsService {
    package let database: DatabaseAccess

    package func page(owner: UUID, search: String?, page: Int, perPage: Int) async throws -> ContactPage {
        try await database.run { database in
            let sql = database as! any SQLDatabase
            let first = try await Self.page(owner: owner, search: search, page: page, perPage: perPage, on: sql)
            let pageCount = max(1, (first.total + perPage - 1) / perPage)
            guard page > pageCount else { return first }
            // Past the last page (a stale link): show the last one.
            return try await Self.page(owner: owner, search: search, page: pageCount, perPage: perPage, on: sql)
        }
    }

    /// The page and the total in one round trip. The count and the page's ids are each answered
    /// from the (owner, sort, id) index alone, so skipping to page 400 reads index entries, not
    /// 10,000 rows; only the page's 25 rows are read in full. (`count(*) OVER ()` would read
    /// every matching row to count them.) One row with only the total when the page is empty.
    private static func page(
        owner: UUID, search: String?, page: Int, perPage: Int,
        on sql: any SQLDatabase
    ) async throws -> ContactPage {
        let matching = Self.matching(owner: owner, search: search)
        let rows = try await sql.raw(
            """
            SELECT t.total, c.id, c.owner_id, c.first_name, c.last_name, c.email, c.phone, c.notes, c.created_at, c.updated_at
            FROM (SELECT count(*) AS total FROM \(ident: ContactModel.schema) WHERE \(matching)) t
            LEFT JOIN (
                SELECT * FROM \(ident: ContactModel.schema) WHERE id IN (
                    SELECT id FROM \(ident: ContactModel.schema) WHERE \(matching)
                    ORDER BY sort_last, sort_first, id LIMIT \(bind: perPage) OFFSET \(bind: (page - 1) * perPage))
            ) c ON 1 = 1
            ORDER BY c.sort_last, c.sort_first, c.id
            """
        ).all()
        let total = try rows.first?.decode(column: "total", as: Int.self) ?? 0
        let contacts = try rows.filter { try !$0.decodeNil(column: "id") }.map { row in
            let created = try row.decode(column: "created_at", as: Date?.self)
            return Contact(
                id: try row.decode(column: "id", as: UUID.self), ownerID: try row.decode(column: "owner_id", as: UUID.self),
                fields: ContactDraft(
                    firstName: try row.decode(column: "first_name", as: String.self),
                    lastName: try row.decode(column: "last_name", as: String.self),
                    email: try row.decode(column: "email", as: String?.self), phone: try row.decode(column: "phone", as: String?.self),
                    notes: try row.decode(column: "notes", as: String.self)),
                createdAt: created ?? .distantPast,
                updatedAt: try row.decode(column: "updated_at", as: Date?.self) ?? created ?? .distantPast)
        }
        return ContactPage(contacts: contacts, total: total, page: page, perPage: perPage)
    }

    /// The owner's contacts, those whose text contains `search` when given (LIKE with the user's
    /// `%`, `_` and `\` escaped, so they match themselves).
    private static func matching(owner: UUID, search: String?) -> SQLQueryString {
        guard let search = search?.lowercased(), !search.isEmpty else { return "owner_id = \(bind: owner)" }
        return "owner_id = \(bind: owner) AND search_text LIKE \(bind: "%" + Self.escapedForLike(search) + "%") ESCAPE '\\'"
    }

    private static func escapedForLike(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }

    package func contact(id: UUID, owner: UUID) async throws -> Contact? {
        try await database.run { try await Self.model(id: id, owner: owner, on: $0)?.toEntity() }
    }

    package func create(_ draft: ContactDraft, owner: UUID) async throws -> Contact {
        let model = ContactModel(owner: owner, draft: draft)
        try await database.run { try await model.create(on: $0) }
        return model.toEntity()
    }

    package func createAll(_ drafts: [ContactDraft], owner: UUID, batchSize: Int) async throws -> Int {
        for start in stride(from: 0, to: drafts.count, by: batchSize) {
            let batch = drafts[start..<min(drafts.count, start + batchSize)].map { ContactModel(owner: owner, draft: $0) }
            try await database.run { try await batch.create(on: $0) }
        }
        return drafts.count
    }

    package func update(id: UUID, owner: UUID, with draft: ContactDraft) async throws -> Contact? {
        try await database.run { database in
            guard let model = try await Self.model(id: id, owner: owner, on: database) else { return nil }
            model.apply(draft)
            try await model.update(on: database)
            return model.toEntity()
        }
    }

    package func delete(id: UUID, owner: UUID) async throws -> Bool {
        try await database.run { database in
            guard let model = try await Self.model(id: id, owner: owner, on: database) else { return false }
            try await model.delete(on: database)
            return true
        }
    }

    package func all(owner: UUID) async throws -> [Contact] {
        try await database.run { try await Self.sorted(Self.query(owner: owner, search: nil, on: $0)).all().map { $0.toEntity() } }
    }

    private static func model(id: UUID, owner: UUID, on database: any Database) async throws -> ContactModel? {
        try await ContactModel.query(on: database).filter(\.$id == id).filter(\.$owner.$id == owner).first()
    }

    private static func query(owner: UUID, search: String?, on database: any Database) -> QueryBuilder<ContactModel> {
        ContactModel.query(on: database).filter(.sql(embed: matching(owner: owner, search: search)))
    }

    private static func sorted(_ query: QueryBuilder<ContactModel>) -> QueryBuilder<ContactModel> {
        query.sort(\.$sortLast).sort(\.$sortFirst).sort(\.$id)
    }
}
