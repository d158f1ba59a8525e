import Core
import Foundation
import ServiceInterfaces

/// Converting a whole ledger: `GET /ledger` (the form; a signed-in user's kept conversions),
/// `POST /ledger` (a CSV file or pasted lines, multipart, CSRF-checked: the preview page, the
/// converted CSV, or a zip of it and its receipt), `GET /ledger/{id}.csv` and
/// `GET /ledger/{id}/receipt.json` (a kept conversion), `POST /ledger/{id}/delete`; and
/// `POST /api/v1/ledger?to=&rule=&source=` with a `text/csv` body (the converted CSV streamed, or
/// JSON with `Accept: application/json`). A file past the limits is a 413, one that is not
/// UTF-8 text a 415, one without recognisable columns or with undecidable dates a 422 that
/// says what it looked for; nothing is stored for any of them.
package enum Ledger {
    /// Rows shown converted on the preview page.
    package static let previewRows = 50
    /// The receipt's file name, in the zip and as its own download.
    package static let receiptFileName = "ledger-receipt.json"
    /// Failed rows listed on the preview page (the converted file names every one).
    package static let problemsShown = 100

    /// What the form or the API's query asked (each as typed).
    package struct Input: Sendable, Equatable {
        package var to: String?
        package var source: String?
        package var rule: String?
        /// `dmy` or `mdy`: how slashed dates read when the file cannot tell.
        package var dateOrder: String?
        /// Column numbers (from 1) or header names, when the header is not recognised.
        package var dateColumn: String?
        package var amountColumn: String?
        package var currencyColumn: String?
        package var fileName: String?

        package init(
            to: String? = nil, source: String? = nil, rule: String? = nil, dateOrder: String? = nil, dateColumn: String? = nil,
            amountColumn: String? = nil, currencyColumn: String? = nil, fileName: String? = nil
        ) {
            self.to = to
            self.source = source
            self.rule = rule
            self.dateOrder = dateOrder
            self.dateColumn = dateColumn
            self.amountColumn = amountColumn
            self.currencyColumn = currencyColumn
            self.fileName = fileName
        }

        /// The form's field names, which the API's query shares.
        package static let fieldNames: Set<String> = [
            "to", "source", "rule", "date_order", "date_column", "amount_column", "currency_column",
        ]
    }

    package enum Field: String, Sendable, Hashable {
        case to, source, rule
        case dateOrder = "date_order"
        case columns, file
    }

    /// Why nothing was converted.
    package enum Failure: Error, Equatable {
        /// The file itself: too large, too many lines, not text, a quote never closed, empty.
        case refused(LedgerSpool.Refusal)
        /// Settings that cannot be used, by field.
        case invalid([Field: Message])
        /// No date, amount and currency columns by their names; the header, to choose from.
        case noColumns(header: [String])
        /// Slashed dates that read either way; one of them.
        case ambiguousDates(example: String, header: [String])
        /// No rates are stored for the source.
        case ratesUnavailable
        case signInRequired
        case notFound
    }

    /// The form as it shows: the choices, a signed-in user's kept conversions, what a failed
    /// upload needs chosen, and a preview after a conversion.
    package struct Output: Sendable {
        package var input: Input
        package var sources: [RateSource]
        package var defaultSource: String
        package var currencies: [Currency]
        package var entries: [LedgerEntry]
        package var signedIn: Bool
        package var errors: [Field: Message] = [:]
        /// The header of a file whose columns must be chosen.
        package var header: [String]?
        /// A date that reads either way round, when the order must be chosen.
        package var ambiguousDate: String?
        package var preview: Preview?
        package var flash: String?
    }

    /// A conversion's first rows, its failed rows and its receipt.
    package struct Preview: Sendable {
        package var header: [String]
        package var rows: [LedgerRun.Row]
        package var problems: [(row: Int, problem: LedgerLineProblem)]
        package var receipt: LedgerReceipt
        package var dialect: LedgerRun.Dialect
        package var columns: LedgerColumns
        /// The booking currency's decimals.
        package var fractionDigits: Int
        /// The kept conversion's id (signed in).
        package var saved: UUID?
    }

    /// What the page renders.
    package struct ViewModel: Encodable, Sendable {
        package struct Choice: Encodable, Sendable {
            package let value: String
            package let label: String
            package let selected: Bool
        }

        package struct RuleChoice: Encodable, Sendable {
            package let value: String
            package let label: String
            package let description: String
            package let checked: Bool
        }

        package struct PreviewRow: Encodable, Sendable {
            package let number: String
            package let cells: [String]
            package let rate: String
            package let rateDate: String
            package let converted: String
            package let error: String?
        }

        package struct Total: Encodable, Sendable {
            package let currency: String
            package let lines: String
            package let amount: String
            package let converted: String
        }

        package struct Entry: Encodable, Sendable {
            package let when: String
            package let whenISO: String
            package let summary: String
            package let csvURL: String
            package let receiptURL: String
            package let deleteURL: String
        }

        package struct ReceiptPanel: Encodable, Sendable {
            package let rows: [Choice]
            package let json: String
            package let fileName: String
        }

        package let title: String
        package let actionURL: String
        package let apiURL: String
        package let currencies: [Choice]
        package let sources: [Choice]
        package let rules: [RuleChoice]
        package let dateOrders: [Choice]
        package let toError: String?
        package let sourceError: String?
        package let ruleError: String?
        package let dateOrderError: String?
        package let fileError: String?
        package let columnsError: String?
        package let columnChoices: [Choice]?
        package let dateColumn: String
        package let amountColumn: String
        package let currencyColumn: String
        package let fileHint: String
        package let apiHint: String
        package let previewHeading: String?
        package let previewHeader: [String]
        package let previewRows: [PreviewRow]
        package let previewNote: String?
        package let problems: [String]
        package let problemsNote: String?
        package let totals: [Total]
        package let total: String?
        package let receipt: ReceiptPanel?
        package let savedCSVURL: String?
        package let savedReceiptURL: String?
        package let entries: [Entry]
        package let signedIn: Bool
        package let flash: String?
        package let hasErrors: Bool
    }
}
