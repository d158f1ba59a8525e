/// Email addresses as accounts use them: trimmed, lower-cased (so `Ann@Example.org` and
/// `ann@example.org` are one account) and checked for a plausible shape. Deliverability is
/// not checked: the app sends no mail.
package enum EmailAddress {
    package static let maxLength = 254

    package static func normalized(_ typed: String) -> String {
        typed.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// `local@domain.tld`, no spaces or angle brackets, at most 254 characters.
    package static func isPlausible(_ email: String) -> Bool {
        guard email.count <= maxLength, !email.contains(where: { $0.isWhitespace || "<>(),;:\\\"[]".contains($0) })
        else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64 else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }
}
