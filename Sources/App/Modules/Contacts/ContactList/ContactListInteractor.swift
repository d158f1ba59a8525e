import Core
import Foundation
import ServiceInterfaces

/// Listing, searching and exporting the signed-in user's contacts.
struct ContactListInteractor: Sendable {
    let contacts: any ContactsService

    func list(for user: User?, _ input: ContactList.Input, flash: String?) async throws -> ContactList.Output {
        let owner = try ContactOwner.required(user)
        let search = (input.search ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard search.count <= ContactList.maxSearchLength else { throw ContactList.Failure.searchTooLong }
        let page = try Self.pageNumber(input.page)
        let result = try await contacts.page(
            owner: owner.id, search: search.isEmpty ? nil : search,
            page: page, perPage: ContactList.perPage)
        return ContactList.Output(page: result, search: search, flash: flash)
    }

    func export(for user: User?) async throws -> [Contact] {
        try await contacts.all(owner: ContactOwner.required(user).id)
    }

    /// `nil`/empty is the first page; anything but a whole number from 1 is refused.
    static func pageNumber(_ text: String?) throws(ContactList.Failure) -> Int {
        guard let text, !text.isEmpty else { return 1 }
        guard text.count <= 9, text.allSatisfy(\.isASCIIDigit), let page = Int(text), page >= 1 else {
            throw .badPage(String(text.prefix(20)))
        }
        return page
    }
}
