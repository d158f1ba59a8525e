import Core
import Foundation

/// The rules fetched rates must meet before they are stored.
package enum RatesValidator {
    package static let minimumCurrencies = 10

    /// Throws the first broken rule, worded for the admin page.
    package static func validate(
        _ fetched: FetchedRates, today: CalendarDate, minimum minimumCurrencies: Int = minimumCurrencies
    ) throws(RatesProviderError) {
        guard Currency.isWellFormedCode(fetched.baseCurrency) else {
            throw .invalidRates(
                Message("the base currency “{code}” is not a currency code", ["code": .text(String(fetched.baseCurrency.prefix(16)))]))
        }
        for code in fetched.rates.keys.sorted() where !Currency.isWellFormedCode(code) {
            throw .invalidRates(
                Message("“{code}” is not a currency code (three capital letters)", ["code": .text(String(code.prefix(16)))]))
        }
        for (code, rate) in fetched.rates.sorted(by: { $0.key < $1.key }) where rate.isNaN || rate <= 0 {
            throw .invalidRates(
                rate.isNaN
                    ? Message("the rate for {code} is not a number", ["code": .text(code)])
                    : Message(
                        "the rate for {code} is {rate}, not a positive number", ["code": .text(code), "rate": .number(rate.plainText)]))
        }
        if let baseRate = fetched.rates[fetched.baseCurrency], baseRate != 1 {
            throw .invalidRates(
                Message(
                    "the base currency {code} is quoted at {rate}, not 1",
                    ["code": .text(fetched.baseCurrency), "rate": .number(baseRate.plainText)]))
        }
        let quoted = fetched.rates.keys.filter { $0 != fetched.baseCurrency }.count
        guard quoted >= minimumCurrencies else {
            throw .invalidRates(
                minimumCurrencies == 1
                    ? Message("no currency is quoted")
                    : Message(
                        "only {quoted} currencies are quoted; at least {minimum} are needed",
                        ["quoted": .number(String(quoted)), "minimum": .number(String(minimumCurrencies))]))
        }
        guard fetched.effectiveDate <= today else {
            throw .invalidRates(
                Message(
                    "the rates are dated {day}, after today ({today})",
                    ["day": .text(fetched.effectiveDate.description), "today": .text(today.description)]))
        }
    }
}
