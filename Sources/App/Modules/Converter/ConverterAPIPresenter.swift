import Core
import Foundation
import Web

/// The converter's JSON view models: the same interactor output as the page, as data. Amounts
/// and rates are decimal strings, so no client reads them through a binary float.
package struct ConverterAPIPresenter: Sendable {
    /// Names the rates' provider.
    let providers: ProviderCatalog

    struct Source: Encodable, Sendable, Equatable {
        let id: String
        let name: String
        let url: String
        let bundled: Bool
        /// For the blend (`id` `blend`): the providers whose rates made it; absent for one provider.
        var providers: [String]? = nil
    }

    struct CurrencyItem: Encodable, Sendable, Equatable {
        let code: String
        let name: String
        /// `null` for units without minor units (gold, SDR).
        let minorUnits: Int?

        enum CodingKeys: String, CodingKey { case code, name, minorUnits }

        /// Writes `"minorUnits": null` rather than leaving the key out (the synthesised default).
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(name, forKey: .name)
            try container.encode(minorUnits, forKey: .minorUnits)
        }
    }

    struct Currencies: Encodable, Sendable, Equatable {
        let effectiveDate: String
        let currencies: [CurrencyItem]
    }

    struct LatestRates: Encodable, Sendable, Equatable {
        let source: Source
        let effectiveDate: String
        let base: String
        let rates: [String: String]
    }

    struct Alternative: Encodable, Sendable, Equatable {
        let currency: String
        let name: String
        let result: String
        let url: String
    }

    package struct Conversion: Encodable, Sendable, Equatable {
        let from: CurrencyItem
        let to: CurrencyItem
        /// Canonical: `.` as the decimal point.
        let amount: String
        /// Rounded down to the target currency's minor units.
        let result: String
        /// One `from` in `to`, to 10 significant digits.
        let rate: String
        let inverseRate: String
        let effectiveDate: String
        /// The day asked for (`date=`), `null` for the latest rates.
        let askedDate: String?
        /// The day whose rates were used: the last day with rates on or before the asked one.
        let ratesDate: String
        let source: Source
        /// `buying` or `selling` when converted at the publisher's side; absent for the mid.
        var side: String? = nil
        /// What a page shows: `100 USD = 88.87 EUR`, `1 USD = 0.8887 EUR`, `1 EUR = 1.1252 USD`.
        let summary: String
        let rateText: String
        let inverseRateText: String
        let alternatives: [Alternative]
        /// The canonical result page and the pair's history page.
        let url: String
        let historyURL: String
        /// Which day's rates were used, as the page says it (``ConverterPresenter/receipt(asked:snapshot:today:)``).
        let receipt: String
        let historyLabel: String
    }

    func present(currencies: [Currency], snapshot: RateSnapshot) -> Currencies {
        Currencies(effectiveDate: snapshot.effectiveDate.description, currencies: currencies.map(item))
    }

    func present(_ latest: Converter.LatestRates) -> LatestRates {
        LatestRates(
            source: source(latest.snapshot), effectiveDate: latest.snapshot.effectiveDate.description, base: latest.base.code,
            rates: Dictionary(uniqueKeysWithValues: latest.rates.map { ($0.to, $0.preciseText) }))
    }

    /// The answer for `output`, when it converted (`texts`, when given, are its amount's texts).
    package func present(_ output: Converter.Output, texts: Converter.AmountTexts? = nil) -> Conversion? {
        guard case .converted(let conversion) = output.outcome else { return nil }
        return present(
            conversion, alternatives: output.alternatives, snapshot: output.snapshot, askedDate: output.askedDate, today: output.today,
            chosenSource: output.accepted?.source, side: output.accepted?.side, texts: texts)
    }

    /// The texts a page shows are the page presenter's (``ConverterPresenter``), each number
    /// written once. `texts`, when given, are the answer's texts for its amount
    /// (``amountTexts(of:alternatives:)``'s, or any others in their places).
    func present(
        _ conversion: Core.Conversion, alternatives: [AlternativeResult], snapshot: RateSnapshot, askedDate: CalendarDate? = nil,
        today: CalendarDate, chosenSource: RateSourceID? = nil, side: RateSide? = nil, texts: Converter.AmountTexts? = nil
    ) -> Conversion {
        let texts = texts ?? Self.amountTexts(of: conversion, alternatives: alternatives)
        let ratesDate = snapshot.effectiveDate.description
        let receipt = ConverterPresenter.receipt(asked: askedDate, snapshot: snapshot, today: today).english
        return Conversion(
            from: item(conversion.from), to: item(conversion.to), amount: texts.canonicalAmount,
            result: texts.result, rate: conversion.rate.preciseText,
            inverseRate: conversion.inverseRate.preciseText, effectiveDate: ratesDate,
            askedDate: askedDate?.description, ratesDate: ratesDate,
            source: source(snapshot),
            side: side?.rawValue,
            summary: ConverterPresenter.summary(
                amountText: ConverterPresenter.amountText(texts.amount, conversion),
                resultText: ConverterPresenter.resultText(texts.result, conversion)),
            rateText: ConverterPresenter.rateLine(conversion.rate),
            inverseRateText: ConverterPresenter.rateLine(conversion.inverseRate),
            alternatives: zip(alternatives, texts.alternatives).map { other, result in
                Alternative(
                    currency: other.to.code, name: other.to.name, result: result,
                    url: SiteURL.conversion(
                        from: conversion.from.code, to: other.to.code, amount: texts.canonicalAmount, date: askedDate, source: chosenSource,
                        side: side
                    ).path)
            },
            url: SiteURL.conversion(
                from: conversion.from.code, to: conversion.to.code, amount: texts.canonicalAmount, date: askedDate, source: chosenSource,
                side: side
            ).path,
            historyURL: ConverterPresenter.historyURL(
                of: conversion, on: askedDate, source: snapshot.isBlend ? chosenSource : snapshot.source.provider),
            // At a side, the receipt names it as the page does.
            receipt: side.map { "\(receipt) · \($0.name.english)" } ?? receipt,
            historyLabel: ConverterPresenter.historyLabel(on: askedDate).english)
    }

    /// A converted answer's key and its amount's texts (``Converter/AnswerKey``,
    /// ``amountTexts(of:alternatives:)``); `nil` for an answer that converted nothing.
    package static func frame(of output: Converter.Output) -> (key: Converter.AnswerKey, texts: Converter.AmountTexts)? {
        guard case .converted(let conversion) = output.outcome else { return nil }
        let key = Converter.AnswerKey(
            from: conversion.from.code, to: conversion.to.code, rates: output.snapshot.versionKey, today: output.today,
            askedDate: output.askedDate, chosenSource: output.accepted?.source, side: output.accepted?.side,
            alternatives: output.alternatives.map(\.to.code))
        return (key, amountTexts(of: conversion, alternatives: output.alternatives))
    }

    /// The answer's texts that follow from its amount, canonical: what answers of the same
    /// ``Converter/AnswerKey`` differ in.
    static func amountTexts(of conversion: Core.Conversion, alternatives: [AlternativeResult]) -> Converter.AmountTexts {
        Converter.AmountTexts(
            typed: conversion.amount.text, amount: conversion.amount.value.plainText, canonicalAmount: conversion.amount.text,
            result: conversion.to.text(of: conversion.result), alternatives: alternatives.map { $0.to.text(of: $0.result) })
    }

    // MARK: Problems (RFC 9457), each for the request at `instance`

    /// 400: required parameters left out or blank.
    func problem(missing: [String], instance: String) -> ProblemDetails {
        ProblemDetails(
            type: ProblemDetails.Kind.missingParameter.uri, title: "Missing parameter", status: 400,
            detail: "Give \(missing.joined(separator: ", ")): \(SiteURL.apiConvert.path)?from=USD&to=EUR&amount=100",
            instance: instance,
            errors: Dictionary(uniqueKeysWithValues: missing.map { ($0, "This parameter is required.") }))
    }

    /// 422: each invalid field with its message, in the form's order.
    static func problem(invalid errors: [Converter.Field: Message], instance: String) -> ProblemDetails {
        ProblemDetails(
            type: ProblemDetails.Kind.invalidParameter.uri, title: "Invalid parameters", status: 422,
            detail: Converter.Field.allCases.compactMap { errors[$0]?.english }.joined(separator: " "),
            instance: instance,
            errors: Dictionary(uniqueKeysWithValues: errors.map { ($0.key.rawValue, $0.value.english) }))
    }

    /// 400 for a malformed base, 404 for one without rates, 503 before any rates exist.
    func problem(_ failure: Converter.LatestRatesFailure, instance: String) -> ProblemDetails {
        switch failure {
        case .ratesUnavailable:
            unavailable(instance: instance)
        case .malformedBase(let base):
            ProblemDetails(
                type: ProblemDetails.Kind.invalidParameter.uri, title: "Invalid parameter", status: 400,
                detail: "base must be a three-letter currency code, got “\(base)”.", instance: instance,
                errors: ["base": "Use a three-letter currency code such as USD."])
        case .unknownBase(let base):
            ProblemDetails(
                type: ProblemDetails.Kind.unknownCurrency.uri, title: "Unknown currency", status: 404,
                detail: "There is no rate for \(base) in the current rates.", instance: instance)
        }
    }

    /// 503 before any rates are stored.
    func unavailable(instance: String) -> ProblemDetails {
        ProblemDetails(
            type: ProblemDetails.Kind.ratesUnavailable.uri, title: "Rates not available", status: 503,
            detail: Self.unavailableDetail, instance: instance)
    }

    static let unavailableDetail = "No exchange rates have been stored yet. Try again in a moment."

    private func item(_ currency: Currency) -> CurrencyItem {
        CurrencyItem(code: currency.code, name: currency.name, minorUnits: currency.minorUnits)
    }

    private func source(_ snapshot: RateSnapshot) -> Source {
        let source = providers.source(snapshot.source)
        guard let blend = snapshot.blend else {
            return Source(id: source.id.rawValue, name: source.name, url: source.website, bundled: source.isBundled)
        }
        let single = blend.sources.count == 1 ? providers.source(blend.sources[0]) : nil
        return Source(
            id: source.id.rawValue, name: source.name, url: single?.website ?? "", bundled: blend.isBundled,
            providers: blend.sources.map(\.rawValue))
    }

    /// 10 significant digits, plain text: `0.8887308923`, `145.1830786`, `0.006887855044`.
    static func precise(_ rate: Decimal) -> String {
        rate.plainText(significantDigits: 10)
    }

    package init(providers: ProviderCatalog) {
        self.providers = providers
    }
}
