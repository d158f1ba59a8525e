import Core
import Foundation
import ServiceInterfaces

/// Converting ledgers: a checked request and a spooled file started as a job over its source's
/// days, the preview read to the end (and kept for a signed-in user), kept conversions listed,
/// fetched and deleted.
struct LedgerInteractor: Sendable {
    let rates: any LedgerRatesReading
    let current: any CurrentRatesReading
    let catalog: CurrencyCatalog
    /// The sources' names and cadences.
    let providers: ProviderCatalog
    let store: any LedgerStore
    let appVersion: String
    let now: @Sendable () -> Date
    /// A ledger's lines may be of any day: none is converted until every day is stored.
    let load: any HistoryLoadReading

    /// The form: the sources with rates, the booking currencies, a signed-in user's kept conversions.
    func form(_ query: Ledger.Query = Ledger.Query(Ledger.Input()), for user: User?) async throws(Ledger.Failure) -> Ledger.Output {
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
            query: query, sources: sources, defaultSource: RateSource.effectiveDefault(current.defaultSource, among: sources),
            currencies: codes.sorted().map(catalog.currency(for:)), entries: entries, signedIn: user != nil)
    }

    /// Every preset, each with whether its source has rates here now.
    func presets() async -> [(preset: LedgerPreset, available: Bool)] {
        let sources = Set(await current.availableSources().map(\.id))
        return LedgerPreset.all.map { ($0, sources.contains($0.source)) }
    }

    /// Starts converting the spooled file as `query` asks: the file's scan finished, its header
    /// and dialect read, its source's days at hand; or every problem with the request.
    func start(_ query: Ledger.Query, spool: LedgerSpool, fileName: String?) async throws(Ledger.Failure) -> LedgerJob {
        let facts: LedgerSpool.Facts
        do { facts = try spool.finish() } catch let refusal as LedgerSpool.Refusal { throw .refused(refusal) } catch {
            throw .refused(.notText)
        }
        let settings = try await settings(query, header: try? LedgerRun.header(of: spool.url, delimiter: facts.delimiter))
        do throws(HistoryStillLoading) { try load.check(from: nil, of: settings.source) } catch { throw .loading(error) }
        let days: LedgerDays?
        do { days = try await rates.ledgerDays(of: settings.source) } catch { throw .ratesUnavailable }
        guard let days else { throw .ratesUnavailable }
        guard days.days.columns[settings.booking] != nil || settings.booking == days.base else {
            throw .invalid([
                .to: Message(
                    "{source} has no rates for {code}.", ["source": .message(name(settings.source)), "code": .text(settings.booking)])
            ])
        }
        let fallback = await fallbackDays(settings, base: days.base)
        let fractionDigits = catalog.currency(for: settings.booking).resultFractionDigits
        let book = LedgerRateBook(
            days: days.days, base: days.base, booking: settings.booking, rule: settings.rule, today: CalendarDate(containing: now()),
            source: settings.source, cadence: providers.source(settings.source).cadence ?? .daily,
            fallback: fallback.map { ($0.source, $0.days.days, providers.source($0.source).cadence ?? .daily) })
        do {
            let run = try LedgerRun(url: spool.url, facts: facts, settings: settings, book: book, fractionDigits: fractionDigits)
            return LedgerJob(
                run: run, spool: spool, facts: facts, settings: settings, sourceName: name(settings.source),
                providers: days.providers + (fallback?.days.providers ?? []), fractionDigits: fractionDigits, fileName: fileName,
                appVersion: appVersion, now: now)
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

    /// A preset's second source's days (the NBP's table B), when it has any against the same base.
    private func fallbackDays(_ settings: LedgerRun.Settings, base: String) async -> (source: RateSourceID, days: LedgerDays)? {
        guard let source = settings.preset?.fallback, let days = try? await rates.ledgerDays(of: source), days.base == base else {
            return nil
        }
        return (source, days)
    }

    /// The settings `query` names (its source available now, its columns in `header`), or every
    /// field's problem.
    func settings(_ query: Ledger.Query, header: [String]? = nil) async throws(Ledger.Failure) -> LedgerRun.Settings {
        var errors = query.problems
        let sources = await current.availableSources()
        guard !sources.isEmpty else { throw .ratesUnavailable }
        let source = query.source ?? RateSource.effectiveDefault(current.defaultSource, among: sources)
        if let preset = query.preset, errors[.preset] == nil, !sources.contains(where: { $0.id == source }) {
            errors[.preset] = Message(
                "The preset {preset} needs the rates of {source}, which are not stored here yet.",
                ["preset": .text(preset.id), "source": .message(name(source))])
        } else if errors[.source] == nil, errors[.preset] == nil, !sources.contains(where: { $0.id == source }) {
            errors[.source] = Ledger.noSuchSource(query.typed.source ?? source.rawValue)
        }
        var columns: LedgerColumns?
        if let chosen = query.columns {
            let indices = chosen.map { typed in typed.flatMap { Self.column($0, in: header) } }
            if let date = indices[0], let amount = indices[1], let currency = indices[2], Set([date, amount, currency]).count == 3 {
                columns = LedgerColumns(date: date, amount: amount, currency: currency)
            } else {
                errors[.columns] = Message("Choose three different columns: the date, the amount and the currency.")
            }
        }
        guard errors.isEmpty, let rule = query.rule else { throw .invalid(errors) }
        return LedgerRun.Settings(
            booking: query.booking, rule: rule, source: source, columns: columns, dateStyle: query.dateStyle, preset: query.preset)
    }

    /// A column chosen by its number (from 1) or its header name.
    static func column(_ typed: String, in header: [String]?) -> Int? {
        let text = typed.trimmingCharacters(in: .whitespaces)
        if let number = Int(text), number >= 1 { return number - 1 }
        return header?.firstIndex { LedgerColumns.key($0) == LedgerColumns.key(text) }
    }

    func name(_ source: RateSourceID) -> Message { providers.source(source).displayName }

    /// The form again with the job read to its end: its first rows, its failed rows, the
    /// receipt. For a signed-in `user` the converted file (as `writer` writes it) is kept,
    /// gzip'd, and the preview names it.
    func preview(
        _ job: LedgerJob, of query: Ledger.Query, for user: User?, writer: LedgerWriter
    ) async throws(Ledger.Failure) -> Ledger.Output {
        let read: (preview: Ledger.Preview, kept: Data?)
        do {
            read = try await offThePool { () throws -> (Ledger.Preview, Data?) in
                var kept = user == nil ? nil : try LedgerFiles.Gzipped(job, writer: writer)
                var rows: [LedgerRun.Row] = []
                var problems: [(row: Int, problem: LedgerLineProblem)] = []
                while let row = job.run.next() {
                    if rows.count < Ledger.previewRows { rows.append(row) }
                    if case .failure(let problem) = row.result, problems.count < Ledger.problemsShown {
                        problems.append((row.number, problem))
                    }
                    kept?.add(row)
                }
                return (
                    Ledger.Preview(
                        header: job.run.header, rows: rows, problems: problems, receipt: job.receipt(), dialect: job.run.dialect,
                        columns: job.run.columns, fractionDigits: job.fractionDigits),
                    kept?.finish()
                )
            }
        } catch { throw .refused(.notText) }
        var preview = read.preview
        if let user, let gzipped = read.kept {
            preview.saved = try? await store.save(owner: user.id, receipt: preview.receipt, result: gzipped, at: now())
        }
        // The form after keeping it: a signed-in user's list names the new conversion.
        var output = try await form(query, for: user)
        output.preview = preview
        return output
    }

    func conversion(_ id: UUID, for user: User?) async throws(Ledger.Failure) -> (receipt: LedgerReceipt, result: Data) {
        guard let user else { throw .signInRequired }
        let found: (receipt: LedgerReceipt, result: Data)?
        do { found = try await store.conversion(id, owner: user.id, now: now()) } catch { throw .ratesUnavailable }
        guard let found else { throw .notFound }
        return found
    }

    func delete(_ id: UUID, for user: User?) async throws(Ledger.Failure) {
        guard let user else { throw .signInRequired }
        let deleted: Bool
        do { deleted = try await store.delete(id, owner: user.id) } catch { throw .ratesUnavailable }
        guard deleted else { throw .notFound }
    }
}
