import Core
import Foundation
import ServiceInterfaces

/// Converting ledgers: the settings checked, a spooled file started as a run over its source's
/// days, the preview read to the end (and kept for a signed-in user), kept conversions listed,
/// fetched and deleted.
package struct LedgerInteractor: Sendable {
    package let rates: any LedgerRatesReading
    package let current: any CurrentRatesReading
    package let catalog: CurrencyCatalog
    package let store: any LedgerStore
    package let appVersion: String
    package let now: @Sendable () -> Date

    package init(
        rates: any LedgerRatesReading, current: any CurrentRatesReading, catalog: CurrencyCatalog, store: any LedgerStore,
        appVersion: String, now: @escaping @Sendable () -> Date
    ) {
        self.rates = rates
        self.current = current
        self.catalog = catalog
        self.store = store
        self.appVersion = appVersion
        self.now = now
    }

    /// The form: the sources with rates, the booking currencies, a signed-in user's kept conversions.
    package func form(_ input: Ledger.Input = Ledger.Input(), for user: User?) async throws(Ledger.Failure) -> Ledger.Output {
        let sources = await current.availableSources()
        guard !sources.isEmpty, let snapshot = await current.currentSnapshot() else { throw .ratesUnavailable }
        let entries: [LedgerEntry]
        if let user {
            do { entries = try await store.entries(owner: user.id, now: now()) } catch { throw .ratesUnavailable }
        } else {
            entries = []
        }
        let codes = Set(snapshot.currencyCodes)
        return Ledger.Output(
            input: input, sources: sources, defaultSource: RateSource.effectiveDefault(current.defaultSource, among: sources),
            currencies: codes.sorted().map(catalog.currency(for:)), entries: entries, signedIn: user != nil)
    }

    /// The settings `input` names, or every field's problem.
    package func settings(_ input: Ledger.Input, header: [String]? = nil) async throws(Ledger.Failure) -> LedgerRun.Settings {
        var errors: [Ledger.Field: Message] = [:]
        let booking = (input.to ?? "EUR").trimmingCharacters(in: .whitespaces).uppercased()
        if !Currency.isWellFormedCode(booking) {
            errors[.to] = Message("Choose the booking currency, a code such as EUR.")
        }
        let rule = LedgerRule(rawValue: (input.rule ?? LedgerRule.sameDay.rawValue).lowercased())
        if rule == nil {
            errors[.rule] = Message(
                "Choose a rule: {rules}.", ["rules": .text(LedgerRule.allCases.map(\.rawValue).joined(separator: ", "))])
        }
        let sources = await current.availableSources()
        guard !sources.isEmpty else { throw .ratesUnavailable }
        let defaultSource = RateSource.effectiveDefault(current.defaultSource, among: sources)
        let source = (input.source.flatMap { $0.isEmpty ? nil : $0 } ?? defaultSource).lowercased()
        if !sources.contains(where: { $0.id == source }) {
            errors[.source] = Message(
                "There is no source “{typed}”. Choose one from the list.", ["typed": .text(String(source.prefix(24)))])
        }
        var dateStyle: LedgerDateStyle?
        if let order = input.dateOrder?.lowercased(), !order.isEmpty, order != "auto" {
            dateStyle = LedgerDateStyle(rawValue: order)
            if dateStyle == nil || dateStyle == .iso || dateStyle == .dots {
                errors[.dateOrder] = Message("Choose how dates are written: dmy (day first) or mdy (month first).")
            }
        }
        var columns: LedgerColumns?
        let chosen = [input.dateColumn, input.amountColumn, input.currencyColumn].map { $0.flatMap { $0.isEmpty ? nil : $0 } }
        if chosen.contains(where: { $0 != nil }) {
            let indices = chosen.map { typed in typed.flatMap { Self.column($0, in: header) } }
            if let date = indices[0], let amount = indices[1], let currency = indices[2], Set([date, amount, currency]).count == 3 {
                columns = LedgerColumns(date: date, amount: amount, currency: currency)
            } else {
                errors[.columns] = Message("Choose three different columns: the date, the amount and the currency.")
            }
        }
        guard errors.isEmpty, let rule else { throw .invalid(errors) }
        return LedgerRun.Settings(booking: booking, rule: rule, source: source, columns: columns, dateStyle: dateStyle)
    }

    /// A column chosen by its number (from 1) or its header name.
    static func column(_ typed: String, in header: [String]?) -> Int? {
        let text = typed.trimmingCharacters(in: .whitespaces)
        if let number = Int(text), number >= 1 { return number - 1 }
        return header?.firstIndex { LedgerColumns.key($0) == LedgerColumns.key(text) }
    }

    /// What a run needs from its source: its days, base and providers, and the booking
    /// currency's minor units.
    package struct Job: Sendable {
        package let run: LedgerRun
        package let facts: LedgerSpool.Facts
        package let settings: LedgerRun.Settings
        package let sourceName: Message
        package let providers: [String]
        package let fractionDigits: Int
        package let fileName: String?
    }

    /// Starts converting the spooled file: its header and dialect read, its source's days at hand.
    package func start(
        _ settings: LedgerRun.Settings, spool: LedgerSpool, facts: LedgerSpool.Facts, fileName: String?
    ) async throws(Ledger.Failure) -> Job {
        let days: LedgerDays?
        do { days = try await rates.ledgerDays(of: settings.source) } catch { throw .ratesUnavailable }
        guard let days else { throw .ratesUnavailable }
        guard days.days.columns[settings.booking] != nil || settings.booking == days.base else {
            throw .invalid([
                .to: Message(
                    "{source} has no rates for {code}.", ["source": .message(Self.name(settings.source)), "code": .text(settings.booking)])
            ])
        }
        let fractionDigits = catalog.currency(for: settings.booking).resultFractionDigits
        let book = LedgerRateBook(
            days: days.days, base: days.base, booking: settings.booking, rule: settings.rule, today: CalendarDate(containing: now()))
        do {
            let run = try LedgerRun(url: spool.url, facts: facts, settings: settings, book: book, fractionDigits: fractionDigits)
            return Job(
                run: run, facts: facts, settings: settings, sourceName: Self.name(settings.source), providers: days.providers,
                fractionDigits: fractionDigits, fileName: fileName)
        } catch let failure as LedgerRun.Failure {
            switch failure {
            case .noColumns(let header): throw .noColumns(header: header)
            case .badColumns(let header): throw .noColumns(header: header)
            case .ambiguousDates(let example, let header): throw .ambiguousDates(example: example, header: header)
            }
        } catch {
            throw .refused(.notText)
        }
    }

    package static func name(_ source: String) -> Message { RateSource.withID(source).displayName }

    /// The receipt of a finished run.
    package func receipt(of job: Job) -> LedgerReceipt {
        job.run.receipt(
            facts: job.facts, file: job.fileName, sourceName: job.sourceName.english, providers: job.providers,
            appVersion: appVersion,
            now: now())
    }

    /// Reads the run to its end: its first rows, its failed rows, the receipt; `write` gets
    /// every row (the converted file a signed-in user keeps).
    package func preview(_ job: Job, write: ((LedgerRun.Row) -> Void)? = nil) -> Ledger.Preview {
        var rows: [LedgerRun.Row] = []
        var problems: [(row: Int, problem: LedgerLineProblem)] = []
        while let row = job.run.next() {
            if rows.count < Ledger.previewRows { rows.append(row) }
            if case .failure(let problem) = row.result, problems.count < Ledger.problemsShown { problems.append((row.number, problem)) }
            write?(row)
        }
        return Ledger.Preview(
            header: job.run.header, rows: rows, problems: problems, receipt: receipt(of: job), dialect: job.run.dialect,
            columns: job.run.columns, fractionDigits: job.fractionDigits)
    }

    /// Keeps a signed-in user's conversion: its receipt and the gzip'd converted file.
    package func keep(_ receipt: LedgerReceipt, result: Data, for user: User) async -> UUID? {
        try? await store.save(owner: user.id, receipt: receipt, result: result, at: now())
    }

    package func conversion(_ id: UUID, for user: User?) async throws(Ledger.Failure) -> (receipt: LedgerReceipt, result: Data) {
        guard let user else { throw .signInRequired }
        let found: (receipt: LedgerReceipt, result: Data)?
        do { found = try await store.conversion(id, owner: user.id, now: now()) } catch { throw .ratesUnavailable }
        guard let found else { throw .notFound }
        return found
    }

    package func delete(_ id: UUID, for user: User?) async throws(Ledger.Failure) {
        guard let user else { throw .signInRequired }
        let deleted: Bool
        do { deleted = try await store.delete(id, owner: user.id) } catch { throw .ratesUnavailable }
        guard deleted else { throw .notFound }
    }
}
