import Core
import Foundation
import ServiceInterfaces
import Web

/// The ledger page's words and numbers, in the visitor's language: the form's choices, what a
/// refused file needs, the preview's first rows, totals and failed rows, the receipt, and a
/// signed-in user's kept conversions. Also the words of the converted file's error cells.
struct LedgerPresenter: Sendable {
    /// The sources' names.
    let providers: ProviderCatalog

    func present(_ output: Ledger.Output, in l: Localization) -> Ledger.ViewModel {
        let query = output.query
        let input = query.typed
        let booking = query.booking
        let source = query.source ?? output.defaultSource
        let rule = query.preset?.rule.rawValue ?? (input.rule ?? LedgerRule.sameDay.rawValue).lowercased()
        let order = (input.dateOrder ?? "auto").lowercased()
        let preview = output.preview
        let header = output.header
        func columnValue(_ typed: String?, _ found: Int?) -> String { typed ?? found.map { String($0 + 1) } ?? "" }
        let presets = presetChoices(output, in: l)
        return Ledger.ViewModel(
            title: "\(l.text("Convert a ledger")) · \(l.text("Currency Converter"))",
            actionURL: SiteURL.Route.ledger.pattern,
            apiURL: SiteURL.Route.apiLedger.pattern,
            presets: presets,
            presetRows: presetRows(in: l),
            preset: presets.first { $0.selected && $0.value != "none" },
            presetError: output.errors[.preset].map(l.text),
            notTaxAdvice: l.text(LedgerPreset.notTaxAdvice),
            currencies: output.currencies.map {
                .init(value: $0.code, label: "\($0.code) — \(l.currencyName($0))", selected: $0.code == booking)
            },
            sources: output.sources.map {
                .init(value: $0.id.rawValue, label: RatesSourceViewModel.name(of: $0, in: l), selected: $0.id == source)
            },
            sides: RateSide.allCases.map {
                .init(value: $0.rawValue, label: l.text($0.name), selected: $0 == query.side)
            },
            sideError: output.errors[.side].map(l.text),
            rules: LedgerRule.allCases.map {
                .init(
                    value: $0.rawValue, label: l.text(Self.label(of: $0)), description: l.text(Self.description(of: $0)),
                    checked: $0.rawValue == rule)
            },
            dateOrders: [
                .init(value: "auto", label: l.text("Read from the file"), selected: order == "auto"),
                .init(value: "dmy", label: l.text("Day first (31/01/2026)"), selected: order == "dmy"),
                .init(value: "mdy", label: l.text("Month first (01/31/2026)"), selected: order == "mdy"),
            ],
            toError: output.errors[.to].map(l.text),
            sourceError: output.errors[.source].map(l.text),
            ruleError: output.errors[.rule].map(l.text),
            dateOrderError: output.errors[.dateOrder].map(l.text),
            fileError: output.errors[.file].map(l.text),
            columnsError: output.errors[.columns].map(l.text),
            columnChoices: header.map { names in
                names.enumerated().map { .init(value: String($0.offset + 1), label: "\($0.offset + 1): \($0.element)", selected: false) }
            },
            dateColumn: columnValue(input.dateColumn, preview?.columns.date),
            amountColumn: columnValue(input.amountColumn, preview?.columns.amount),
            currencyColumn: columnValue(input.currencyColumn, preview?.columns.currency),
            fileHint: l.text(
                "At most {size} MB or {lines} lines, UTF-8. Columns are found by their header: date, amount and currency, in any of the five languages.",
                ["size": l.number(String(LedgerLimits.maxBytes / 1024 / 1024)), "lines": l.number(String(LedgerLimits.maxLines))]),
            apiHint: l.text(
                "The API converts the same way: POST a text/csv body to {url}?to=EUR&rule=same-day.",
                ["url": SiteURL.Route.apiLedger.pattern]),
            previewHeading: preview.map { preview in
                l.plural(
                    "{converted} of {count} line converted", "{converted} of {count} lines converted", count: preview.receipt.lines,
                    ["converted": l.number(String(preview.receipt.convertedLines))])
            },
            previewHeader: preview.map { $0.header + [l.text("Rate"), l.text("Rate day"), l.text("Converted")] } ?? [],
            previewRows: preview?.rows.map { row in present(row, preview: preview!, in: l) } ?? [],
            previewNote: preview.flatMap { preview in
                preview.receipt.lines > preview.rows.count
                    ? l.text(
                        "The first {shown} lines are shown; the converted file has all {count}.",
                        ["shown": l.number(String(preview.rows.count)), "count": l.number(String(preview.receipt.lines))]) : nil
            },
            problems: preview?.problems.map { describe(row: $0.row, $0.problem, in: l) } ?? [],
            problemsNote: preview.flatMap { preview in
                preview.receipt.failedLines > preview.problems.count
                    ? l.text(
                        "The first {shown} of {count} are listed; the converted file names every one.",
                        ["shown": l.number(String(preview.problems.count)), "count": l.number(String(preview.receipt.failedLines))]) : nil
            },
            totals: preview?.receipt.totals.map { total in
                .init(
                    currency: total.currency, lines: l.number(String(total.lines)), amount: l.number(total.amount),
                    converted: "\(l.number(total.converted)) \(preview!.receipt.bookingCurrency)")
            } ?? [],
            total: preview.map { "\(l.number($0.receipt.total)) \($0.receipt.bookingCurrency)" },
            receipt: preview.map { receipt($0.receipt, in: l) },
            savedCSVURL: preview?.saved.map { SiteURL.Route.ledgerResult.path($0.uuidString.lowercased()) },
            savedReceiptURL: preview?.saved.map { SiteURL.Route.ledgerReceipt.path($0.uuidString.lowercased()) },
            entries: output.entries.map { entry($0, in: l) },
            signedIn: output.signedIn,
            flash: output.flash,
            hasErrors: !output.errors.isEmpty)
    }

