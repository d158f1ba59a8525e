import Foundation

/// The ISO 4217 reference data: every active currency's code, English name and minor units,
/// read once at start from `Resources/currencies.csv` — plus names for the few codes providers
/// quote that ISO 4217 does not list as active (`currencies-unlisted.csv`: local issues such as
/// `GGP`, recently withdrawn ones such as `HRK`).
package struct CurrencyCatalog: Sendable {
    private let activeByCode: [String: Currency]
    private let unlistedByCode: [String: Currency]
    /// The last list asked for by ``currencies(for:)``: every page asks for the current snapshot's.
    private let lastList = Locked<(codes: [String], currencies: [Currency])?>(nil)

    package init(_ active: [Currency], unlisted: [Currency] = []) {
        activeByCode = Dictionary(active.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        unlistedByCode = Dictionary(unlisted.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The currency for each of `codes`, in order. The same codes (a snapshot's list, asked for
    /// by every page) give the same array, looked up once.
    package func currencies(for codes: [String]) -> [Currency] {
        if let last = lastList.withLock({ $0 }), last.codes == codes { return last.currencies }
        let currencies = codes.map(currency(for:))
        lastList.withLock { $0 = (codes, currencies) }
        return currencies
    }

    /// Every active ISO 4217 currency, sorted by code.
    package var all: [Currency] { activeByCode.values.sorted { $0.code < $1.code } }

    /// The currency for `code`. A code known nowhere still converts: it is shown by its code,
    /// with two minor units.
    package func currency(for code: String) -> Currency {
        activeByCode[code] ?? unlistedByCode[code] ?? Currency(code: code, name: code, minorUnits: 2)
    }

    /// Whether `code` is an active ISO 4217 currency.
    package func isListed(_ code: String) -> Bool { activeByCode[code] != nil }
}

extension CurrencyCatalog {
    package struct LoadingError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The catalog shipped in the app's resources.
    package static func bundled() throws -> CurrencyCatalog {
        func resource(_ name: String) throws -> String {
            guard let url = Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "Resources") else {
                throw LoadingError(description: "\(name).csv is missing from the app's resources")
            }
            return try String(contentsOf: url, encoding: .utf8)
        }
        return CurrencyCatalog(
            try currencies(csv: resource("currencies")),
            unlisted: try currencies(csv: resource("currencies-unlisted")))
    }

    package init(csv: String) throws {
        self.init(try Self.currencies(csv: csv))
    }

    /// Reads `code,name,minor_units` rows after a header line; an empty `minor_units` means
    /// ISO 4217's "N.A.".
    package static func currencies(csv: String) throws -> [Currency] {
        var currencies: [Currency] = []
        for (index, line) in csv.split(whereSeparator: \.isNewline).enumerated().dropFirst() {
            let fields = CSVLine.fields(of: String(line))
            guard fields.count == 3, Currency.isWellFormedCode(fields[0]), !fields[1].isEmpty,
                fields[2].isEmpty || Int(fields[2]) != nil
            else { throw LoadingError(description: "currencies.csv line \(index + 1) is not code,name,minor_units: \(line)") }
            currencies.append(Currency(code: fields[0], name: fields[1], minorUnits: Int(fields[2])))
        }
        return currencies
    }
}

/// Splits one line of RFC 4180 CSV into fields (quoted fields may hold commas and `""`).
package enum CSVLine {
    package static func fields(of line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch (character, inQuotes) {
            case ("\"", true):
                // A doubled quote inside quotes is a literal quote; a single one closes the field.
                if let next = characters.next() {
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        inQuotes = false
                        if next == "," {
                            fields.append(field)
                            field = ""
                        } else {
                            field.append(next)
                        }
                    }
                } else {
                    inQuotes = false
                }
            case ("\"", false) where field.isEmpty: inQuotes = true
            case (",", false):
                fields.append(field)
                field = ""
            default: field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
