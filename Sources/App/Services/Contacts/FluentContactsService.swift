import Fluent
import Foundation
import SQLKit

struct FluentContactsService: ContactsService {
    let database: @Sendable () -> any Database

    func page(owner: UUID, search: String?, page: Int, perPage: Int) async throws -> ContactPage {
        let total = try await query(owner: owner, search: search).count()
        let pageCount = max(1, (total + perPage - 1) / perPage)
        let page = min(max(page, 1), pageCount)
        // The page's ids first: the (owner, sort, id) index answers that alone, so skipping to
        // page 400 reads index entries, not 10,000 rows. Then only those 25 rows.
        let ids = try await sorted(query(owner: owner, search: search))
            .field(\.$id)
            .range(((page - 1) * perPage)..<(page * perPage))
            .all()
            .compactMap(\.id)
        let models = ids.isEmpty ? [] : try await sorted(ContactModel.query(on: database()).filter(\.$id ~~ ids)).all()
        return ContactPage(contacts: models.map { $0.toEntity() }, total: total, page: page, perPage: perPage)
    }

    func contact(id: UUID, owner: UUID) async throws -> Contact? {
        try await model(id: id, owner: owner)?.toEntity()
    }

    func create(_ draft: ContactDraft, owner: UUID) async throws -> Contact {
        let model = ContactModel(owner: owner, draft: draft)
        try await model.create(on: database())
        return model.toEntity()
    }

    func update(id: UUID, owner: UUID, with draft: ContactDraft) async throws -> Contact? {
        guard let model = try await model(id: id, owner: owner) else { return nil }
        model.apply(draft)
        try await model.update(on: database())
        return model.toEntity()
    }

    func delete(id: UUID, owner: UUID) async throws -> Bool {
        guard let model = try await model(id: id, owner: owner) else { return false }
        try await model.delete(on: database())
        return true
    }

    func all(owner: UUID) async throws -> [Contact] {
        try await sorted(query(owner: owner, search: nil)).all().map { $0.toEntity() }
    }

    private func model(id: UUID, owner: UUID) async throws -> ContactModel? {
        try await ContactModel.query(on: database()).filter(\.$id == id).filter(\.$owner.$id == owner).first()
    }

    private func query(owner: UUID, search: String?) -> QueryBuilder<ContactModel> {
        let query = ContactModel.query(on: database()).filter(\.$owner.$id == owner)
        guard let search = search?.lowercased(), !search.isEmpty else { return query }
        // LIKE with the user's `%`, `_` and `\` escaped, so they match themselves.
        let escaped = search.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return query.filter(.sql(embed: "\(ident: "search_text") LIKE \(bind: "%" + escaped + "%") ESCAPE '\\'"))
    }

    private func sorted(_ query: QueryBuilder<ContactModel>) -> QueryBuilder<ContactModel> {
        query.sort(\.$sortLast).sort(\.$sortFirst).sort(\.$id)
    }
}
