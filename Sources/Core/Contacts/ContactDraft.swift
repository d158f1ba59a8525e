/// A contact's fields after the rules: names trimmed, optional fields `nil` when empty.
/// Made by ``validate(_:)``, so the store never sees a bad contact.
package struct ContactDraft: Sendable, Equatable {
    package let firstName: String
    package let lastName: String
    package let email: String?
    package let phone: String?
    package let notes: String

    package init(firstName: String, lastName: String, email: String?, phone: String?, notes: String) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.notes = notes
    }

    package enum Field: String, Sendable, CaseIterable {
        case firstName = "first_name"
        case lastName = "last_name"
        case email, phone, notes
    }

    /// The fields as typed.
    package struct Input: Sendable, Equatable, Codable {
        package var firstName: String?
        package var lastName: String?
        package var email: String?
        package var phone: String?
        package var notes: String?

        package enum CodingKeys: String, CodingKey {
            case firstName = "first_name"
            case lastName = "last_name"
            case email, phone, notes
        }
    }

    package static let maxNameLength = 100
    package static let maxNotesLength = 2000
    package static let phoneLength = 3...32

    /// A message for every field that breaks a rule.
    package struct Invalid: Error, Equatable {
        package let messages: [Field: Message]
    }

    /// The draft, or every broken rule at once.
    package static func validate(_ input: Input) throws(Invalid) -> ContactDraft {
        var errors: [Field: Message] = [:]
        let firstName = trimmed(input.firstName)
        let lastName = trimmed(input.lastName)
        let email = trimmed(input.email)
        let phone = trimmed(input.phone)
        // Browsers send a textarea's line breaks as CRLF; store them as plain line feeds.
        let notes = (input.notes ?? "").replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)

        if firstName.isEmpty {
            errors[.firstName] = Message("Enter a first name.")
        } else if firstName.count > maxNameLength {
            errors[.firstName] = Message("Use at most {count} characters.", ["count": .number(String(maxNameLength))])
        } else if hasControlCharacters(firstName) {
            errors[.firstName] = Message("Use letters, not control characters.")
        }
        if lastName.count > maxNameLength {
            errors[.lastName] = Message("Use at most {count} characters.", ["count": .number(String(maxNameLength))])
        } else if hasControlCharacters(lastName) {
            errors[.lastName] = Message("Use letters, not control characters.")
        }
        if !email.isEmpty, !EmailAddress.isPlausible(email) || hasControlCharacters(email) {
            errors[.email] = Message("Enter an email address like name@example.org, or leave it empty.")
        }
        if !phone.isEmpty {
            if !phone.allSatisfy({ $0.isASCIIDigit || " +-()".contains($0) }) {
                errors[.phone] = Message("Use digits, spaces and + - ( ) only.")
            } else if !phoneLength.contains(phone.count) {
                errors[.phone] = Message(
                    "Use {least} to {most} characters.",
                    ["least": .number(String(phoneLength.lowerBound)), "most": .number(String(phoneLength.upperBound))])
            } else if !phone.contains(where: \.isASCIIDigit) {
                errors[.phone] = Message("A phone number needs digits.")
            }
        }
        if notes.count > maxNotesLength {
            errors[.notes] = Message(
                "Use at most {count} characters (now {now}).",
                ["count": .number(String(maxNotesLength)), "now": .number(String(notes.count))])
        } else if notes.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control && !"\n\r\t".unicodeScalars.contains($0)
        }) {
            errors[.notes] = Message("Remove the control characters.")
        }

        guard errors.isEmpty else { throw Invalid(messages: errors) }
        return ContactDraft(
            firstName: firstName, lastName: lastName,
            email: email.isEmpty ? nil : email, phone: phone.isEmpty ? nil : phone, notes: notes)
    }

    private static func trimmed(_ text: String?) -> String {
        (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Control characters (a NUL, a line break) have no place in a one-line field; PostgreSQL
    /// would refuse a NUL outright.
    private static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

extension ContactDraft.Input {
    /// The empty form, for a new contact.
    package static let blank = ContactDraft.Input()

    /// The form filled in with a stored contact's fields, to edit it.
    package init(_ contact: Contact) {
        self.init(
            firstName: contact.firstName, lastName: contact.lastName, email: contact.email, phone: contact.phone, notes: contact.notes)
    }
}
