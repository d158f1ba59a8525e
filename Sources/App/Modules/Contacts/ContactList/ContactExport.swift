import Core
import Foundation
import Web

/// A user's contacts as a vCard 3.0 file (RFC 2426) for contacts apps.
enum VCardExport {
    static func document(_ contacts: [Contact]) -> String {
        contacts.map(card).joined()
    }

    static func card(_ contact: Contact) -> String {
        var lines = [
            "BEGIN:VCARD",
            "VERSION:3.0",
            "N:\(escape(contact.lastName));\(escape(contact.firstName));;;",
            "FN:\(escape([contact.firstName, contact.lastName].filter { !$0.isEmpty }.joined(separator: " ")))",
        ]
        if let email = contact.email { lines.append("EMAIL;TYPE=INTERNET:\(escape(email))") }
        if let phone = contact.phone { lines.append("TEL;TYPE=VOICE:\(escape(phone))") }
        if !contact.notes.isEmpty { lines.append("NOTE:\(escape(contact.notes))") }
        lines.append("UID:urn:uuid:\(contact.id.uuidString.lowercased())")
        lines.append("REV:\(DateText.iso8601(contact.updatedAt))")
        lines.append("END:VCARD")
        return lines.map(fold).joined()
    }

    /// Text values escape backslash, comma and semicolon, and write line breaks as `\n`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ",": escaped += "\\,"
            case ";": escaped += "\\;"
            case "\n", "\r": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Lines longer than 75 octets continue on the next line after CRLF and a space, split
    /// between characters (never inside one), each line ending in CRLF.
    static func fold(_ line: String) -> String {
        var folded = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            if octets + size > 75 {
                folded += "\r\n "
                octets = 1
            }
            folded.append(character)
            octets += size
        }
        return folded + "\r\n"
    }
}

/// A user's contacts as CSV (RFC 4180: CRLF lines, every field quoted, quotes doubled) in UTF-8
/// with a byte-order mark, so spreadsheets read the accents and scripts right.
enum CSVExport {
    /// The column headers in the visitor's language; the values stay canonical (ISO 8601 times).
    static func header(in l: Localization) -> [String] {
        [l.text("First name"), l.text("Last name"), l.text("Email"), l.text("Phone"), l.text("Notes"), l.text("Added"), l.text("Updated")]
    }

    static func document(in l: Localization, _ contacts: [Contact]) -> String {
        let rows =
            [header(in: l)]
            + contacts.map { contact in
                [
                    neutralized(contact.firstName), neutralized(contact.lastName), neutralized(contact.email ?? ""),
                    contact.phone ?? "", neutralized(contact.notes),
                    DateText.iso8601(contact.createdAt), DateText.iso8601(contact.updatedAt),
                ]
            }
        return "\u{FEFF}" + rows.map { $0.map(quoted).joined(separator: ",") + "\r\n" }.joined()
    }

    static func quoted(_ field: String) -> String {
        "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` as a formula; a leading `'`
    /// keeps free text as text (OWASP's advice). Phone numbers are exempt: they can only hold
    /// digits, spaces and `+ - ( )`, so they cannot call anything, and `+44…` must stay intact.
    static func neutralized(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return field }
        return "'" + field
    }
}
