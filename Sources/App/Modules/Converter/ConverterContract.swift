import Core
import Foundation
import ServiceInterfaces
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
        var from: String?
        var to: String?
        var amount: String?
        /// `YYYY-MM-DD`; absent or empty for the latest rates.
        var date: String? = nil
        /// A source's id (`nbp`, `blend`); absent or empty for the default source.
        var source: String? = nil
        /// `mid`, `buying` or `selling`; absent or empty for the mid.
        var side: String? = nil

        package init(
            from: String? = nil, to: String? = nil, amount: String? = nil, date: String? = nil, source: String? = nil,
            side: String? = nil
        ) {
            (self.from, self.to, self.amount, self.date, self.source, self.side) = (from, to, amount, date, source, side)
        }

        var isEmpty: Bool { from == nil && to == nil && amount == nil && date == nil && source == nil && side == nil }
    }

    /// The request read once, where it comes in, into typed values: a currency code, an amount,
    /// a day and a source, or a problem for a field that cannot be one, with what was typed for
    /// the form. Everything after the View works on these; the interactor adds what the rates
    /// say (a code without rates, a day in the future, a source without rates).
    package struct Query: Sendable, Equatable {
        /// What was typed, to fill the form in again.
        let typed: Input
        /// Upper-cased three-letter codes; `nil` when missing or malformed.
        let from: String?
        let to: String?
        /// `nil` when empty (nothing to convert yet) or malformed.
        let amount: Amount?
        /// The day asked for; `nil` for the latest rates (or a malformed date).
        let date: CalendarDate?
        /// The source chosen; `nil` for the default (or a malformed id).
        let source: RateSourceID?
        /// The side of the publisher's quotation asked for; the mid unless another is.
        let side: RateSide
        /// What cannot be read, by field.
        let problems: [Field: Message]

        package init(_ typed: Input) {
            var problems: [Field: Message] = [:]
            self.typed = typed
            from = Self.code(typed.from, field: .from, problems: &problems)
            to = Self.code(typed.to, field: .to, problems: &problems)
            do {
                amount = try Amount.parse(typed.amount ?? "")
            } catch {
                amount = nil
                problems[.amount] = error.message
            }
            if let text = typed.date, !text.isEmpty {
                date = CalendarDate(iso8601: text)
                if date == nil {
                    problems[.date] = Message(
                        "“{typed}” is not a date. Write it as YYYY-MM-DD, for example 2020-03-15.",
                        ["typed": .text(String(text.prefix(16)))])
                }
            } else {
                date = nil
            }
            if let text = typed.source, !text.isEmpty {
                source = RateSourceID(text)
                if source == nil { problems[.source] = Converter.noSuchSource(text) }
            } else {
                source = nil
            }
            if let text = typed.side, !text.isEmpty {
                let asked = RateSide(asked: text)
                side = asked ?? .mid
                if asked == nil {
                    problems[.side] = Message(
                        "“{typed}” is not a rate. Choose the mid, buying or selling rate.", ["typed": .text(String(text.prefix(16)))])
                }
            } else {
                side = .mid
            }
            self.problems = problems
        }

        /// The same request with its currencies exchanged (`POST /swap`).
        var swapped: Query {
            Query(Input(from: typed.to, to: typed.from, amount: typed.amount, date: typed.date, source: typed.source, side: typed.side))
        }

        /// A code as links carry it needs neither trimming nor upper-casing (both cost Foundation calls).
        private static func code(_ typed: String?, field: Field, problems: inout [Field: Message]) -> String? {
            let code =
                typed.flatMap { Currency.isWellFormedCode($0) ? $0 : nil }
                ?? (typed ?? "").trimmingCharacters(in: .whitespaces).uppercased()
            guard !code.isEmpty else {
                problems[field] =
                    field == .from ? Message("Choose a currency to convert from.") : Message("Choose a currency to convert to.")
                return nil
            }
            guard Currency.isWellFormedCode(code) else {
                problems[field] = Converter.noRate(for: typed ?? code)
                return nil
            }
            return code
        }
    }

    /// A currency without rates (or not a code at all), as typed.
    static func noRate(for typed: String) -> Message {
        Message("There is no rate for the currency “{typed}”. Choose one from the list.", ["typed": .text(String(typed.prefix(16)))])
    }

    /// A source that does not exist, as typed.
    static func noSuchSource(_ typed: String) -> Message {
        Message("There is no source “{typed}”. Choose one from the list.", ["typed": .text(String(typed.prefix(24)))])
    }

    enum Field: String, Sendable, CaseIterable {
        case amount, from, to, date, source, side
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

    package struct Output: Sendable, Equatable {
        /// What was asked, checked (and as typed, to fill the form in again).
        let query: Query
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
        /// The source converted with, and every source with rates now (the form's choice); the default's id.
        var source: RateSource = .blend
        var sources: [RateSource] = []
        /// Names `sources` (as the service names the list, once with it rather than per page).
        var sourcesKey = ""
        var defaultSource = RateSourceID.blend
        /// The side converted at (``snapshot`` holds that side's rates).
        var side = RateSide.mid
    }

    /// Where a form submission goes next.
    enum Submission: Sendable, Equatable {
        /// To the canonical result page (303 See Other).
        case redirect(LastConversion)
        /// Back to the form, status 422.
        case invalid(Output)
    }

    package enum Failure: Error, Equatable {
        /// No snapshot has been stored yet: nothing to convert with (503).
        case ratesUnavailable
        /// The day asked for is not stored yet: the bundled history is loading (503, to retry).
        case historyLoading(HistoryStillLoading)
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
    package struct ViewModel: Encodable, Sendable, Equatable {
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
        /// The currency menus, the pair selected.
        let fromOptions: SelectOptions
        let toOptions: SelectOptions
        /// The sources with rates, the one converted with selected: those of no region (the
        /// blend, a commercial feed), then the central banks by region; whether there is more
        /// than one to choose.
        let sourceOptions: [MenuOption]
        let sourceGroups: [MenuGroup]
        let hasSources: Bool
        /// The id of the source used when none is chosen (the live script leaves it out of addresses).
        let defaultSource: String
        let sourceError: String?
        /// The sides of the chosen source's quotation, the one converted at selected; empty
        /// (and no field) for a source of mids only.
        let sideOptions: [MenuOption]
        let hasSides: Bool
        let sideError: String?
        /// For a blend: each provider's rate of the pair and its day.
        let details: SourceDetailsViewModel?
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
        /// Each source's latest rates as the service worker keeps them, for converting offline.
        let offlineRatesURL: String
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

    /// What a result page says that follows from its amount, and nothing else does: the texts a
    /// page shows differently for every amount of the same pair (``ResultKey``).
    package struct AmountTexts: FrameTexts, Equatable {
        /// The amount as typed, for the form.
        var typed: String
        /// The amount's number in the page's language.
        var amount: String
        /// The amount's canonical text, for links.
        var canonicalAmount: String
        var result: String
        /// Each alternative's result, in the page's language.
        var alternatives: [String]

        package func mapTexts(_ transform: (String) -> String) -> AmountTexts {
            AmountTexts(
                typed: transform(typed), amount: transform(amount), canonicalAmount: transform(canonicalAmount),
                result: transform(result), alternatives: alternatives.map(transform))
        }
    }

    /// Everything a converted page shows besides its amount's texts (``AmountTexts``): pages of
    /// equal keys differ only in those, so one page is kept for them all and its validator
    /// names it.
    package struct ResultKey: CacheKey {
        /// The rates and the day they are of, as stored.
        let rates: String
        let today: CalendarDate
        let language: Language
        /// The source asked for, the one converted with, every one with rates (as the service
        /// names the list) and the default.
        let chosenSource: RateSourceID?
        let source: RateSourceID
        let sources: String
        let defaultSource: RateSourceID
        /// The day asked for as typed and as read.
        let typedDate: CalendarDate?
        let askedDate: CalendarDate?
        /// The conversion as its address names it, but its amount.
        let accepted: Accepted?
        let from: String
        let to: String
        let alternatives: [String]

        /// The canonical address's parts besides the amount.
        struct Accepted: Encodable, Sendable {
            let from: String
            let to: String
            let date: CalendarDate?
            let source: RateSourceID?
            let side: RateSide?
        }
    }

    /// Everything an API conversion answers besides its amount's texts (``AmountTexts``).
    package struct AnswerKey: CacheKey {
        let from: String
        let to: String
        let rates: String
        let today: CalendarDate
        let askedDate: CalendarDate?
        let chosenSource: RateSourceID?
        let side: RateSide?
        let alternatives: [String]
    }

    /// `/api/v1/currencies` and `/api/v1/rates/latest`: the endpoint, the base asked for, and the rates.
    struct RatesAnswerKey: CacheKey {
        let endpoint: String
        let base: String?
        let rates: String
    }

    /// A conversion's rates both ways and its currencies' names, in the page's language.
    struct PairLines: Sendable, Equatable {
        let rate: String
        let inverseRate: String
        let fromName: String
        let toName: String
        /// `US Dollar → Euro`.
        let names: String
    }

    /// The blend's make-up for the pair on the page: each provider's own rate, and its day where
    /// that is not the page's.
    struct SourceDetailsViewModel: Encodable, Sendable, Equatable {
        /// `Rates from 4 central banks`
        let summary: String
        /// `1 USD in EUR, each of Mar 5, 2026 unless another day is shown`
        let unit: String
        let rows: [SourceDetailRowViewModel]
    }

    struct SourceDetailRowViewModel: Encodable, Sendable, Equatable {
        let provider: String
        /// `0.8587`, per one unit of the page's currency.
        let rate: String
        /// Its day, where it is not the blend's (a bank a day behind, one that dates ahead).
        let day: String?
        let dayISO: String?
        /// Why it did not count, if it did not (`screened out: 5.2 % from the others`, `pegged`).
        let note: String?
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
