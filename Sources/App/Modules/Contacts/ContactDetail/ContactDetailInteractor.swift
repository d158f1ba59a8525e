import Core
import ServiceInterfaces

/// Showing and deleting one of the signed-in user's contacts.
struct ContactDetailInteractor: Sendable {
    let contacts: any ContactsService

    func show(_ id: String?, for user: User?, flash: String? = nil) async throws -> ContactDetail.Output {
        let owner = try ContactOwner.required(user)
        guard let contact = try await contacts.contact(id: ContactOwner.contactID(id), owner: owner.id) else {
            throw ContactAccessFailure.notFound
        }
        return ContactDetail.Output(contact: contact, flash: flash)
    }

    func delete(_ id: String?, for user: User?) async throws -> Contact {
        let contact = try await show(id, for: user).contact
        guard try await contacts.delete(id: contact.id, owner: contact.ownerID) else { throw ContactAccessFailure.notFound }
        return contact
    }
}
