import Foundation

/// Currencies as RubyMoney's table (`money` gem, MIT, `config/currency_iso.json`) describes them:
/// the names Frankfurter's APIs answer with ("United States Dollar", "Chinese Renminbi Yuan"),
/// ISO 4217 numeric codes and symbols, read once at start from `Resources/rubymoney-currencies.csv`.
package struct RubyMoneyCurrencyNames: Sendable {
    package struct Entry: Sendable, Equatable {
        package let name: String
        /// ISO 4217's three digits (`840`).
        package let numeric: String
        package let symbol: String?
    }

    private let entries: [String: Entry]
}

extension RubyMoneyCurrencyNames {
    package init(_ names: [String: String]) {
        self.init(entries: names.mapValues { Entry(name: $0, numeric: "", symbol: nil) })
    }

    package func name(of code: String) -> String? { entries[code]?.name }

    package func entry(of code: String) -> Entry? { entries[code] }

    /// The table shipped in the app's resources.
    package static func bundled() throws -> RubyMoneyCurrencyNames {
        guard let url = Bundle.module.url(forResource: "rubymoney-currencies", withExtension: "csv", subdirectory: "Resources") else {
            throw CurrencyCatalog.LoadingError(description: "rubymoney-currencies.csv is missing from the app's resources")
        }
        var entries: [String: Entry] = [:]
        for (index, line) in try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).enumerated().dropFirst() {
            let fields = CSVLine.fields(of: String(line))
            guard fields.count == 4, Currency.isWellFormedCode(fields[0]), !fields[1].isEmpty,
                fields[2].count == 3, fields[2].allSatisfy(\.isASCIIDigit)
            else {
                throw CurrencyCatalog.LoadingError(
                    description: "rubymoney-currencies.csv line \(index + 1) is not code,name,iso_numeric,symbol: \(line)")
            }
            entries[fields[0]] = Entry(name: fields[1], numeric: fields[2], symbol: fields[3].isEmpty ? nil : fields[3])
        }
        return RubyMoneyCurrencyNames(entries: entries)
    }
}
