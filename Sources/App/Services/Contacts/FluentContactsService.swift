import Fluent
import Foundation
import SQLKit

struct FluentContactsService: ContactsService {
    let database: DatabaseAccess

    func page(owner: UUID, search: String?, page: Int, perPage: Int) async throws -> ContactPage {
        try await database.run { database in
            let total = try await Self.query(owner: owner, search: search, on: database).count()
            let pageCount = max(1, (total + perPage - 1) / perPage)
            let page = min(max(page, 1), pageCount)
            // The page's ids first: the (owner, sort, id) index answers that alone, so skipping to
            // page 400 reads index entries, not 10,000 rows. Then only those 25 rows.
            let ids = try await Self.sorted(Self.query(owner: owner, search: search, on: database))
                .field(\.$id)
                .range(((page - 1) * perPage)..<(page * perPage))
                .all()
                .compactMap(\.id)
            let models = ids.isEmpty ? [] : try await Self.sorted(ContactModel.query(on: database).filter(\.$id ~~ ids)).all()
            return ContactPage(contacts: models.map { $0.toEntity() }, total: total, page: page, perPage: perPage)
        }
    }

    func contact(id: UUID, owner: UUID) async throws -> Contact? {
        try await database.run { try await Self.model(id: id, owner: owner, on: $0)?.toEntity() }
    }

    func create(_ draft: ContactDraft, owner: UUID) async throws -> Contact {
        let model = ContactModel(owner: owner, draft: draft)
        try await database.run { try await model.create(on: $0) }
        return model.toEntity()
    }

    func update(id: UUID, owner: UUID, with draft: ContactDraft) async throws -> Contact? {
        try await database.run { database in
            guard let model = try await Self.model(id: id, owner: owner, on: database) else { return nil }
            model.apply(draft)
            try await model.update(on: database)
            return model.toEntity()
        }
    }

    func delete(id: UUID, owner: UUID) async throws -> Bool {
        try await database.run { database in
            guard let model = try await Self.model(id: id, owner: owner, on: database) else { return false }
            try await model.delete(on: database)
            return true
        }
    }

    func all(owner: UUID) async throws -> [Contact] {
        try await database.run { try await Self.sorted(Self.query(owner: owner, search: nil, on: $0)).all().map { $0.toEntity() } }
    }

    private static func model(id: UUID, owner: UUID, on database: any Database) async throws -> ContactModel? {
        try await ContactModel.query(on: database).filter(\.$id == id).filter(\.$owner.$id == owner).first()
    }

    private static func query(owner: UUID, search: String?, on database: any Database) -> QueryBuilder<ContactModel> {
        let query = ContactModel.query(on: database).filter(\.$owner.$id == owner)
        guard let search = search?.lowercased(), !search.isEmpty else { return query }
        // LIKE with the user's `%`, `_` and `\` escaped, so they match themselves.
        let escaped = search.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return query.filter(.sql(embed: "\(ident: "search_text") LIKE \(bind: "%" + escaped + "%") ESCAPE '\\'"))
    }

    private static func sorted(_ query: QueryBuilder<ContactModel>) -> QueryBuilder<ContactModel> {
        query.sort(\.$sortLast).sort(\.$sortFirst).sort(\.$id)
    }
}