    private func present(_ row: LedgerRow, preview: Ledger.Preview, in l: Localization) -> Ledger.ViewModel.PreviewRow {
        let width = preview.header.count
        let cells = row.cells.count < width ? row.cells + Array(repeating: "", count: width - row.cells.count) : row.cells
        switch row.result {
        case .success(let line):
            return .init(
                number: l.number(String(row.number)), cells: cells, rate: l.number(line.rate.text),
                rateDate: line.rate.day.map { l.date($0) } ?? "",
                converted: l.number(line.converted.plainText(fractionDigits: preview.fractionDigits)),
                error: nil)
        case .failure(let problem):
            return .init(
                number: l.number(String(row.number)), cells: cells, rate: "", rateDate: "", converted: "", error: l.text(problem.message))
        }
    }

    /// A failed row as the page and the converted file's error cell name it.
    func describe(row: Int, _ problem: LedgerLineProblem, in l: Localization) -> String {
        l.text(Message("row {row}: {reason}", ["row": .number(String(row)), "reason": .message(problem.message)]))
    }

    private func receipt(_ receipt: LedgerReceipt, in l: Localization) -> Ledger.ViewModel.ReceiptPanel {
        let days = [receipt.firstRateDay, receipt.lastRateDay].compactMap { $0 }.map { l.date($0) }
        let rows: [(Message, String)] =
            [
                (Message("File"), receipt.file ?? l.text("pasted lines")),
                (Message("SHA-256"), receipt.sha256),
                (Message("Lines"), l.number(String(receipt.lines))),
                (Message("Converted"), l.number(String(receipt.convertedLines))),
                (Message("Failed"), l.number(String(receipt.failedLines))),
                (Message("Booking currency"), receipt.bookingCurrency),
                (Message("Rule"), "\(l.text(Self.label(of: receipt.rule))) (\(receipt.rule.rawValue))"),
                (Message("Source"), "\(l.text(providers.source(receipt.source).displayName)) (\(receipt.source))"),
            ] + (receipt.side.map { [(Message("Rate"), "\(l.text($0.name)) (\($0.rawValue))")] } ?? []) + [
                (Message("Providers"), receipt.providers.joined(separator: ", ")),
                (Message("Rate days"), days.isEmpty ? "—" : days.count == 2 && days[0] != days[1] ? "\(days[0]) – \(days[1])" : days[0]),
                (Message("Total"), "\(l.number(receipt.total)) \(receipt.bookingCurrency)"),
                (Message("Rounding"), l.text("Each line half away from zero, to the booking currency’s minor units.")),
                (Message("App version"), receipt.appVersion),
                (Message("Converted at"), ISO8601DateFormatter().string(from: receipt.createdAt)),
            ]
        let json = (try? receipt.json()).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return .init(
            rows: presetReceiptRows(receipt, in: l) + rows.map { .init(label: l.text($0.0), value: $0.1) },
            rates: ratesUsed(receipt, in: l), ratesNote: ratesUsedNote(receipt, in: l), json: json, fileName: Ledger.receiptFileName)
    }

