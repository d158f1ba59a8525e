import Core
import Foundation
import Web

/// The converter page: an amount and two currencies in, the converted amount and rates out.
///
/// - `GET /` shows the form with the visitor's last conversion (or 100 USD → EUR).
/// - `GET /?from=USD&to=EUR&amount=100` is the canonical, shareable result page, and
///   `…&date=2020-03-15` the same on the rates of a past day (the last day with rates on or before it).
/// - `POST /convert` and `POST /swap` validate and redirect there (post/redirect/get).
enum Converter {
    /// The request as typed: query string, form body or cookie. Nothing is trusted yet.
    struct Input: Sendable, Equatable, Codable {
        var from: String?
        var to: String?
        var amount: String?
        /// `YYYY-MM-DD`; absent or empty for the latest rates.
        var date: String? = nil

        var isEmpty: Bool { from == nil && to == nil && amount == nil && date == nil }

        /// The date as typed, `nil` when none was chosen.
        var chosenDate: String? { date.flatMap { $0.isEmpty ? nil : $0 } }
    }

    enum Field: String, Sendable, CaseIterable {
        case amount, from, to, date
    }

    /// The first day of the ECB's reference rates, the earliest a date may ask for (the form's `min`).
    static let firstRatesDay = CalendarDate(year: 1999, month: 1, day: 4)!

    /// What the page shows below the form.
    enum Outcome: Sendable, Equatable {
        /// The conversion, for a valid request with an amount.
        case converted(Conversion)
        /// A valid request without an amount: the form, nothing to convert yet.
        case noAmount
        /// A message per field that is wrong; the form keeps what was typed.
        case invalid([Field: Message])
    }

    /// The currencies a result is also shown in (minus the two converted between).
    static let majorCurrencies = ["USD", "EUR", "GBP", "JPY", "CNY", "CHF"]

    struct Output: Sendable, Equatable {
        /// What was typed, to fill the form in again.
        let input: Input
        let outcome: Outcome
        /// For a conversion: the same amount in the major currencies not already shown.
        var alternatives: [AlternativeResult] = []
        /// The validated request in canonical form; `nil` when the input is invalid.
        let accepted: LastConversion?
        /// The currencies to choose from, sorted by code: the current snapshot's, plus on a past
        /// day that day's (withdrawn ones too) and any code asked for that once had rates.
        let currencies: [Currency]
        /// The rates converted with: the current snapshot, or the past day's.
        let snapshot: RateSnapshot
        let today: CalendarDate
        /// The valid date asked for; `nil` for the latest rates (or an invalid date).
        var askedDate: CalendarDate? = nil
    }

    /// Where a form submission goes next.
    enum Submission: Sendable, Equatable {
        /// To the canonical result page (303 See Other).
        case redirect(LastConversion)
        /// Back to the form, status 422.
        case invalid(Output)
    }

    enum Failure: Error, Equatable {
        /// No snapshot has been stored yet: nothing to convert with (503).
        case ratesUnavailable
    }

    /// The current snapshot's rates seen from one currency (`GET /api/v1/rates/latest?base=`).
    struct LatestRates: Sendable, Equatable {
        let snapshot: RateSnapshot
        let base: Currency
        /// Units of each currency per one unit of `base`, sorted by code.
        let rates: [ExchangeRate]
    }

    enum LatestRatesFailure: Error, Equatable {
        case ratesUnavailable
        /// Not three letters.
        case malformedBase(String)
        /// A currency code with no rate in the current snapshot.
        case unknownBase(String)
    }

    /// What `converter.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        /// The title once the live script has cleared the result.
        let emptyTitle: String
        let amount: String
        let amountError: String?
        let fromError: String?
        let toError: String?
        /// The date as typed (empty for the latest rates), and the days the form lets one pick.
        let date: String
        let dateError: String?
        let minDate: String
        let maxDate: String
        /// `<option>` elements, escaped and built once per snapshot (see ``CurrencyMenu``).
        let fromOptions: String
        let toOptions: String
        /// Whether there is a result; `result` is then filled in, else empty (the page keeps an
        /// empty, hidden result area for the live script, and prints its fields unconditionally).
        let hasResult: Bool
        let result: ResultViewModel
        let rates: RatesSourceViewModel
        /// Which day's rates were used (`Rates of Oct 30, 2026 (3 days ago)`) and on a past day
        /// why (`Rates of Friday, March 13, 2020, the last ECB business day on or before Sunday, March 15, 2020`).
        let receipt: String
        let convertURL: String
        let swapURL: String
        let aboutURL: String
        /// The page itself, which the live script fetches results from (in the page's language)
        /// and shows a partly filled form at.
        let converterURL: String
        /// The amount's limits (``Amount``), which the live script applies as the visitor types.
        let maxIntegerDigits: Int
        let maxFractionDigits: Int
        /// The last-conversion cookie as the live script sets it, with `{from}`, `{to}` and
        /// `{amount}` to fill in (``LastConversionCookie/template(secure:)``), and the same with a `{date}`.
        let rememberCookie: String
        let rememberDatedCookie: String
    }

    struct ResultViewModel: Encodable, Sendable, Equatable {
        static let empty = ResultViewModel(
            summary: "", amountText: "", resultText: "", rate: "", inverseRate: "",
            fromName: "", toName: "", names: "", alternatives: [], url: "", historyURL: "", historyLabel: "")

        /// `100 USD = 92.5 EUR`
        let summary: String
        let amountText: String
        let resultText: String
        /// `1 USD = 0.9234 EUR`
        let rate: String
        /// `1 EUR = 1.0829 USD`
        let inverseRate: String
        let fromName: String
        let toName: String
        /// `US Dollar → Euro`, the arrow pointing the language's way.
        let names: String
        /// The same amount in other major currencies, each linking to its own result.
        let alternatives: [AlternativeViewModel]
        /// This result's canonical page, which the live script puts in the address bar.
        let url: String
        /// The pair over time; around the asked day for a past date.
        let historyURL: String
        let historyLabel: String
    }

    struct AlternativeViewModel: Encodable, Sendable, Equatable {
        /// `74.47 GBP`
        let text: String
        let name: String
        let url: String
    }

    /// What `rates-unavailable.leaf` renders (503).
    struct UnavailableViewModel: Encodable, Sendable, Equatable {
        let title: String
        let message: String
        let retryURL: String
        let aboutURL: String
    }
}
