import Core
import Foundation
import ServiceInterfaces

/// Converting ledgers: a checked request and an upload started as a conversion over its source's
/// days, the preview read to the end (and kept for a signed-in user), the converted file in the
/// form asked for, kept conversions listed, fetched and deleted.
struct LedgerInteractor: Sendable {
    let conversions: any LedgerConversions
    let rates: any LedgerRatesReading
    let current: any CurrentRatesReading
    let catalog: CurrencyCatalog
    /// The sources' names and cadences.
    let providers: ProviderCatalog
    let store: any LedgerStore
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

    /// A new place for an upload's bytes (the View writes them as they arrive).
    func newUpload() throws(Ledger.Failure) -> any LedgerUpload {
        do { return try conversions.newUpload() } catch { throw .ratesUnavailable }
    }

    /// `text` as an upload, within an upload's limits (the MCP tool's CSV).
    func upload(_ text: String) throws(Ledger.Failure) -> any LedgerUpload {
        let upload = try newUpload()
        do {
            try Array(text.utf8).withUnsafeBytes { try upload.append($0) }
        } catch let refusal as LedgerRefusal {
            throw .refused(refusal)
        } catch {
            throw .refused(.notText)
        }
        return upload
    }

    /// Starts converting the upload as `query` asks: its scan finished, its header and dialect
    /// read, its source's days at hand; or every problem with the request.
    func start(_ query: Ledger.Query, upload: any LedgerUpload, fileName: String?) async throws(Ledger.Failure) -> any LedgerConversion {
        let facts: LedgerFileFacts
        do throws(LedgerRefusal) { facts = try upload.finish() } catch { throw .refused(error) }
        let settings = try await settings(query, header: conversions.header(of: upload, facts: facts))
        do throws(HistoryStillLoading) { try load.check(from: nil, of: settings.source) } catch { throw .loading(error) }
        let days: LedgerDays?
        do { days = try await rates.ledgerDays(of: settings.source, side: settings.side) } catch { throw .ratesUnavailable }
        guard let days else { throw .ratesUnavailable }
        guard days.days.columns[settings.booking] != nil || settings.booking == days.base else {
            throw .invalid([
                .to: Message(
                    "{source} has no rates for {code}.", ["source": .message(name(settings.source)), "code": .text(settings.booking)])
            ])
        }
        let fallback = await fallbackDays(settings, base: days.base)
        let rates = LedgerRates(
            days: days, cadence: providers.source(settings.source).cadence ?? .daily,
            fallback: fallback.map { ($0.source, $0.days, providers.source($0.source).cadence ?? .daily) },
            today: CalendarDate(containing: now()), fractionDigits: catalog.currency(for: settings.booking).resultFractionDigits,
            sourceName: name(settings.source))
        do throws(LedgerLayoutFailure) {
            return try conversions.start(upload, fileName: fileName, facts: facts, settings: settings, rates: rates)
        } catch {
            switch error {
            case .noColumns(let header), .badColumns(let header): throw .noColumns(header: header)
            case .ambiguousDates(let example, let header): throw .ambiguousDates(example: example, header: header)
            }
        }
    }

