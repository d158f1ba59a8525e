import Foundation

/// The ISO 4217 reference data: every active currency's code, English name and minor units,
/// read once at start from `Resources/currencies.csv`.
struct CurrencyCatalog: Sendable {
    private let currenciesByCode: [String: Currency]

    init(_ currencies: [Currency]) {
        currenciesByCode = Dictionary(currencies.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var all: [Currency] { currenciesByCode.values.sorted { $0.code < $1.code } }

    /// The currency for `code`. A code a provider quotes but ISO 4217 does not list (a local
    /// issue like `GGP`) still converts: it is shown by its code with two minor units.
    func currency(for code: String) -> Currency {
        currenciesByCode[code] ?? Currency(code: code, name: code, minorUnits: 2)
    }

    func isListed(_ code: String) -> Bool { currenciesByCode[code] != nil }
}

extension CurrencyCatalog {
    struct LoadingError: Error, CustomStringConvertible {
        let description: String
    }

    /// The catalog shipped in the app's resources.
    static func bundled() throws -> CurrencyCatalog {
        guard let url = Bundle.module.url(forResource: "currencies", withExtension: "csv", subdirectory: "Resources") else {
            throw LoadingError(description: "currencies.csv is missing from the app's resources")
        }
        return try CurrencyCatalog(csv: String(contentsOf: url, encoding: .utf8))
    }

    /// Reads `code,name,minor_units` rows after a header line; an empty `minor_units` means
    /// ISO 4217's "N.A.".
    init(csv: String) throws {
        var currencies: [Currency] = []
        for (index, line) in csv.split(whereSeparator: \.isNewline).enumerated().dropFirst() {
            let fields = CSVLine.fields(of: String(line))
            guard fields.count == 3, Currency.isWellFormedCode(fields[0]), !fields[1].isEmpty,
                  fields[2].isEmpty || Int(fields[2]) != nil
            else { throw LoadingError(description: "currencies.csv line \(index + 1) is not code,name,minor_units: \(line)") }
            currencies.append(Currency(code: fields[0], name: fields[1], minorUnits: Int(fields[2])))
        }
        self.init(currencies)
    }
}

/// Splits one line of RFC 4180 CSV into fields (quoted fields may hold commas and `""`).
enum CSVLine {
    static func fields(of line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch (character, inQuotes) {
            case ("\"", true):
                // A doubled quote inside quotes is a literal quote; a single one closes the field.
                if let next = characters.next() {
                    if next == "\"" { field.append("\"") } else {
                        inQuotes = false
                        if next == "," { fields.append(field); field = "" } else { field.append(next) }
                    }
                } else { inQuotes = false }
            case ("\"", false) where field.isEmpty: inQuotes = true
            case (",", false): fields.append(field); field = ""
            default: field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
