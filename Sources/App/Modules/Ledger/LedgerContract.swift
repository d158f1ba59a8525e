import Core
import Foundation
import ServiceInterfaces
import Web

/// Converting a whole ledger: `GET /ledger` (the form; a signed-in user's kept conversions),
/// `POST /ledger` (a CSV file or pasted lines, multipart, CSRF-checked: the preview page, the
/// converted CSV, or a zip of it and its receipt), `GET /ledger/{id}.csv` and
/// `GET /ledger/{id}/receipt.json` (a kept conversion), `POST /ledger/{id}/delete`; and
/// `POST /api/v1/ledger?to=&rule=&source=` with a `text/csv` body (the converted CSV streamed, or
/// JSON with `Accept: application/json`). A file past the limits is a 413, one that is not
/// UTF-8 text a 415, one without recognisable columns or with undecidable dates a 422 that
/// says what it looked for; nothing is stored for any of them.
enum Ledger {
    /// Rows shown converted on the preview page.
    static let previewRows = 50
    /// The receipt's file name, in the zip and as its own download.
    static let receiptFileName = "ledger-receipt.json"
    /// Failed rows listed on the preview page (the converted file names every one).
    static let problemsShown = 100

    /// What the form or the API's query asked (each as typed, trimmed, `nil` when empty).
    struct Input: Sendable, Equatable {
        var to: String? = nil
        var source: String? = nil
        var rule: String? = nil
        /// `dmy` or `mdy`: how slashed dates read when the file cannot tell.
        var dateOrder: String? = nil
        /// Column numbers (from 1) or header names, when the header is not recognised.
        var dateColumn: String? = nil
        var amountColumn: String? = nil
        var currencyColumn: String? = nil
        var fileName: String? = nil
        /// A country's and purpose's preset (``LedgerPreset``), which sets the booking currency,
        /// the source and the rule.
        var preset: String? = nil
        /// `mid` (the default), `buying` or `selling`: the side of the source's quotation.
        var side: String? = nil
        /// Whether the preset wins over the booking currency, source and rule sent beside it (the
        /// page's form sends them all); the API refuses a preset beside different ones.
        var presetOverrides = false

        /// The form's field names, which the API's query shares.
        static let fieldNames: Set<String> = [
            "to", "source", "rule", "date_order", "date_column", "amount_column", "currency_column", "preset", "side",
        ]
    }

    /// What was asked, read once where it comes in: the booking currency, the rule, the source
    /// (the default when `nil`), how slashed dates read, the columns chosen, or a problem for a
    /// field that cannot be one. The interactor adds what the rates and the file say.
    struct Query: Sendable, Equatable {
        /// What was typed, to fill the form in again.
        let typed: Input
        let booking: String
        let rule: LedgerRule?
        let source: RateSourceID?
        let dateStyle: LedgerDateStyle?
        /// The date, amount and currency columns as typed, when any was chosen.
        let columns: [String?]?
        /// The preset chosen; the booking currency, rule and source above are its.
        let preset: LedgerPreset?
        /// The side of the source's quotation; the mid unless another is asked.
        let side: RateSide
        let problems: [Field: Message]

