import Foundation

/// An ISO 4217 currency as the app shows it.
package struct Currency: Sendable, Hashable, Codable {
    /// Three upper-case letters, e.g. `USD`.
    package let code: String
    /// The English name from ISO 4217, e.g. `US Dollar`.
    package let name: String
    /// Digits after the decimal point (JPY 0, USD 2, KWD 3); `nil` where ISO 4217 says
    /// "not applicable" (gold, special drawing rights, ...).
    package let minorUnits: Int?

    /// Digits a converted amount keeps. Units without minor units (XAU, XDR) keep as many
    /// digits as an amount may be typed with, so small results do not collapse to zero.
    package var resultFractionDigits: Int { minorUnits ?? Amount.maxFractionDigits }

    /// An amount of this currency as money is written: exactly its minor units (`89.50` EUR,
    /// `15725` JPY, `30.746` KWD); without minor units (XAU), the digits the amount has.
    package func text(of amount: Decimal) -> String {
        minorUnits.map { amount.plainText(fractionDigits: $0) } ?? amount.plainText
    }

    /// Whether `code` has the shape of a currency code (three upper-case ASCII letters).
    package static func isWellFormedCode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }
}

extension Currency {
    /// The year ISO 4217 withdrew it, as its name says (`Cyprus Pound (withdrawn 2008)`).
    package var withdrawalYear: String? {
        guard name.hasSuffix(")"), let open = name.range(of: "(withdrawn ", options: .backwards) else { return nil }
        let year = name[open.upperBound...].dropLast()
        return year.count == 4 && year.allSatisfy(\.isNumber) ? String(year) : nil
    }
}
