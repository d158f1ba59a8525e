import Foundation

/// The rules fetched rates must meet before they are stored.
enum RatesValidator {
    static let minimumCurrencies = 10

    /// Throws the first broken rule, worded for the admin page.
    static func validate(_ fetched: FetchedRates, today: CalendarDate) throws(RatesProviderError) {
        guard Currency.isWellFormedCode(fetched.baseCurrency) else {
            throw .invalidRates("the base currency “\(fetched.baseCurrency.prefix(16))” is not a currency code")
        }
        for code in fetched.rates.keys.sorted() where !Currency.isWellFormedCode(code) {
            throw .invalidRates("“\(code.prefix(16))” is not a currency code (three capital letters)")
        }
        for (code, rate) in fetched.rates.sorted(by: { $0.key < $1.key }) where rate.isNaN || rate <= 0 {
            throw .invalidRates("the rate for \(code) is \(rate.isNaN ? "not a number" : rate.plainText), not a positive number")
        }
        if let baseRate = fetched.rates[fetched.baseCurrency], baseRate != 1 {
            throw .invalidRates("the base currency \(fetched.baseCurrency) is quoted at \(baseRate.plainText), not 1")
        }
        let quoted = fetched.rates.keys.filter { $0 != fetched.baseCurrency }.count
        guard quoted >= minimumCurrencies else {
            throw .invalidRates("only \(quoted) currencies are quoted; at least \(minimumCurrencies) are needed")
        }
        guard fetched.effectiveDate <= today else {
            throw .invalidRates("the rates are dated \(fetched.effectiveDate), after today (\(today))")
        }
    }
}