    private func entry(_ entry: LedgerEntry, in l: Localization) -> Ledger.ViewModel.Entry {
        let id = entry.id.uuidString.lowercased()
        let receipt = entry.receipt
        return .init(
            when: l.date(CalendarDate(containing: entry.createdAt)),
            whenISO: ISO8601DateFormatter().string(from: entry.createdAt),
            summary: l.text(
                Message(
                    "{file}: {count} lines into {booking}, {rule}, {source}",
                    [
                        "file": receipt.file.map { .text($0) } ?? .message(Message("pasted lines")),
                        "count": .number(String(receipt.lines)),
                        "booking": .text(receipt.bookingCurrency), "rule": .message(Self.label(of: receipt.rule)),
                        "source": .message(providers.source(receipt.source).displayName),
                    ])),
            csvURL: SiteURL.Route.ledgerResult.path(id), receiptURL: SiteURL.Route.ledgerReceipt.path(id),
            deleteURL: SiteURL.Route.ledgerDelete.path(id))
    }

    static func label(of rule: LedgerRule) -> Message {
        switch rule {
        case .sameDay: Message("Same day")
        case .previousBusinessDay: Message("Previous business day")
        case .monthAverage: Message("Month average")
        case .yearAverage: Message("Year average")
        }
    }

    static func description(of rule: LedgerRule) -> Message {
        switch rule {
        case .sameDay: Message("The rate of the line’s date; on a day without rates, of the last earlier day with rates.")
        case .previousBusinessDay:
            Message("The rate of the last day with rates strictly before the line’s date, as Polish and Czech VAT rules ask.")
        case .monthAverage:
            Message("The mean of the source’s daily rates in the line’s calendar month, rounded to 6 significant digits.")
        case .yearAverage:
            Message(
                "The mean of the source’s daily rates in the line’s calendar year (up to its last day with rates), rounded to 6 significant digits, as the CRA and the IRS accept."
            )
        }
    }

    /// Why a file was refused, at the file field.
    static func message(_ refusal: LedgerRefusal) -> Message {
        switch refusal {
        case .tooLarge:
            Message(
                "The file is larger than {size} MB. Split it and convert the parts.",
                ["size": .number(String(LedgerLimits.maxBytes / 1024 / 1024))])
        case .tooManyLines:
            Message(
                "The file has more than {count} lines. Split it and convert the parts.", ["count": .number(String(LedgerLimits.maxLines))])
        case .notText: Message("This is not a CSV file: it is not UTF-8 text.")
        case .unclosedQuote: Message("A quoted cell is never closed. Check the file’s quotes.")
        case .empty: Message("Choose a file or paste lines first.")
        }
    }