        init(_ typed: Input) {
            var problems: [Field: Message] = [:]
            self.typed = typed
            preset = typed.preset.flatMap { $0.lowercased() == "none" ? nil : LedgerPreset.withID($0) }
            if let text = typed.preset, preset == nil, text.lowercased() != "none" {
                problems[.preset] = Message(
                    "There is no preset “{typed}”. Choose one of: {presets}.",
                    ["typed": .text(String(text.prefix(24))), "presets": .text(LedgerPreset.all.map(\.id).joined(separator: ", "))])
            }
            booking = preset?.booking ?? (typed.to ?? "EUR").trimmingCharacters(in: .whitespaces).uppercased()
            if !Currency.isWellFormedCode(booking) { problems[.to] = Message("Choose the booking currency, a code such as EUR.") }
            rule = preset?.rule ?? LedgerRule(rawValue: (typed.rule ?? LedgerRule.sameDay.rawValue).lowercased())
            if rule == nil {
                problems[.rule] = Message(
                    "Choose a rule: {rules}.", ["rules": .text(LedgerRule.allCases.map(\.rawValue).joined(separator: ", "))])
            }
            if let preset {
                source = preset.source
                if !typed.presetOverrides, let conflict = Self.conflict(of: preset, with: typed) { problems[.preset] = conflict }
            } else if let text = typed.source {
                source = RateSourceID(text)
                if source == nil { problems[.source] = Ledger.noSuchSource(text) }
            } else {
                source = nil
            }
            if let order = typed.dateOrder?.lowercased(), order != "auto" {
                dateStyle = LedgerDateStyle(rawValue: order)
                if dateStyle == nil || dateStyle == .iso || dateStyle == .dots {
                    problems[.dateOrder] = Message("Choose how dates are written: dmy (day first) or mdy (month first).")
                }
            } else {
                dateStyle = nil
            }
            let asked = typed.side.flatMap(RateSide.init(asked:))
            side = asked ?? .mid
            if let text = typed.side, asked == nil {
                problems[.side] = Message(
                    "“{typed}” is not a rate. Choose the mid, buying or selling rate.", ["typed": .text(String(text.prefix(16)))])
            }
            let chosen = [typed.dateColumn, typed.amountColumn, typed.currencyColumn]
            columns = chosen.contains { $0 != nil } ? chosen : nil
            self.problems = problems
        }

        /// What the API sent beside a preset that the preset sets otherwise.
        private static func conflict(of preset: LedgerPreset, with typed: Input) -> Message? {
            let differs =
                typed.to.map { $0.uppercased() != preset.booking } ?? false
                || typed.rule.map { $0.lowercased() != preset.rule.rawValue } ?? false
                || typed.source.map { RateSourceID($0) != preset.source } ?? false
            guard differs else { return nil }
            return Message(
                "The preset {preset} converts into {booking} at the {rule} rule of source {source}: leave out to, source and rule, or the preset.",
                [
                    "preset": .text(preset.id), "booking": .text(preset.booking), "rule": .text(preset.rule.rawValue),
                    "source": .text(preset.source.rawValue),
                ])
        }
    }

    /// A source that does not exist, as typed.
    static func noSuchSource(_ typed: String) -> Message {
        Message("There is no source “{typed}”. Choose one from the list.", ["typed": .text(String(typed.lowercased().prefix(24)))])
    }

    enum Field: String, Sendable, Hashable {
        case to, source, rule, preset, side
        case dateOrder = "date_order"
        case columns, file
    }

    /// Why nothing was converted.
    enum Failure: Error, Equatable {
        /// The file itself: too large, too many lines, not text, a quote never closed, empty.
        case refused(LedgerRefusal)
        /// Settings that cannot be used, by field.
        case invalid([Field: Message])
        /// No date, amount and currency columns by their names; the header, to choose from.
        case noColumns(header: [String])
        /// Slashed dates that read either way; one of them.
        case ambiguousDates(example: String, header: [String])
        /// No rates are stored for the source.
        case ratesUnavailable
        /// The source's days are not all stored yet (the bundled history loading): 503, to retry.
        case loading(HistoryStillLoading)
        case signInRequired
        case notFound
    }

    /// The form as it shows: the choices, a signed-in user's kept conversions, what a failed
    /// upload needs chosen, and a preview after a conversion.
    struct Output: Sendable {
        var query: Query
        var sources: [RateSource]
        var defaultSource: RateSourceID
        var currencies: [Currency]
        var entries: [LedgerEntry]
        var signedIn: Bool
        var errors: [Field: Message] = [:]
        /// The header of a file whose columns must be chosen.
        var header: [String]?
        /// A date that reads either way round, when the order must be chosen.
        var ambiguousDate: String?
        var preview: Preview?
        var flash: String?
    }

    /// A conversion's first rows, its failed rows and its receipt.
    struct Preview: Sendable {
        var header: [String]
        var rows: [LedgerRow]
        var problems: [(row: Int, problem: LedgerLineProblem)]
        var receipt: LedgerReceipt
        var dialect: LedgerDialect
        var columns: LedgerColumns
        /// The booking currency's decimals.
        var fractionDigits: Int
        /// The kept conversion's id (signed in).
        var saved: UUID?
    }

    /// `GET /api/v1/ledger/presets`' answer.
    struct PresetsDocument: Encodable, Sendable {
        struct Guidance: Encodable, Sendable {
            let title: String
            let url: String
        }

