import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("Contact interactors and presenters")
struct ContactModulesTests {
    let service = FakeContactsService()
    let ann = User(id: UUID(), email: "ann@example.org", role: .user, createdAt: testNow)
    let bob = User(id: UUID(), email: "bob@example.org", role: .user, createdAt: testNow)

    @Test("listing needs a signed-in user, a whole page number and a short search")
    func listRules() async throws {
        let interactor = ContactListInteractor(contacts: service)
        await #expect(throws: ContactAccessFailure.signInRequired) { try await interactor.list(for: nil, .init(), flash: nil) }
        for page in ["0", "-1", "abc", "1.5", "9999999999"] {
            await #expect(throws: ContactList.Failure.badPage(page)) { try await interactor.list(for: ann, .init(page: page), flash: nil) }
        }
        await #expect(throws: ContactList.Failure.searchTooLong) {
            try await interactor.list(for: ann, .init(search: String(repeating: "a", count: 101)), flash: nil)
        }
        #expect(try await interactor.list(for: ann, .init(search: "  ann  ", page: ""), flash: nil).search == "ann")
    }

    @Test("asks the service for the owner's page of 25 with the trimmed search, and shows what it answers")
    func paging() async throws {
        for index in 0..<30 { _ = try await service.create(.named("P\(index)", String(format: "L%02d", index)), owner: ann.id) }
        let interactor = ContactListInteractor(contacts: service)
        let second = try await interactor.list(for: ann, .init(search: " l2 ", page: "2"), flash: nil)
        let asked = try await service.page(owner: ann.id, search: "l2", page: 2, perPage: 25)
        #expect(service.pageRequests.withLockedValue { $0 } == ["page 2 of 25 search l2", "page 2 of 25 search l2"])
        #expect(second.page == asked && second.search == "l2")
        _ = try await interactor.list(for: ann, .init(), flash: nil)
        #expect(service.pageRequests.withLockedValue { $0.last } == "page 1 of 25 search none")
    }

    @Test("list presenter: counts, search summary, page links that keep the search")
    func listPresenter() async throws {
        for index in 0..<30 { _ = try await service.create(.named("ann", String(format: "Smith%02d", index)), owner: ann.id) }
        let output = try await ContactListInteractor(contacts: service).list(
            for: ann, .init(search: "ann", page: "2"), flash: "Contact added.")
        let model = ContactListPresenter().present(output, in: en)
        #expect(model.summary == "30 contacts match “ann”")
        #expect(model.rows.count == 5 && model.rows[0].name == "Ann Smith25")
        #expect(model.pages.map(\.url) == ["/contacts?q=ann", "/contacts?q=ann&page=2"])
        #expect(model.pages.map(\.isCurrent) == [false, true])
        #expect(model.previousURL == "/contacts?q=ann" && model.nextURL == nil)
        #expect(model.clearSearchURL == "/contacts")
        #expect(model.flash == "Contact added.")
        #expect(model.title == "“ann” · Contacts · Currency Converter")
    }

    @Test("empty states: no contacts yet, or nothing matches")
    func emptyStates() async throws {
        let empty = ContactListPresenter().present(
            .init(page: .init(contacts: [], total: 0, page: 1, perPage: 25), search: "", flash: nil), in: en)
        #expect(empty.emptyMessage == "No contacts yet." && empty.offerFirstContact && !empty.hasRows && empty.summary == "0 contacts")
        let none = ContactListPresenter().present(
            .init(page: .init(contacts: [], total: 0, page: 1, perPage: 25), search: "zz", flash: nil), in: en)
        #expect(none.emptyMessage == "No contact matches “zz”." && !none.offerFirstContact)
    }

    @Test func pageWindowAndCounts() {
        #expect(ContactListPresenter.pageWindow(current: 1, count: 3) == [1, 2, 3])
        #expect(ContactListPresenter.pageWindow(current: 1, count: 400) == [1, 2, 3, 4, 5, 6, 400])
        #expect(ContactListPresenter.pageWindow(current: 200, count: 400) == [1, 198, 199, 200, 201, 202, 400])
        #expect(ContactListPresenter.pageWindow(current: 400, count: 400) == [1, 395, 396, 397, 398, 399, 400])
        #expect(en.number("10000") == "10,000" && en.number("999") == "999")
    }

    @Test("another user's contact is the same as a missing one")
    func ownership() async throws {
        let contact = try await service.create(.named("ann's friend"), owner: ann.id)
        let detail = ContactDetailInteractor(contacts: service)
        let form = ContactFormInteractor(contacts: service)
        let id = contact.id.uuidString
        await #expect(throws: ContactAccessFailure.notFound) { try await detail.show(id, for: bob) }
        await #expect(throws: ContactAccessFailure.notFound) { try await detail.delete(id, for: bob) }
        await #expect(throws: ContactAccessFailure.notFound) { try await form.editContact(id, for: bob) }
        await #expect(throws: ContactAccessFailure.notFound) { try await form.update(id, with: .init(firstName: "Mine"), for: bob) }
        await #expect(throws: ContactAccessFailure.notFound) { try await form.update(id, with: .init(firstName: ""), for: bob) }
        await #expect(throws: ContactAccessFailure.notFound) { try await detail.show("not-a-uuid", for: ann) }
        await #expect(throws: ContactAccessFailure.signInRequired) { try await detail.show(id, for: nil) }
        #expect(try await detail.show(id, for: ann).contact == contact)
        #expect(try await service.all(owner: ann.id) == [contact])
    }

    @Test("the form keeps what was typed and puts each message at its field")
    func formKeepsInput() async throws {
        let input = ContactDraft.Input(firstName: "", lastName: "<b>Bold</b>", email: "nope")
        guard case .invalid(let output) = try await ContactFormInteractor(contacts: service).create(input, for: ann) else {
            Issue.record("saved")
            return
        }
        let model = ContactFormPresenter().present(output, in: en)
        #expect(model.lastName == "<b>Bold</b>" && model.email == "nope")
        #expect(model.firstNameError == "Enter a first name." && model.emailError != nil && model.hasErrors)
        #expect(model.actionURL == "/contacts" && model.submitLabel == "Add contact")
    }

    @Test(
        "detail presenter: the phone shown as typed, linked with its digits and + only; the email linked percent-encoded",
        arguments: [
            ("+7 495 123 45 67", "tel:+74951234567"),
            ("(03) 1234-5678", "tel:0312345678"),
            ("+966 (11) 234-5678", "tel:+966112345678"),
        ])
    func detailLinks(phone: String, telURL: String) async throws {
        let contact = try await service.create(
            .named("Анна-Мария", "О’Нил", email: "50%off#deal+x@example.org", phone: phone), owner: ann.id)
        let model = ContactDetailPresenter().present(.init(contact: contact, flash: nil), in: en)
        #expect(model.phone == phone)
        #expect(model.phoneURL == telURL)
        #expect(model.email == "50%off#deal+x@example.org")
        #expect(model.emailURL == "mailto:50%25off%23deal+x@example.org")
        let arabic = try await service.create(.named("محمد", email: "محمد@مثال.example"), owner: ann.id)
        #expect(
            ContactDetailPresenter().present(.init(contact: arabic, flash: nil), in: en).emailURL
                == "mailto:%D9%85%D8%AD%D9%85%D8%AF@%D9%85%D8%AB%D8%A7%D9%84.example")
    }

    @Test("detail presenter: display rule for names, what was stored for the rest")
    func detailPresenter() async throws {
        let contact = try await service.create(.named("ivan", "petrov", email: "Ivan@Example.org", notes: "a\nb"), owner: ann.id)
        let model = ContactDetailPresenter().present(.init(contact: contact, flash: nil), in: en)
        #expect(model.fullName == "Ivan Petrov" && model.firstName == "Ivan" && model.lastName == "Petrov")
        #expect(model.email == "Ivan@Example.org" && model.notes == "a\nb")
        #expect(model.editURL == "/contacts/\(contact.id.uuidString.lowercased())/edit")
        #expect(
            ContactDetailPresenter().presentDeletion(.init(contact: contact, flash: nil), in: en).title
                == "Delete Ivan Petrov? · Currency Converter")
    }
}