    /// `invoices.csv` → `invoices-converted.csv`: the converted file's name, safe in a header.
    static func convertedName(_ file: String?) -> String {
        guard let file, !file.isEmpty else { return "ledger-converted.csv" }
        let base = (file as NSString).deletingPathExtension
        let safe = String(
            base.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) ? Character($0) : "_" }
                .prefix(80))
        return (safe.isEmpty ? "ledger" : safe) + "-converted.csv"
    }

    /// A converted line as the API's JSON writes it: the input's cells by their header names,
    /// the rate and its day, the converted amount, or what went wrong.
    struct Line: Encodable {
        let line: Int
        let cells: [String: String]
        let rate: String?
        let rateDate: String?
        let source: String
        let converted: String?
        let error: String?

        enum CodingKeys: String, CodingKey {
            case line, cells, rate, source, converted, error
            case rateDate = "rate_date"
        }
    }

    /// `row` of `job` as a ``Line`` (its error in canonical English, as the API writes every word).
    func line(_ row: LedgerRow, of job: any LedgerConversion) -> Line {
        let header = job.header
        var cells: [String: String] = [:]
        for (index, cell) in row.cells.enumerated() { cells[index < header.count ? header[index] : "column \(index + 1)"] = cell }
        switch row.result {
        case .success(let line):
            return Line(
                line: row.number, cells: cells, rate: line.rate.text, rateDate: line.rate.day?.description,
                source: line.rate.source?.rawValue ?? job.settings.source.rawValue,
                converted: line.converted.plainText(fractionDigits: job.fractionDigits), error: nil)
        case .failure(let problem):
            return Line(
                line: row.number, cells: cells, rate: nil, rateDate: nil, source: job.settings.source.rawValue, converted: nil,
                error: describe(row: row.number, problem, in: Localizations.of(.en)))
        }
    }

    // MARK: What the page and the API say when nothing is converted

    /// No rates stored yet (or the database out of reach).
    static let unavailable = Message("Exchange rates are not available yet. Please try again in a moment.")
    static let expiredForm = CSRFMiddleware.expired
    static let multipartOnly = Message("The ledger form is sent as multipart/form-data; nothing else is accepted here.")
    static let deleted = Message("The conversion was deleted.")
    static let notFound = Message("Not found.")

    /// What the API says when nothing was converted.
    static func problem(_ failure: Ledger.Failure) -> Message {
        switch failure {
        case .refused(let refusal): message(refusal)
        case .invalid(let errors): errors.sorted { $0.key.rawValue < $1.key.rawValue }.first!.value
        case .noColumns(let header):
            Message(
                "{looked} The header has: {header}. Name them with date_column, amount_column and currency_column.",
                ["looked": .message(lookedFor), "header": .text(header.joined(separator: ", "))])
        case .ambiguousDates(let example, _):
            Message("{problem} Add date_order=dmy or date_order=mdy.", ["problem": .message(ambiguous(example))])
        case .ratesUnavailable: unavailable
        case .loading(let loading): loading.message
        case .signInRequired, .notFound: notFound
        }
    }

    /// The form again after `failure`: what went wrong, at its field.
    static func output(_ output: Ledger.Output, after failure: Ledger.Failure) -> Ledger.Output {
        var output = output
        switch failure {
        case .refused(let refusal): output.errors[.file] = message(refusal)
        case .invalid(let errors): output.errors = errors
        case .noColumns(let header):
            output.errors[.columns] = lookedFor
            output.header = header
        case .ambiguousDates(let example, let header):
            output.errors[.dateOrder] = ambiguous(example)
            output.header = header
        case .ratesUnavailable, .loading, .signInRequired, .notFound: break
        }
        return output
    }

    static let lookedFor = Message(
        "No date, amount and currency columns were found. The header is read for names such as date, amount and currency (Datum, Betrag, Währung; дата, сумма, валюта; 日付, 金額, 通貨; التاريخ, المبلغ, العملة). Choose the columns."
    )

    static func ambiguous(_ example: String) -> Message {
        Message("Dates such as {example} read either day first or month first. Choose how they are written.", ["example": .text(example)])
    }
}
