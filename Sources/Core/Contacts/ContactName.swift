import Foundation

/// The original app's display rule for names: the first letter upper-cased, the full name as
/// "First Last". Only for showing; what was typed is stored unchanged.
package enum ContactName {
    package static func displayed(_ name: String) -> String {
        guard let first = name.first else { return name }
        // Title case (not upper case) for the first letter: "ß" becomes "Ss", "ǆ" becomes "ǅ".
        return String(first).capitalized + name.dropFirst()
    }

    package static func full(_ contact: Contact) -> String {
        full(first: contact.firstName, last: contact.lastName)
    }

    package static func full(first: String, last: String) -> String {
        [displayed(first), displayed(last)].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
