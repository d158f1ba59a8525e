import Core
import Foundation
import ServiceInterfaces

/// The converter's use case: validate what was asked, convert it with the chosen source's
/// current rates (the default source's unless one is chosen) or, when a date is asked for, with
/// its rates of the last day with rates on or before it.
package struct ConverterInteractor: Sendable {
    package let rates: any CurrentRatesReading
    package let pastRates: any PastRatesReading
    package let catalog: CurrencyCatalog
    package let calculator: ConversionCalculator
    package let now: @Sendable () -> Date

    package init(
        rates: any CurrentRatesReading, pastRates: any PastRatesReading, catalog: CurrencyCatalog, calculator: ConversionCalculator,
        now: @escaping @Sendable () -> Date
    ) {
        self.rates = rates
        self.pastRates = pastRates
        self.catalog = catalog
        self.calculator = calculator
        self.now = now
    }

    /// The result page for `input`, which may be invalid (the page then says why).
    package func show(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Output {
        let sources = await rates.availableSources()
        let defaultSource = RateSource.effectiveDefault(rates.defaultSource, among: sources)
        var sourceError: Message?
        let source = validateSource(input.chosenSource, among: sources, default: defaultSource, error: &sourceError)
        let snapshot = try await currentSnapshot(source)
        var output =
            if let date = input.chosenDate {
                try await evaluate(input, on: date, current: snapshot, source: source)
            } else {
                evaluate(input, with: snapshot, source: source)
            }
        output.sources = sources
        output.defaultSource = defaultSource
        output.source = RateSource.withID(output.snapshot.isBlend ? RateSnapshot.blendSource : output.snapshot.provider.provider.id)
        if let sourceError {
            var errors: [Converter.Field: Message] = [:]
            if case .invalid(let others) = output.outcome { errors = others }
            errors[.source] = sourceError
            output = Converter.Output(
                input: input, outcome: .invalid(errors), accepted: nil, currencies: output.currencies, snapshot: output.snapshot,
                today: output.today, askedDate: nil, source: output.source, sources: sources, defaultSource: defaultSource)
        }
        return output
    }

    /// The source a visitor chose, if it is one with rates now; `nil` for the default (or a
    /// choice that cannot be used, with `error` saying why).
    private func validateSource(
        _ typed: String?, among sources: [RateSource], default defaultSource: String, error: inout Message?
    ) -> String? {
        guard let typed else { return nil }
        let id = typed.lowercased()
        guard let source = sources.first(where: { $0.id == id }) else {
            error =
                RateSource.withID(id).website.isEmpty && id != RateSnapshot.blendSource
                ? Message("There is no source “{typed}”. Choose one from the list.", ["typed": .text(String(typed.prefix(24)))])
                : Message("{source} has no rates yet. Choose another source.", ["source": .message(RateSource.withID(id).displayName)])
            return nil
        }
        return source.id == defaultSource ? nil : source.id
    }

    /// `GET /` without a request: the visitor's last conversion if it still converts, else
    /// the first-visit default. A stale cookie never turns into an error page.
    package func restore(_ last: LastConversion?) async throws(Converter.Failure) -> Converter.Output {
        for candidate in [last, .firstVisit].compactMap({ $0 }) {
            let output = try await show(Converter.Input(candidate))
            if output.accepted != nil { return output }
        }
        // Neither converts (a snapshot without USD or EUR): start from its first currencies.
        let codes = try await currentSnapshot(nil).currencyCodes
        return try await show(Converter.Input(from: codes.first, to: codes.dropFirst().first ?? codes.first, amount: "100"))
    }

    /// `POST /convert`: on to the canonical result page, or back to the form with messages.
    package func submit(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Submission {
        let output = try await show(input)
        guard let accepted = output.accepted else { return .invalid(output) }
        return .redirect(accepted)
    }

    /// `POST /swap`: the same request with "from" and "to" exchanged.
    package func swap(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Submission {
        try await submit(Converter.Input(from: input.to, to: input.from, amount: input.amount, date: input.date, source: input.source))
    }

    /// The currencies the current rates convert between, sorted by code.
    package func currencies() async throws(Converter.Failure) -> (currencies: [Currency], snapshot: RateSnapshot) {
        let snapshot = try await currentSnapshot(nil)
        return (catalog.currencies(for: snapshot.currencyCodes), snapshot)
    }

    /// Every current rate against `base` (the snapshot's own base when `nil`), crossing
    /// through the snapshot's base where needed.
    package func latestRates(base: String?) async throws(Converter.LatestRatesFailure) -> Converter.LatestRates {
        guard let snapshot = await rates.currentSnapshot() else { throw .ratesUnavailable }
        let code = (base ?? snapshot.baseCurrency).trimmingCharacters(in: .whitespaces).uppercased()
        guard Currency.isWellFormedCode(code) else { throw .malformedBase(String((base ?? "").prefix(16))) }
        guard snapshot.rates[code] != nil else { throw .unknownBase(code) }
        let rates = snapshot.currencyCodes.compactMap { try? calculator.rate(from: code, to: $0, in: snapshot) }
        return Converter.LatestRates(snapshot: snapshot, base: catalog.currency(for: code), rates: rates)
    }

    /// `source`'s current snapshot (the default source's when `nil`).
    private func currentSnapshot(_ source: String?) async throws(Converter.Failure) -> RateSnapshot {
        guard let snapshot = await rates.snapshot(of: source) else { throw .ratesUnavailable }
        return snapshot
    }

    private func evaluate(_ input: Converter.Input, with snapshot: RateSnapshot, source: String?) -> Converter.Output {
        var errors: [Converter.Field: Message] = [:]
        let from = validateCode(input.from, field: .from, errors: &errors) { snapshot.rates[$0] != nil }
        let to = validateCode(input.to, field: .to, errors: &errors) { snapshot.rates[$0] != nil }
        let amount = validateAmount(input.amount, errors: &errors)
        return output(
            input, from: from, to: to, amount: amount, errors: errors, snapshot: snapshot,
            currencies: catalog.currencies(for: snapshot.currencyCodes), source: source)
    }

    /// On a past day: the date must be a real day, not in the future; then both currencies
    /// must have rates on the last day with rates on or before it.
    private func evaluate(
        _ input: Converter.Input, on typedDate: String, current: RateSnapshot, source: String?
    ) async throws(Converter.Failure) -> Converter.Output {
        let today = CalendarDate(containing: now())
        var errors: [Converter.Field: Message] = [:]
        // Any code may have had rates once (withdrawn ones too): the day's rates decide.
        let from = validateCode(input.from, field: .from, errors: &errors) { _ in true }
        let to = validateCode(input.to, field: .to, errors: &errors) { _ in true }
        let amount = validateAmount(input.amount, errors: &errors)
        let date = validateDate(typedDate, today: today, errors: &errors)
        var extraCodes = [from, to].compactMap { $0 }.filter { catalog.currency(for: $0).name != $0 }
        var snapshot = current
        if let from, let to, let date, errors.isEmpty {
            let past: PastRates
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
            input, from: from, to: to, amount: amount, errors: errors, snapshot: snapshot,
            // Looked up directly: the catalog remembers one list, the current rates' that every page asks for.
            currencies: Set(current.currencyCodes).union(extraCodes).sorted().map(catalog.currency(for:)),
            date: errors.isEmpty ? date : nil, source: source)
    }

    /// A past day's rates from `source`; for the default source, the blend's where the default
    /// source has no day that early (a commercial feed's history starts when it was first fetched).
    private func pastRates(on date: CalendarDate, from: String, to: String, source: String?) async throws -> PastRates {
        let past = try await pastRates.rates(on: date, from: from, to: to, source: source ?? rates.defaultSource)
        guard source == nil, rates.defaultSource != RateSnapshot.blendSource, case .beforeFirstDay = past else { return past }
        return try await pastRates.rates(on: date, from: from, to: to, source: RateSnapshot.blendSource)
    }

    private func output(
        _ input: Converter.Input, from: String?, to: String?, amount: Amount?, errors: [Converter.Field: Message],
        snapshot: RateSnapshot, currencies: [Currency], date: CalendarDate? = nil, source: String?
    ) -> Converter.Output {
        let outcome: Converter.Outcome
        var accepted: LastConversion?
        var alternatives: [AlternativeResult] = []
        if let from, let to, errors.isEmpty {
            accepted = LastConversion(from: from, to: to, amount: amount?.text ?? "", date: date, source: source)
            if let amount, let conversion = try? calculator.convert(amount, from: from, to: to, in: snapshot) {
                outcome = .converted(conversion)
                alternatives = Converter.majorCurrencies
                    .filter { $0 != from && $0 != to }
                    .compactMap { try? calculator.result(amount, from: from, to: $0, in: snapshot) }
            } else {
                outcome = .noAmount
            }
        } else {
            outcome = .invalid(errors)
        }
        return Converter.Output(
            input: input, outcome: outcome, alternatives: alternatives, accepted: accepted,
            currencies: currencies, snapshot: snapshot, today: CalendarDate(containing: now()), askedDate: date)
    }

    private func validateAmount(_ typed: String?, errors: inout [Converter.Field: Message]) -> Amount? {
        do {
            return try Amount.parse(typed ?? "")
        } catch {
            errors[.amount] = error.message
            return nil
        }
    }

    /// `YYYY-MM-DD`, a day that exists, not after `today`.
    private func validateDate(_ typed: String, today: CalendarDate, errors: inout [Converter.Field: Message]) -> CalendarDate? {
        guard let date = CalendarDate(iso8601: typed) else {
            errors[.date] = Message(
                "“{typed}” is not a date. Write it as YYYY-MM-DD, for example 2020-03-15.", ["typed": .text(String(typed.prefix(16)))])
            return nil
        }
        guard date <= today else {
            errors[.date] = Message(
                "{day} is in the future. Choose today ({today}) or an earlier day, or leave the date empty for the latest rates.",
                ["day": .day(date), "today": .day(today)])
            return nil
        }
        return date
    }

    private func validateCode(
        _ typed: String?, field: Converter.Field, errors: inout [Converter.Field: Message], hasRate: (String) -> Bool
    ) -> String? {
        // A code as links carry it needs neither trimming nor upper-casing (both cost Foundation calls).
        let code =
            typed.flatMap { Currency.isWellFormedCode($0) ? $0 : nil }
            ?? (typed ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        guard !code.isEmpty else {
            errors[field] = field == .from ? Message("Choose a currency to convert from.") : Message("Choose a currency to convert to.")
            return nil
        }
        guard Currency.isWellFormedCode(code), hasRate(code) else {
            errors[field] = Message(
                "There is no rate for the currency “{typed}”. Choose one from the list.",
                ["typed": .text(String((typed ?? code).prefix(16)))])
            return nil
        }
        return code
    }
}

extension Converter.Input {
    package init(_ conversion: LastConversion) {
        self.init(
            from: conversion.from, to: conversion.to, amount: conversion.amount, date: conversion.date?.description,
            source: conversion.source)
    }
}
