import Foundation

/// The converter's use case: validate what was asked, convert it with the current rates.
struct ConverterInteractor: Sendable {
    let rates: any CurrentRatesReading
    let catalog: CurrencyCatalog
    let calculator: ConversionCalculator
    let now: @Sendable () -> Date

    /// The result page for `input`, which may be invalid (the page then says why).
    func show(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Output {
        let snapshot = try await currentSnapshot()
        return evaluate(input, with: snapshot)
    }

    /// `GET /` without a request: the visitor's last conversion if it still converts, else
    /// the first-visit default. A stale cookie never turns into an error page.
    func restore(_ last: LastConversion?) async throws(Converter.Failure) -> Converter.Output {
        let snapshot = try await currentSnapshot()
        for candidate in [last, .firstVisit].compactMap({ $0 }) {
            let output = evaluate(Converter.Input(candidate), with: snapshot)
            if output.accepted != nil { return output }
        }
        // Neither converts (a snapshot without USD or EUR): start from its first currencies.
        let codes = snapshot.currencyCodes
        return evaluate(
            Converter.Input(from: codes.first, to: codes.dropFirst().first ?? codes.first, amount: "100"),
            with: snapshot)
    }

    /// `POST /convert`: on to the canonical result page, or back to the form with messages.
    func submit(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Submission {
        let output = try await show(input)
        guard let accepted = output.accepted else { return .invalid(output) }
        return .redirect(accepted)
    }

    /// `POST /swap`: the same request with "from" and "to" exchanged.
    func swap(_ input: Converter.Input) async throws(Converter.Failure) -> Converter.Submission {
        try await submit(Converter.Input(from: input.to, to: input.from, amount: input.amount))
    }

    /// The currencies the current rates convert between, sorted by code.
    func currencies() async throws(Converter.Failure) -> (currencies: [Currency], snapshot: RateSnapshot) {
        let snapshot = try await currentSnapshot()
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

    private func currentSnapshot() async throws(Converter.Failure) -> RateSnapshot {
        guard let snapshot = await rates.currentSnapshot() else { throw .ratesUnavailable }
        return snapshot
    }

    private func evaluate(_ input: Converter.Input, with snapshot: RateSnapshot) -> Converter.Output {
        var errors: [Converter.Field: String] = [:]
        let from = validateCode(input.from, field: .from, in: snapshot, errors: &errors)
        let to = validateCode(input.to, field: .to, in: snapshot, errors: &errors)
        var amount: Amount?
        do {
            amount = try Amount.parse(input.amount ?? "")
        } catch {
            errors[.amount] = error.description
        }

        let outcome: Converter.Outcome
        var accepted: LastConversion?
        var alternatives: [AlternativeResult] = []
        if let from, let to, errors.isEmpty {
            accepted = LastConversion(from: from, to: to, amount: amount?.text ?? "")
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
            currencies: catalog.currencies(for: snapshot.currencyCodes),
            snapshot: snapshot, today: CalendarDate(containing: now()))
    }

    private func validateCode(
        _ typed: String?, field: Converter.Field, in snapshot: RateSnapshot,
        errors: inout [Converter.Field: String]
    ) -> String? {
        let direction = field == .from ? "from" : "to"
        // A code as links carry it needs neither trimming nor upper-casing (both cost Foundation calls).
        let code =
            typed.flatMap { Currency.isWellFormedCode($0) ? $0 : nil }
            ?? (typed ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        guard !code.isEmpty else {
            errors[field] = "Choose a currency to convert \(direction)."
            return nil
        }
        guard snapshot.rates[code] != nil else {
            errors[field] = "There is no rate for the currency “\(String((typed ?? code).prefix(16)))”. Choose one from the list."
            return nil
        }
        return code
    }
}

extension Converter.Input {
    init(_ conversion: LastConversion) {
        self.init(from: conversion.from, to: conversion.to, amount: conversion.amount)
    }
}
