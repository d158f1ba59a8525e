import Foundation

/// Currency names as RubyMoney's table (`money` gem, MIT, `config/currency_iso.json`) gives them:
/// the names Frankfurter's `/v1/currencies` answers with ("United States Dollar", "Chinese
/// Renminbi Yuan"), read once at start from `Resources/rubymoney-currency-names.csv`.
package struct RubyMoneyCurrencyNames: Sendable {
    private let names: [String: String]

    package init(_ names: [String: String]) {
        self.names = names
    }

    package func name(of code: String) -> String? { names[code] }

    /// The table shipped in the app's resources.
    package static func bundled() throws -> RubyMoneyCurrencyNames {
        guard let url = Bundle.module.url(forResource: "rubymoney-currency-names", withExtension: "csv", subdirectory: "Resources") else {
            throw CurrencyCatalog.LoadingError(description: "rubymoney-currency-names.csv is missing from the app's resources")
        }
        var names: [String: String] = [:]
        for (index, line) in try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).enumerated().dropFirst() {
            let fields = CSVLine.fields(of: String(line))
            guard fields.count == 2, Currency.isWellFormedCode(fields[0]), !fields[1].isEmpty else {
                throw CurrencyCatalog.LoadingError(description: "rubymoney-currency-names.csv line \(index + 1) is not code,name: \(line)")
            }
            names[fields[0]] = fields[1]
        }
        return RubyMoneyCurrencyNames(names)
    }
}