    /// The converted file, as CSV in its own dialect (`describe` words each failed row).
    func csv(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> LedgerPieces {
        conversions.csv(conversion, describe: describe)
    }

    /// The API's JSON of the conversion, each row as `line` shapes it.
    func json<Line: Encodable>(_ conversion: any LedgerConversion, line: @escaping @Sendable (LedgerRow) -> Line) -> LedgerPieces {
        conversions.json(conversion, line: line)
    }

    /// The converted file and its receipt in one zip.
    func zip(
        _ conversion: any LedgerConversion, describe: @escaping LedgerRowWords, csvName: String, receiptName: String
    ) async throws(Ledger.Failure) -> LedgerPieces {
        do { return try await conversions.zip(conversion, describe: describe, csvName: csvName, receiptName: receiptName) } catch {
            throw .ratesUnavailable
        }
    }

    /// Every row read and written as CSV, whole, with the receipt (the MCP tool's answer).
    func text(_ conversion: any LedgerConversion, describe: @escaping LedgerRowWords) -> (csv: String, receipt: LedgerReceipt) {
        (conversions.text(conversion, describe: describe), conversion.receipt())
    }

    /// A preset's second source's days (the NBP's table B), when it has any against the same base.
    private func fallbackDays(_ settings: LedgerSettings, base: String) async -> (source: RateSourceID, days: LedgerDays)? {
        // A side is its source's alone: no second source's rates stand in for it.
        guard settings.side == .mid, let source = settings.preset?.fallback, let days = try? await rates.ledgerDays(of: source, side: .mid),
            days.base == base
        else {
            return nil
        }
        return (source, days)
    }

    /// The settings `query` names (its source available now, its columns in `header`), or every
    /// field's problem.
    func settings(_ query: Ledger.Query, header: [String]? = nil) async throws(Ledger.Failure) -> LedgerSettings {
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
        if errors[.side] == nil, query.side != .mid, !providers.source(source).sides.contains(query.side) {
            errors[.side] = Message(
                "{source} publishes only mid rates. Choose the mid rate or another source.", ["source": .message(name(source))])
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
        return LedgerSettings(
            booking: query.booking, rule: rule, source: source, columns: columns, dateStyle: query.dateStyle, preset: query.preset,
            side: query.side)
    }

    /// A column chosen by its number (from 1) or its header name.
    static func column(_ typed: String, in header: [String]?) -> Int? {
        let text = typed.trimmingCharacters(in: .whitespaces)
        if let number = Int(text), number >= 1 { return number - 1 }
        return header?.firstIndex { LedgerColumns.key($0) == LedgerColumns.key(text) }
    }

    func name(_ source: RateSourceID) -> Message { providers.source(source).displayName }

    /// The form again with the conversion read to its end: its first rows, its failed rows, the
    /// receipt. For a signed-in `user` the converted file (`describe` wording each failed row)
    /// is kept, gzip'd, and the preview names it.
    func preview(
        _ conversion: any LedgerConversion, of query: Ledger.Query, for user: User?, describe: @escaping LedgerRowWords
    ) async throws(Ledger.Failure) -> Ledger.Output {
        let read: LedgerRead
        do {
            read = try await conversions.read(
                conversion, rows: Ledger.previewRows, problems: Ledger.problemsShown, keeping: user != nil, describe: describe)
        } catch { throw .refused(.notText) }
        var preview = Ledger.Preview(
            header: conversion.header, rows: read.rows, problems: read.problems, receipt: read.receipt, dialect: conversion.dialect,
            columns: conversion.columns, fractionDigits: conversion.fractionDigits)
        if let user, let gzipped = read.kept {
            preview.saved = try? await store.save(owner: user.id, receipt: preview.receipt, result: gzipped, at: now())
        }
        // The form after keeping it: a signed-in user's list names the new conversion.
        var output = try await form(query, for: user)
        output.preview = preview
        return output
    }

    /// One of `user`'s kept conversions: its receipt, and its file unpacked as it is sent.
    func conversion(_ id: UUID, for user: User?) async throws(Ledger.Failure) -> (receipt: LedgerReceipt, file: LedgerPieces) {
        guard let user else { throw .signInRequired }
        let found: (receipt: LedgerReceipt, result: Data)?
        do { found = try await store.conversion(id, owner: user.id, now: now()) } catch { throw .ratesUnavailable }
        guard let found else { throw .notFound }
        return (found.receipt, conversions.unpacked(found.result))
    }

    func delete(_ id: UUID, for user: User?) async throws(Ledger.Failure) {
        guard let user else { throw .signInRequired }
        let deleted: Bool
        do { deleted = try await store.delete(id, owner: user.id) } catch { throw .ratesUnavailable }
        guard deleted else { throw .notFound }
    }
}
