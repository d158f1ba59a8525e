import Core
import Foundation
import Web

/// The converter page: an amount and two currencies in, the converted amount and rates out.
///
/// - `GET /` shows the form with the visitor's last conversion (or 100 USD → EUR).
/// - `GET /?from=USD&to=EUR&amount=100` is the canonical, shareable result page,
///   `…&date=2020-03-15` the same on the rates of a past day (the last day with rates on or
///   before it), and `…&source=nbp` with one provider's rates instead of the default source's
///   (the blend of every official provider, unless `RATES_PROVIDER` names one).
/// - `POST /convert` and `POST /swap` validate and redirect there (post/redirect/get).
package enum Converter {
    /// The request as typed: query string, form body or cookie. Nothing is trusted yet.
    package struct Input: Sendable, Equatable, Codable {
        package var from: String?
        package var to: String?
        package var amount: String?
        /// `YYYY-MM-DD`; absent or empty for the latest rates.
        package var date: String? = nil
        /// A source's id (`nbp`, `blend`); absent or empty for the default source.
        package var source: String? = nil

        package init(from: String? = nil, to: String? = nil, amount: String? = nil, date: String? = nil, source: String? = nil) {
            self.from = from
            self.to = to
            self.amount = amount
            self.date = date
            self.source = source
        }

        package var isEmpty: Bool { from == nil && to == nil && amount == nil && date == nil && source == nil }

        /// The source as typed, `nil` when none was chosen.
        package var chosenSource: String? { source.flatMap { $0.isEmpty ? nil : $0 } }

        /// The date as typed, `nil` when none was chosen.
        package var chosenDate: String? { date.flatMap { $0.isEmpty ? nil : $0 } }
    }

    package enum Field: String, Sendable, CaseIterable {
        case amount, from, to, date, source
    }

    /// The first day of the ECB's reference rates, the earliest a date may ask for (the form's `min`).
    package static let firstRatesDay = CalendarDate(year: 1999, month: 1, day: 4)!

    /// What the page shows below the form.
    package enum Outcome: Sendable, Equatable {
        /// The conversion, for a valid request with an amount.
        case converted(Conversion)
        /// A valid request without an amount: the form, nothing to convert yet.
        case noAmount
        /// A message per field that is wrong; the form keeps what was typed.
        case invalid([Field: Message])
    }

    /// The currencies a result is also shown in (minus the two converted between).
    package static let majorCurrencies = ["USD", "EUR", "GBP", "JPY", "CNY", "CHF"]

    package struct Output: Sendable, Equatable {
        /// What was typed, to fill the form in again.
        package let input: Input
        package let outcome: Outcome
        /// For a conversion: the same amount in the major currencies not already shown.
        package var alternatives: [AlternativeResult] = []
        /// The validated request in canonical form; `nil` when the input is invalid.
        package let accepted: LastConversion?
        /// The currencies to choose from, sorted by code: the current snapshot's, plus on a past
        /// day that day's (withdrawn ones too) and any code asked for that once had rates.
        package let currencies: [Currency]
        /// The rates converted with: the current snapshot, or the past day's.
        package let snapshot: RateSnapshot
        package let today: CalendarDate
        /// The valid date asked for; `nil` for the latest rates (or an invalid date).
        package var askedDate: CalendarDate? = nil
        /// The source converted with, and every source with rates now (the form's choice); the default's id.
        package var source: RateSource = .blend
        package var sources: [RateSource] = []
        package var defaultSource = RateSnapshot.blendSource

        package init(
            input: Input, outcome: Outcome, alternatives: [AlternativeResult] = [], accepted: LastConversion?, currencies: [Currency],
            snapshot: RateSnapshot, today: CalendarDate, askedDate: CalendarDate? = nil, source: RateSource = .blend,
            sources: [RateSource] = [], defaultSource: String = RateSnapshot.blendSource
        ) {
            self.input = input
            self.outcome = outcome
            self.alternatives = alternatives
            self.accepted = accepted
            self.currencies = currencies
            self.snapshot = snapshot
            self.today = today
            self.askedDate = askedDate
            self.source = source
            self.sources = sources
            self.defaultSource = defaultSource
        }
    }

    /// Where a form submission goes next.
    package enum Submission: Sendable, Equatable {
        /// To the canonical result page (303 See Other).
        case redirect(LastConversion)
        /// Back to the form, status 422.
        case invalid(Output)
    }

    package enum Failure: Error, Equatable {
        /// No snapshot has been stored yet: nothing to convert with (503).
        case ratesUnavailable
    }

    /// The current snapshot's rates seen from one currency (`GET /api/v1/rates/latest?base=`).
    package struct LatestRates: Sendable, Equatable {
        package let snapshot: RateSnapshot
        package let base: Currency
        /// Units of each currency per one unit of `base`, sorted by code.
        package let rates: [ExchangeRate]

        package init(snapshot: RateSnapshot, base: Currency, rates: [ExchangeRate]) {
            self.snapshot = snapshot
            self.base = base
            self.rates = rates
        }
    }

    package enum LatestRatesFailure: Error, Equatable {
        case ratesUnavailable
        /// Not three letters.
        case malformedBase(String)
        /// A currency code with no rate in the current snapshot.
        case unknownBase(String)
    }

    /// What `converter.leaf` renders.
    package struct ViewModel: Encodable, Sendable, Equatable {
        package let title: String
        /// The title once the live script has cleared the result.
        package let emptyTitle: String
        package let amount: String
        package let amountError: String?
        package let fromError: String?
        package let toError: String?
        /// The date as typed (empty for the latest rates), and the days the form lets one pick.
        package let date: String
        package let dateError: String?
        package let minDate: String
        package let maxDate: String
        /// `<option>` elements, escaped and built once per snapshot (see ``CurrencyMenu``).
        package let fromOptions: PrecompressedHTML
        package let toOptions: PrecompressedHTML
        /// The sources with rates, the one converted with selected; whether there is more than one to choose.
        package let sourceOptions: Preencoded<[SourceOptionViewModel]>
        package let hasSources: Bool
        /// The id of the source used when none is chosen (the live script leaves it out of addresses).
        package let defaultSource: String
        package let sourceError: String?
        /// For a blend: each provider's rate of the pair and its day.
        package let details: Preencoded<SourceDetailsViewModel>?
        /// Whether there is a result; `result` is then filled in, else empty (the page keeps an
        /// empty, hidden result area for the live script, and prints its fields unconditionally).
        package let hasResult: Bool
        package let result: ResultViewModel
        package let rates: Preencoded<RatesSourceViewModel>
        /// Which day's rates were used (`Rates of Oct 30, 2026 (3 days ago)`) and on a past day
        /// why (`Rates of Friday, March 13, 2020, the last ECB business day on or before Sunday, March 15, 2020`).
        package let receipt: String
        package let convertURL: String
        package let swapURL: String
        package let aboutURL: String
        /// The page itself, which the live script fetches results from (in the page's language)
        /// and shows a partly filled form at.
        package let converterURL: String
        /// The amount's limits (``Amount``), which the live script applies as the visitor types.
        package let maxIntegerDigits: Int
        package let maxFractionDigits: Int
        /// The last-conversion cookie as the live script sets it, with `{from}`, `{to}` and
        /// `{amount}` to fill in (``LastConversionCookie/template(secure:)``), and the same with a `{date}`.
        package let rememberCookie: String
        package let rememberDatedCookie: String

        package init(
            title: String, emptyTitle: String, amount: String, amountError: String?, fromError: String?, toError: String?, date: String,
            dateError: String?, minDate: String, maxDate: String, fromOptions: PrecompressedHTML, toOptions: PrecompressedHTML,
            sourceOptions: Preencoded<[SourceOptionViewModel]>, defaultSource: String, sourceError: String?,
            details: Preencoded<SourceDetailsViewModel>?,
            hasResult: Bool,
            result: ResultViewModel, rates: Preencoded<RatesSourceViewModel>, receipt: String, convertURL: String, swapURL: String,
            aboutURL: String,
            converterURL: String, maxIntegerDigits: Int, maxFractionDigits: Int, rememberCookie: String, rememberDatedCookie: String
        ) {
            self.title = title
            self.emptyTitle = emptyTitle
            self.amount = amount
            self.amountError = amountError
            self.fromError = fromError
            self.toError = toError
            self.date = date
            self.dateError = dateError
            self.minDate = minDate
            self.maxDate = maxDate
            self.fromOptions = fromOptions
            self.toOptions = toOptions
            self.sourceOptions = sourceOptions
            self.hasSources = sourceOptions.count > 1 || sourceError != nil
            self.defaultSource = defaultSource
            self.sourceError = sourceError
            self.details = details
            self.hasResult = hasResult
            self.result = result
            self.rates = rates
            self.receipt = receipt
            self.convertURL = convertURL
            self.swapURL = swapURL
            self.aboutURL = aboutURL
            self.converterURL = converterURL
            self.maxIntegerDigits = maxIntegerDigits
            self.maxFractionDigits = maxFractionDigits
            self.rememberCookie = rememberCookie
            self.rememberDatedCookie = rememberDatedCookie
        }
    }

    package struct ResultViewModel: Encodable, Sendable, Equatable {
        package static let empty = ResultViewModel(
            summary: "", amountText: "", resultText: "", rate: "", inverseRate: "",
            fromName: "", toName: "", names: "", alternatives: [], url: "", historyURL: "", historyLabel: "")

        /// `100 USD = 92.5 EUR`
        package let summary: String
        package let amountText: String
        package let resultText: String
        /// `1 USD = 0.9234 EUR`
        package let rate: String
        /// `1 EUR = 1.0829 USD`
        package let inverseRate: String
        package let fromName: String
        package let toName: String
        /// `US Dollar → Euro`, the arrow pointing the language's way.
        package let names: String
        /// The same amount in other major currencies, each linking to its own result.
        package let alternatives: [AlternativeViewModel]
        /// This result's canonical page, which the live script puts in the address bar.
        package let url: String
        /// The pair over time; around the asked day for a past date.
        package let historyURL: String
        package let historyLabel: String

        package init(
            summary: String, amountText: String, resultText: String, rate: String, inverseRate: String, fromName: String, toName: String,
            names: String, alternatives: [AlternativeViewModel], url: String, historyURL: String, historyLabel: String
        ) {
            self.summary = summary
            self.amountText = amountText
            self.resultText = resultText
            self.rate = rate
            self.inverseRate = inverseRate
            self.fromName = fromName
            self.toName = toName
            self.names = names
            self.alternatives = alternatives
            self.url = url
            self.historyURL = historyURL
            self.historyLabel = historyLabel
        }
    }

    package struct SourceOptionViewModel: Encodable, Sendable, Equatable {
        package let value: String
        package let label: String
        package let selected: Bool

        package init(value: String, label: String, selected: Bool) {
            self.value = value
            self.label = label
            self.selected = selected
        }
    }

    /// The parts of a page that follow from its rates, pair, source and language, not from the
    /// amount (``ConverterPresenter/parts(of:in:)``), which the view keeps per pair.
    /// What a result page says that follows from its amount, and nothing else does: the texts
    /// a pair's page frame (``PageFrame``) leaves holes for, in the order of ``all``.
    package struct AmountTexts: Sendable, Equatable {
        /// The amount as typed, for the form.
        package var typed: String
        /// The amount's number in the page's language.
        package var amount: String
        /// The amount's canonical text, for links.
        package var canonicalAmount: String
        package var result: String
        /// Each alternative's result, in the page's language.
        package var alternatives: [String]

        package init(typed: String, amount: String, canonicalAmount: String, result: String, alternatives: [String]) {
            (self.typed, self.amount, self.canonicalAmount, self.result) = (typed, amount, canonicalAmount, result)
            self.alternatives = alternatives
        }

        package var all: [String] { [typed, amount, canonicalAmount, result] + alternatives }

        /// Each text a frame's marker, as ``all`` orders them.
        package static func markers(alternatives: Int) -> AmountTexts {
            AmountTexts(
                typed: PageFrame.marker(0), amount: PageFrame.marker(1), canonicalAmount: PageFrame.marker(2), result: PageFrame.marker(3),
                alternatives: (0..<alternatives).map { PageFrame.marker(4 + $0) })
        }
    }

    package struct PairParts: Sendable, Equatable {
        /// Written for the page once (``Preencoded``), as the parts are made.
        package let rates: Preencoded<RatesSourceViewModel>
        package let sourceOptions: Preencoded<[SourceOptionViewModel]>
        package var lines: PairLines?
        package var details: Preencoded<SourceDetailsViewModel>?

        package init(
            rates: Preencoded<RatesSourceViewModel>, sourceOptions: Preencoded<[SourceOptionViewModel]>, lines: PairLines? = nil,
            details: Preencoded<SourceDetailsViewModel>? = nil
        ) {
            (self.rates, self.sourceOptions, self.lines, self.details) = (rates, sourceOptions, lines, details)
        }
    }

    /// A conversion's rates both ways and its currencies' names, in the page's language.
    package struct PairLines: Sendable, Equatable {
        package let rate: String
        package let inverseRate: String
        package let fromName: String
        package let toName: String
        /// `US Dollar → Euro`.
        package let names: String
    }

    /// The blend's make-up for the pair on the page: each provider's own rate and day.
    package struct SourceDetailsViewModel: Encodable, Sendable, Equatable {
        /// `Rates from 4 central banks`
        package let summary: String
        package let rows: [SourceDetailRowViewModel]

        package init(summary: String, rows: [SourceDetailRowViewModel]) {
            self.summary = summary
            self.rows = rows
        }
    }

    package struct SourceDetailRowViewModel: Encodable, Sendable, Equatable {
        package let provider: String
        /// `1 USD = 0.8587 EUR`
        package let rate: String
        package let day: String
        package let dayISO: String
        /// Why it did not count, if it did not (`screened out: 5.2 % from the others`, `pegged`).
        package let note: String?

        package init(provider: String, rate: String, day: String, dayISO: String, note: String?) {
            self.provider = provider
            self.rate = rate
            self.day = day
            self.dayISO = dayISO
            self.note = note
        }
    }

    package struct AlternativeViewModel: Encodable, Sendable, Equatable {
        /// `74.47 GBP`
        package let text: String
        package let name: String
        package let url: String

        package init(text: String, name: String, url: String) {
            self.text = text
            self.name = name
            self.url = url
        }
    }

    /// What `rates-unavailable.leaf` renders (503).
    package struct UnavailableViewModel: Encodable, Sendable, Equatable {
        package let title: String
        package let message: String
        package let retryURL: String
        package let aboutURL: String

        package init(title: String, message: String, retryURL: String, aboutURL: String) {
            self.title = title
            self.message = message
            self.retryURL = retryURL
            self.aboutURL = aboutURL
        }
    }
}
