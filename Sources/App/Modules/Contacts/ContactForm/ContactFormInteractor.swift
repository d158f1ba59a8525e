import Core
import ServiceInterfaces

/// The add and edit use cases: check the fields, then store them for the signed-in user.
struct ContactFormInteractor: Sendable {
    let contacts: any ContactsService

    /// The empty form for a new contact.
    func newContact(for user: User?) throws -> ContactForm.Output {
        _ = try ContactOwner.required(user)
        return ContactForm.Output(mode: .create, input: .blank, errors: [:])
    }

    /// The form filled in with an existing contact.
    func editContact(_ id: String?, for user: User?) async throws -> ContactForm.Output {
        let owner = try ContactOwner.required(user)
        let id = try ContactOwner.contactID(id)
        guard let contact = try await contacts.contact(id: id, owner: owner.id) else { throw ContactAccessFailure.notFound }
        return ContactForm.Output(
            mode: .edit(id),
            input: ContactDraft.Input(contact), errors: [:])
    }

    func create(_ input: ContactDraft.Input, for user: User?) async throws -> ContactForm.Outcome {
        let owner = try ContactOwner.required(user)
        do {
            return .saved(try await contacts.create(try ContactDraft.validate(input), owner: owner.id))
        } catch let invalid as ContactDraft.Invalid {
            return .invalid(ContactForm.Output(mode: .create, input: input, errors: invalid.messages))
        }
    }

    func update(_ id: String?, with input: ContactDraft.Input, for user: User?) async throws -> ContactForm.Outcome {
        let owner = try ContactOwner.required(user)
        let id = try ContactOwner.contactID(id)
        let draft: ContactDraft
        do {
            draft = try ContactDraft.validate(input)
        } catch {
            // A form for someone else's contact must not confirm it exists: check first.
            guard try await contacts.contact(id: id, owner: owner.id) != nil else { throw ContactAccessFailure.notFound }
            return .invalid(ContactForm.Output(mode: .edit(id), input: input, errors: error.messages))
        }
        guard let contact = try await contacts.update(id: id, owner: owner.id, with: draft) else {
            throw ContactAccessFailure.notFound
        }
        return .saved(contact)
    }
}
