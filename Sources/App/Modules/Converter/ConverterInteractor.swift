import Core
import Foundation
import ServiceInterfaces

/// The converter's use case: validate what was asked, convert it with the chosen source's
/// current rates (the default source's unless one is chosen) or, when a date is asked for, with
/// its rates of the last day with rates on or before it.
package struct ConverterInteractor: Sendable {
    let rates: any CurrentRatesReading
    let pastRates: any PastRatesReading
    /// A past day not stored yet (the bundled history still loading) is waited for, not missed.
    let history: any HistoryLoadReading
    let catalog: CurrencyCatalog
    /// The sources a visitor may name, with their facts (cadence, name).
    let providers: ProviderCatalog
    let now: @Sendable () -> Date
    /// Converts with the catalogue's minor units.
    let calculator: ConversionCalculator

    package init(
        rates: any CurrentRatesReading, pastRates: any PastRatesReading, history: any HistoryLoadReading, catalog: CurrencyCatalog,
        providers: ProviderCatalog, now: @escaping @Sendable () -> Date
    ) {
        self.rates = rates
        self.pastRates = pastRates
        self.history = history
        self.catalog = catalog
        self.providers = providers
        self.now = now
        calculator = ConversionCalculator(catalog: catalog)
    }

    /// The result page for `query`, which may be invalid (the page then says why).
    package func show(_ query: Converter.Query) async throws(Converter.Failure) -> Converter.Output {
        let (sources, sourcesKey) = await rates.availableSourcesAndKey()
        let defaultSource = RateSource.effectiveDefault(rates.defaultSource, among: sources)
        var sourceError = query.problems[.source]
        let source = sourceError == nil ? validateSource(query, among: sources, default: defaultSource, error: &sourceError) : nil
        let snapshot = try await currentSnapshot(source)
        var output =
            if query.date != nil || query.problems[.date] != nil {
                try await evaluate(query, onPastDay: snapshot, source: source)
            } else {
                evaluate(query, with: snapshot, source: source)
            }
        output.sources = sources
        output.sourcesKey = sourcesKey
        output.defaultSource = defaultSource
        output.source = providers.source(output.snapshot.isBlend ? RateSourceID.blend : output.snapshot.source.provider)
        if let sourceError {
            var errors: [Converter.Field: Message] = [:]
            if case .invalid(let others) = output.outcome { errors = others }
            errors[.source] = sourceError
            output = Converter.Output(
                query: query, outcome: .invalid(errors), accepted: nil, currencies: output.currencies, snapshot: output.snapshot,
                today: output.today, askedDate: nil, source: output.source, sources: sources, sourcesKey: sourcesKey,
                defaultSource: defaultSource)
        }
        return output
    }

    /// The source a visitor chose, if it is one with rates now; `nil` for the default (or a
    /// choice that cannot be used, with `error` saying why).
    private func validateSource(
        _ query: Converter.Query, among sources: [RateSource], default defaultSource: RateSourceID, error: inout Message?
    ) -> RateSourceID? {
        guard let id = query.source else { return nil }
        guard let source = sources.first(where: { $0.id == id }) else {
            error =
                providers.source(id).website.isEmpty && id != .blend
                ? Converter.noSuchSource(query.typed.source ?? id.rawValue)
                : Message("{source} has no rates yet. Choose another source.", ["source": .message(providers.source(id).displayName)])
            return nil
        }
        return source.id == defaultSource ? nil : source.id
    }

    /// `GET /` without a request: the visitor's last conversion if it still converts, else
    /// the first-visit default. A stale cookie never turns into an error page.
    func restore(_ last: LastConversion?) async throws(Converter.Failure) -> Converter.Output {
        for candidate in [last, .firstVisit].compactMap({ $0 }) {
            let output = try await show(Converter.Query(Converter.Input(candidate)))
            if output.accepted != nil { return output }
        }
        // Neither converts (a snapshot without USD or EUR): start from its first currencies.
        let codes = try await currentSnapshot(nil).currencyCodes
        return try await show(
            Converter.Query(Converter.Input(from: codes.first, to: codes.dropFirst().first ?? codes.first, amount: "100")))
    }

    /// `POST /convert`: on to the canonical result page, or back to the form with messages.
    func submit(_ query: Converter.Query) async throws(Converter.Failure) -> Converter.Submission {
        let output = try await show(query)
        guard let accepted = output.accepted else { return .invalid(output) }
        return .redirect(accepted)
    }

    /// `POST /swap`: the same request with "from" and "to" exchanged.
    func swap(_ query: Converter.Query) async throws(Converter.Failure) -> Converter.Submission {
        try await submit(query.swapped)
    }

    /// The currencies the current rates convert between, sorted by code.
    func currencies() async throws(Converter.Failure) -> (currencies: [Currency], snapshot: RateSnapshot) {
        let snapshot = try await currentSnapshot(nil)
        return (catalog.currencies(for: snapshot.currencyCodes), snapshot)
    }

    /// Every current rate against `base` (the snapshot's own base when `nil`), crossing
    /// through the snapshot's base where needed.
    func latestRates(base: String?) async throws(Converter.LatestRatesFailure) -> Converter.LatestRates {
        guard let snapshot = await rates.currentSnapshot() else { throw .ratesUnavailable }
        let code = (base ?? snapshot.baseCurrency).trimmingCharacters(in: .whitespaces).uppercased()
        guard Currency.isWellFormedCode(code) else { throw .malformedBase(String((base ?? "").prefix(16))) }
        guard snapshot.rates[code] != nil else { throw .unknownBase(code) }
        let rates = snapshot.currencyCodes.compactMap { try? calculator.rate(from: code, to: $0, in: snapshot) }
        return Converter.LatestRates(snapshot: snapshot, base: catalog.currency(for: code), rates: rates)
    }

    /// `source`'s current snapshot (the default source's when `nil`).
    private func currentSnapshot(_ source: RateSourceID?) async throws(Converter.Failure) -> RateSnapshot {
        guard let snapshot = await rates.snapshot(of: source) else { throw .ratesUnavailable }
        return snapshot
    }

    private func evaluate(_ query: Converter.Query, with snapshot: RateSnapshot, source: RateSourceID?) -> Converter.Output {
        var errors = query.problems.filter { $0.key != .source }
        // A month's or a quarter's rate is offered through its period and its grace, not after.
        if let source, let cadence = providers.source(source).cadence, cadence.expires,
            case let today = CalendarDate(containing: now()), !cadence.isInForce(snapshot.effectiveDate, on: today)
        {
            errors[.source] = Message(
                "{source} has no rate in force today: its newest, of {rateDay}, was offered until {lastDay}.",
                [
                    "source": .message(providers.source(source).displayName), "rateDay": .day(snapshot.effectiveDate),
                    "lastDay": .day(cadence.lastDayInForce(of: snapshot.effectiveDate).adding(days: cadence.grace)),
                ])
        }
        let from = validateCode(query.from, .from, of: query, errors: &errors) { snapshot.rates[$0] != nil }
        let to = validateCode(query.to, .to, of: query, errors: &errors) { snapshot.rates[$0] != nil }
        return output(
            query, from: from, to: to, errors: errors, snapshot: snapshot, currencies: catalog.currencies(for: snapshot.currencyCodes),
            source: source)
    }

    /// On a past day: the date must be a real day, not in the future; then both currencies
    /// must have rates on the last day with rates on or before it.
    private func evaluate(
        _ query: Converter.Query, onPastDay current: RateSnapshot, source: RateSourceID?
    ) async throws(Converter.Failure) -> Converter.Output {
        let today = CalendarDate(containing: now())
        var errors = query.problems.filter { $0.key != .source }
        // Any code may have had rates once (withdrawn ones too): the day's rates decide.
        let (from, to) = (query.from, query.to)
        let date = query.date.flatMap { validateDate($0, today: today, errors: &errors) }
        var extraCodes = [from, to].compactMap { $0 }.filter { catalog.currency(for: $0).name != $0 }
        var snapshot = current
        if let from, let to, let date, errors.isEmpty {
            let past: PastRates
            // The default source's past days fall back on the blend's (``pastRates(on:from:to:source:)``).
            do throws(HistoryStillLoading) {
                for read in source.map({ [$0] }) ?? [rates.defaultSource, .blend] { try history.check(from: date, of: read) }
            } catch {
                throw .historyLoading(error)
            }
            do {
                past = try await pastRates(on: date, from: from, to: to, source: source)
            } catch {
                throw .ratesUnavailable
            }
            switch past {
            case .found(let found):
                snapshot = found
                extraCodes = found.currencyCodes
            case .beforeFirstDay(let firstDay):
                errors[.date] =
                    firstDay.map { Message("Rates start on {day}. Choose that day or a later one.", ["day": .dayWithWeekday($0)]) }
                    ?? Message("No rates are stored for any day yet. Leave the date empty for the latest rates.")
            case .outOfForce(let day, let lastDay):
                errors[.date] = Message(
                    "{source} has no rate in force on {day}: its newest, of {rateDay}, was offered until {lastDay}.",
                    [
                        "source": .message(providers.source(source ?? rates.defaultSource).displayName), "day": .day(date),
                        "rateDay": .day(day), "lastDay": .day(lastDay),
                    ])
            case .notQuoted(let code, _, let quoted):
                errors[code == from ? .from : .to] =
                    quoted.map {
                        Message(
                            "There is no rate for {code} on {day}: it has rates from {first} to {last}.",
                            ["code": .text(code), "day": .day(date), "first": .day($0.lowerBound), "last": .day($0.upperBound)])
                    } ?? Message("There is no rate for {code} on any day. Choose a currency from the list.", ["code": .text(code)])
            }
        }
        return output(
            query, from: from, to: to, errors: errors, snapshot: snapshot,
            // Looked up directly: the catalog remembers one list, the current rates' that every page asks for.
            currencies: Set(current.currencyCodes).union(extraCodes).sorted().map(catalog.currency(for:)),
            date: errors.isEmpty ? date : nil, source: source)
    }

    /// A past day's rates from `source`; for the default source, the blend's where the default
    /// source has no day that early (a commercial feed's history starts when it was first fetched).
    private func pastRates(on date: CalendarDate, from: String, to: String, source: RateSourceID?) async throws -> PastRates {
        let past = try await pastRates.rates(on: date, from: from, to: to, source: source ?? rates.defaultSource)
        guard source == nil, rates.defaultSource != .blend, case .beforeFirstDay = past else { return past }
        return try await pastRates.rates(on: date, from: from, to: to, source: .blend)
    }

    private func output(
        _ query: Converter.Query, from: String?, to: String?, errors: [Converter.Field: Message],
        snapshot: RateSnapshot, currencies: [Currency], date: CalendarDate? = nil, source: RateSourceID?
    ) -> Converter.Output {
        let amount = query.amount
        let outcome: Converter.Outcome
        var accepted: LastConversion?
        var alternatives: [AlternativeResult] = []
        var (errors, snapshot) = (errors, snapshot)
        // A side is the publisher's: the rates converted with are that side's of the same day.
        let publisher = snapshot.isBlend ? RateSourceID.blend : snapshot.source.provider
        if query.side != .mid {
            switch rates(of: snapshot, at: query.side, publisher: publisher, from: from, to: to, checkingPair: errors.isEmpty) {
            case .success(let sideRates): snapshot = sideRates
            case .failure(let refusal): errors[.side] = refusal.message
            }
        }
        if let from, let to, errors.isEmpty {
            // An address that names a side names whose, whichever source is the default.
            accepted = LastConversion(
                from: from, to: to, amount: amount?.text ?? "", date: date, source: query.side == .mid ? source : source ?? publisher,
                side: query.side)
            if let amount, let conversion = try? calculator.convert(amount, from: from, to: to, in: snapshot) {
                outcome = .converted(conversion)
                alternatives = calculator.results(
                    amount, from: from, to: Converter.majorCurrencies.filter { $0 != from && $0 != to }, in: snapshot)
            } else {
                outcome = .noAmount
            }
        } else {
            outcome = .invalid(errors)
        }
        return Converter.Output(
            query: query, outcome: outcome, alternatives: alternatives, accepted: accepted,
            currencies: currencies, snapshot: snapshot, today: CalendarDate(containing: now()), askedDate: date, side: query.side)
    }

    /// Why a side cannot be converted at, as the side's field says it.
    private struct SideRefusal: Error {
        let message: Message
    }

    /// `snapshot`'s day at `side`, when its publisher writes that side and (with `checkingPair`)
    /// the day quotes both currencies at it.
    private func rates(
        of snapshot: RateSnapshot, at side: RateSide, publisher: RateSourceID, from: String?, to: String?, checkingPair: Bool
    ) -> Result<RateSnapshot, SideRefusal> {
        let source = providers.source(publisher)
        guard source.sides.contains(side) else {
            return .failure(
                SideRefusal(
                    message: Message(
                        "{source} publishes only mid rates. Choose the mid rate or another source.",
                        ["source": .message(source.displayName)])))
        }
        guard checkingPair, let from, let to else { return .success(snapshot) }
        guard let sideRates = snapshot.at(side), sideRates.rates[from] != nil, sideRates.rates[to] != nil else {
            let arguments: [String: Message.Argument] = [
                "source": .message(source.displayName), "pair": .text(from + "/" + to), "day": .day(snapshot.effectiveDate),
            ]
            return .failure(
                SideRefusal(
                    message: side == .buying
                        ? Message("{source} has no buying rate of {pair} on {day}. Choose the mid rate.", arguments)
                        : Message("{source} has no selling rate of {pair} on {day}. Choose the mid rate.", arguments)))
        }
        return .success(sideRates)
    }

    /// A day not after `today`.
    private func validateDate(_ date: CalendarDate, today: CalendarDate, errors: inout [Converter.Field: Message]) -> CalendarDate? {
        guard date <= today else {
            errors[.date] = Message(
                "{day} is in the future. Choose today ({today}) or an earlier day, or leave the date empty for the latest rates.",
                ["day": .day(date), "today": .day(today)])
            return nil
        }
        return date
    }

    /// `code` (checked to be one), if it has a rate; else the message naming what was typed.
    private func validateCode(
        _ code: String?, _ field: Converter.Field, of query: Converter.Query, errors: inout [Converter.Field: Message],
        hasRate: (String) -> Bool
    ) -> String? {
        guard let code else { return nil }
        guard hasRate(code) else {
            errors[field] = Converter.noRate(for: (field == .from ? query.typed.from : query.typed.to) ?? code)
            return nil
        }
        return code
    }
}

extension Converter.Input {
    init(_ conversion: LastConversion) {
        self.init(
            from: conversion.from, to: conversion.to, amount: conversion.amount, date: conversion.date?.description,
            source: conversion.source?.rawValue, side: conversion.side?.rawValue)
    }
}