        struct Preset: Encodable, Sendable {
            let id: String
            let country: String
            let name: String
            let bookingCurrency: String
            let source: String
            let fallbackSource: String?
            let rule: String
            let summary: String
            let guidance: Guidance
            /// Whether the source's rates are stored here, so that the preset converts.
            let available: Bool

            enum CodingKeys: String, CodingKey {
                case id, country, name, source, rule, summary, guidance, available
                case bookingCurrency = "booking_currency"
                case fallbackSource = "fallback_source"
            }
        }

        let presets: [Preset]
        let note: String
    }

    /// What the page renders.
    struct ViewModel: Encodable, Sendable {
        struct RuleChoice: Encodable, Sendable {
            let value: String
            let label: String
            let description: String
            let checked: Bool
        }

        struct PreviewRow: Encodable, Sendable {
            let number: String
            let cells: [String]
            let rate: String
            let rateDate: String
            let converted: String
            let error: String?
        }

        struct Total: Encodable, Sendable {
            let currency: String
            let lines: String
            let amount: String
            let converted: String
        }

        struct Entry: Encodable, Sendable {
            let when: String
            let whenISO: String
            let summary: String
            let csvURL: String
            let receiptURL: String
            let deleteURL: String
        }

        struct ReceiptRow: Encodable, Sendable {
            let label: String
            let value: String
            /// Where the value links to (the preset's guidance).
            var url: String? = nil
        }

        struct RateUsed: Encodable, Sendable {
            let currency: String
            let period: String
            let rate: String
            let rateDay: String
            let source: String
            /// The side of the source's quotation, named; `nil` for the mid.
            let side: String?
            let lines: String
        }

        struct ReceiptPanel: Encodable, Sendable {
            let rows: [ReceiptRow]
            let rates: [RateUsed]
            let ratesNote: String?
            let json: String
            let fileName: String
        }

        /// A "Country and purpose" option; its data tell the page's script what the preset sets.
        struct PresetChoice: Encodable, Sendable {
            let value: String
            let label: String
            let selected: Bool
            let disabled: Bool
            let booking: String
            let source: String
            let rule: String
            let summary: String
            let guidanceTitle: String
            let guidanceURL: String
        }

        /// A preset as the list under the menu explains it.
        struct PresetRow: Encodable, Sendable {
            let id: String
            let name: String
            let booking: String
            let source: String
            let rule: String
            let summary: String
            let guidanceTitle: String
            let guidanceURL: String
        }

        let title: String
        let actionURL: String
        let apiURL: String
        let presets: [PresetChoice]
        let presetRows: [PresetRow]
        /// The chosen preset's summary and guidance, shown under the menu.
        let preset: PresetChoice?
        let presetError: String?
        let notTaxAdvice: String
        let currencies: [MenuOption]
        let sources: [MenuOption]
        /// The mid, buying and selling rates, the one asked for selected.
        let sides: [MenuOption]
        let sideError: String?
        let rules: [RuleChoice]
        let dateOrders: [MenuOption]
        let toError: String?
        let sourceError: String?
        let ruleError: String?
        let dateOrderError: String?
        let fileError: String?
        let columnsError: String?
        let columnChoices: [MenuOption]?
        let dateColumn: String
        let amountColumn: String
        let currencyColumn: String
        let fileHint: String
        let apiHint: String
        let previewHeading: String?
        let previewHeader: [String]
        let previewRows: [PreviewRow]
        let previewNote: String?
        let problems: [String]
        let problemsNote: String?
        let totals: [Total]
        let total: String?
        let receipt: ReceiptPanel?
        let savedCSVURL: String?
        let savedReceiptURL: String?
        let entries: [Entry]
        let signedIn: Bool
        let flash: String?
        let hasErrors: Bool
    }
}

extension Ledger.Input {
    /// The fields among `fields` (a form's or a query's), each trimmed, empty ones left out.
    init(_ fields: [String: String], fileName: String? = nil) {
        func value(_ name: String) -> String? {
            fields[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        self.init(
            to: value("to"), source: value("source"), rule: value("rule"), dateOrder: value("date_order"),
            dateColumn: value("date_column"), amountColumn: value("amount_column"), currencyColumn: value("currency_column"),
            fileName: fileName, preset: value("preset"), side: value("side"))
    }
}
