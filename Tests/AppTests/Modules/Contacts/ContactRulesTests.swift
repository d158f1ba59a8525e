import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Contact rules")
struct ContactDraftTests {
    func validate(_ input: ContactDraft.Input) -> Result<ContactDraft, ContactDraft.Invalid> {
        Result { () throws(ContactDraft.Invalid) in try ContactDraft.validate(input) }
    }

    @Test("trims names, keeps Unicode exactly, empties optional fields to nil")
    func accepts() throws {
        let draft = try ContactDraft.validate(
            .init(firstName: "  Мария ", lastName: " 佐藤 ", email: " ", phone: "", notes: "  Line one\nLine two  "))
        #expect(draft == ContactDraft(firstName: "Мария", lastName: "佐藤", email: nil, phone: nil, notes: "Line one\nLine two"))
        let full = try ContactDraft.validate(
            .init(firstName: "أحمد", lastName: "O'Brien-Smith", email: "a.b@example.org", phone: "+44 (20) 7946-0958"))
        #expect(full.email == "a.b@example.org" && full.phone == "+44 (20) 7946-0958")
        #expect(try ContactDraft.validate(.init(firstName: String(repeating: "é", count: 100))).firstName.count == 100)
        #expect(try ContactDraft.validate(.init(firstName: "A", notes: "one\r\ntwo\rthree")).notes == "one\ntwo\nthree")
        #expect(try ContactDraft.validate(.init(firstName: "A", notes: String(repeating: "n", count: 2000))).notes.count == 2000)
    }

    @Test(
        "every broken rule has a message at its field",
        arguments: [
            (ContactDraft.Input(firstName: "   "), ContactDraft.Field.firstName),
            (.init(), .firstName),
            (.init(firstName: String(repeating: "x", count: 101)), .firstName),
            (.init(firstName: "Ann\u{0}"), .firstName),
            (.init(firstName: "Ann", lastName: String(repeating: "x", count: 101)), .lastName),
            (.init(firstName: "Ann", lastName: "Line\nbreak"), .lastName),
            (.init(firstName: "Ann", email: "not-an-email"), .email),
            (.init(firstName: "Ann", email: "a@b"), .email),
            (.init(firstName: "Ann", phone: "12"), .phone),
            (.init(firstName: "Ann", phone: String(repeating: "1", count: 33)), .phone),
            (.init(firstName: "Ann", phone: "555-CALL-NOW"), .phone),
            (.init(firstName: "Ann", phone: "+ - ( )"), .phone),
            (.init(firstName: "Ann", notes: String(repeating: "n", count: 2001)), .notes),
            (.init(firstName: "Ann", notes: "bell\u{7}"), .notes),
        ])
    func rejects(input: ContactDraft.Input, field: ContactDraft.Field) {
        guard case .failure(let invalid) = validate(input) else {
            Issue.record("accepted \(input)")
            return
        }
        #expect(Set(invalid.messages.keys) == [field])
    }

    @Test func reportsEveryFieldAtOnce() {
        guard case .failure(let invalid) = validate(.init(firstName: "", email: "x", phone: "1")) else {
            Issue.record("accepted")
            return
        }
        #expect(Set(invalid.messages.keys) == [.firstName, .email, .phone])
        #expect(invalid.messages[.firstName] == "Enter a first name.")
    }

    @Test(
        "names show with the first letter upper-cased, as \"First Last\"",
        arguments: [
            ("ivan", "petrov", "Ivan Petrov"), ("élodie", "dubois", "Élodie Dubois"), ("ßtefan", "", "Sstefan"),
            ("さくら", "佐藤", "さくら 佐藤"), ("anna", "van Dijk", "Anna Van Dijk"), ("ANN", "o'brien", "ANN O'brien"),
        ])
    func displayRule(first: String, last: String, shown: String) {
        #expect(ContactName.full(first: first, last: last) == shown)
    }
}

@Suite("Contact exports")
struct ContactExportTests {
    func contact(_ first: String, _ last: String, email: String? = nil, phone: String? = nil, notes: String = "") -> Contact {
        Contact(
            id: UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")!, ownerID: UUID(),
            fields: ContactDraft(firstName: first, lastName: last, email: email, phone: phone, notes: notes), createdAt: testNow,
            updatedAt: testNow)
    }

    @Test("vCard 3.0: escaped commas, semicolons, backslashes and line breaks; CRLF lines")
    func vCard() {
        let card = VCardExport.card(
            contact(
                "Anne, Marie", "Doe; Jr.", email: "anne@example.org", phone: "+1 (555) 010",
                notes: "Line 1\nLine 2, with \\ backslash"))
        #expect(
            card
                == [
                    "BEGIN:VCARD", "VERSION:3.0", "N:Doe\\; Jr.;Anne\\, Marie;;;", "FN:Anne\\, Marie Doe\\; Jr.",
                    "EMAIL;TYPE=INTERNET:anne@example.org", "TEL;TYPE=VOICE:+1 (555) 010",
                    "NOTE:Line 1\\nLine 2\\, with \\\\ backslash", "UID:urn:uuid:0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
                    "REV:2025-05-12T12:00:00Z", "END:VCARD",
                ].map { $0 + "\r\n" }.joined())
    }

    @Test("long lines fold at 75 octets without splitting a character")
    func folding() {
        let line = "NOTE:" + String(repeating: "日本語", count: 20)
        let folded = VCardExport.fold(line)
        let lines = folded.components(separatedBy: "\r\n").dropLast()
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(lines.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
    }

    @Test("CSV: a BOM, a header, every field quoted, quotes doubled, line breaks kept inside quotes")
    func csv() {
        let document = CSVExport.document(
            in: en,
            [
                contact(
                    "Zoë \"Z\"", "Müller, Jr.", email: "z@example.org", phone: "+49 30 1234",
                    notes: "Line 1\nLine 2")
            ])
        #expect(document.hasPrefix("\u{FEFF}\"First name\",\"Last name\",\"Email\",\"Phone\",\"Notes\",\"Added\",\"Updated\"\r\n"))
        #expect(
            document.hasSuffix(
                "\"Zoë \"\"Z\"\"\",\"Müller, Jr.\",\"z@example.org\",\"+49 30 1234\",\"Line 1\nLine 2\",\"2025-05-12T12:00:00Z\",\"2025-05-12T12:00:00Z\"\r\n"
            ))
    }

    @Test("cells that a spreadsheet would run as formulas stay text; phone numbers stay intact")
    func formulaInjection() {
        let document = CSVExport.document(in: en, [contact("=HYPERLINK(\"http://evil\")", "@SUM(A1)", phone: "+1 555 0100", notes: "-2+3")])
        #expect(document.contains("\"'=HYPERLINK(\"\"http://evil\"\")\",\"'@SUM(A1)\""))
        #expect(document.contains("\"+1 555 0100\",\"'-2+3\""))
    }
}
