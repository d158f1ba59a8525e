import Core
import Foundation
import Web

/// Turns the interactor's output into what the page shows. All formatting lives here: the amount
/// as typed, results in exactly the target currency's minor units (`89.50 EUR`), rates to four
/// decimals (more for small rates), the source line, each number in the page's language.
package struct ConverterPresenter: Sendable {
    /// Names the providers of the rates and of the blend's details, in the catalogue's order.
    let providers: ProviderCatalog

    package init(providers: ProviderCatalog) {
        self.providers = providers
    }

    /// The page for `output` in `l`'s language. `amount`, when given, are the texts the page
    /// writes for its amount (``amountTexts(of:in:)``'s, or any others in their places).
    package func present(_ output: Converter.Output, amount: Converter.AmountTexts? = nil, in l: Localization) -> Converter.ViewModel {
        let errors: [Converter.Field: Message]
        if case .invalid(let messages) = output.outcome { errors = messages } else { errors = [:] }
        let query = output.query
        let appName = l.text("Currency Converter")
        let rates = RatesSourceViewModel(snapshot: output.snapshot, today: output.today, catalog: providers, in: l)

        var result: Converter.ResultViewModel?
        var details: Converter.SourceDetailsViewModel?
        var title = appName
        let source = output.accepted?.source, side = output.accepted?.side
        var typedAmount = query.typed.amount ?? ""
        if case .converted(let conversion) = output.outcome {
            let texts = amount ?? Self.amountTexts(of: conversion, typed: typedAmount, alternatives: output.alternatives, in: l)
            typedAmount = texts.typed
            // The history page shows the blend unless told otherwise: name the source shown when it is another.
            let shown = output.source.id == .blend ? nil : output.source.id
            let presented = present(
                conversion, alternatives: output.alternatives, on: output.askedDate, source: source, side: side, historySource: shown,
                texts: texts, in: l)
            details = output.snapshot.blend.flatMap { self.details($0, from: conversion.from.code, to: conversion.to.code, in: l) }
            result = presented
            let heading =
                output.askedDate.map { l.text("{conversion} on {day}", ["conversion": presented.summary, "day": l.date($0)]) }
                ?? l.isolated(presented.summary)
            title = "\(heading) · \(appName)"
        }
        // Both menus list the same currencies: one list, written once (``SelectOptions``).
        let currencies = Self.currencyChoices(output.currencies, blend: output.snapshot.blend, in: l)
        let placeholder = l.text("Choose a currency")
        let sourceError = errors[.source].map(l.text)
        func option(_ source: RateSource) -> MenuOption {
            MenuOption(
                value: source.id.rawValue, label: RatesSourceViewModel.name(of: source, in: l),
                selected: source.id == (query.source ?? output.source.id))
        }
        // The blend and the sources of no region first, then the central banks by region, then
        // the tax and customs authorities and the historical and international publishers (never blended).
        let taxAndCustoms = output.sources.filter { $0.kind == .taxAndCustoms }.map(option)
        let reference = output.sources.filter { $0.kind == .reference }.map(option)
        let sourceOptions = output.sources.filter { $0.region == nil && $0.kind != .taxAndCustoms && $0.kind != .reference }.map(option)
        let sourceGroups =
            RateSource.Region.allCases.compactMap { region -> MenuGroup? in
                let options = output.sources.filter { $0.region == region }.map(option)
                return options.isEmpty ? nil : MenuGroup(label: l.text(region.title), options: options)
            } + (taxAndCustoms.isEmpty ? [] : [MenuGroup(label: l.text(Message("Tax and customs rates")), options: taxAndCustoms)])
            + (reference.isEmpty ? [] : [MenuGroup(label: l.text(Message("Historical and international rates")), options: reference)])
        // The side's menu only for a source that publishes sides (or a side asked of one that does not, to say why).
        let sideError = errors[.side].map(l.text)
        let sideOptions =
            output.source.sides.count > 1 || sideError != nil
            ? output.source.sides.map { MenuOption(value: $0.rawValue, label: l.text($0.name), selected: $0 == query.side) }
            : []
        let receipt =
            output.askedDate == nil
            ? l.text("Rates of {day} ({age})", ["day": rates.dateText, "age": rates.age])
            : l.text(Self.receipt(asked: output.askedDate, snapshot: output.snapshot, today: output.today))
        return Converter.ViewModel(
            title: title,
            emptyTitle: appName,
            amount: typedAmount,
            amountError: errors[.amount].map(l.text),
            fromError: errors[.from].map(l.text),
            toError: errors[.to].map(l.text),
            // A date field holds only a real day (a browser drops anything else, and HTML forbids
            // it); a malformed one is quoted in the message instead.
            date: query.date?.description ?? "",
            dateError: errors[.date].map(l.text),
            minDate: Converter.firstRatesDay.description,
            maxDate: output.today.description,
            // A code the menu lacks (mistyped, or without rates) selects the "Choose" placeholder.
            fromOptions: SelectOptions(currencies, selected: output.accepted?.from ?? query.from, placeholder: placeholder),
            toOptions: SelectOptions(currencies, selected: output.accepted?.to ?? query.to, placeholder: placeholder),
            sourceOptions: sourceOptions,
            sourceGroups: sourceGroups,
            hasSources: sourceOptions.count + sourceGroups.map(\.options.count).reduce(0, +) > 1 || sourceError != nil,
            defaultSource: output.defaultSource.rawValue,
            sourceError: sourceError,
            sideOptions: sideOptions,
            hasSides: !sideOptions.isEmpty,
            sideError: sideError,
            details: details,
            hasResult: result != nil,
            result: result ?? .empty,
            rates: rates,
            // The latest rates' receipt is the source line's day and age, already written; a side's names it.
            receipt: output.side == .mid ? receipt : "\(receipt) · \(l.text(output.side.name))",
            convertURL: SiteURL.convert.path,
            swapURL: SiteURL.swap.path,
            aboutURL: SiteURL.about.path,
            converterURL: SiteURL.converter.path,
            maxIntegerDigits: Amount.maxIntegerDigits,
            maxFractionDigits: Amount.maxFractionDigits,
            offlineRatesURL: SiteURL.Route.offlineRates.pattern)
    }

    /// The currency menus' entries, `USD — US Dollar`; from the blend, each with how many
    /// providers quote it, as the blend's details list them (`PKR — Pakistani Rupee · 3 sources`).
    /// The blend's base, which every rate is against, is not counted.
    static func currencyChoices(_ currencies: [Currency], blend: BlendedDay?, in l: Localization) -> [SelectOptions.Choice] {
        // A dozen counts at most among 150 currencies: each count's words are written once.
        var counted: [Int: String] = [:]
        return currencies.map { currency in
            let label = "\(currency.code) — \(l.currencyName(currency))"
            guard let count = blend?.rates[currency.code]?.quotes.count, count > 0 else {
                return SelectOptions.Choice(value: currency.code, label: label)
            }
            let sources = counted[count] ?? l.plural("{count} source", "{count} sources", count: count)
            counted[count] = sources
            return SelectOptions.Choice(value: currency.code, label: "\(label) · \(sources)")
        }
    }

    /// Which day's rates a conversion used. The latest: `Rates of 2026-10-30 (3 days ago)`. A
    /// past date's: `Rates of Friday 2020-03-13`, and when that is not the day asked for, why
    /// (`, the last ECB business day on or before Sunday 2020-03-15`). The page writes it in
    /// its language, the JSON API in canonical English.
    static func receipt(asked: CalendarDate?, snapshot: RateSnapshot, today: CalendarDate) -> Message {
        let day = snapshot.effectiveDate
        guard let asked else {
            return Message("Rates of {day} ({age})", ["day": .day(day), "age": .daysAgo(day.days(until: today))])
        }
        guard day != asked else { return Message("Rates of {day}", ["day": .dayWithWeekday(day)]) }
        // The ECB's days, alone or as the whole blend, are its business days.
        let isECB = snapshot.isBlend ? snapshot.blend?.sources == [RateSource.ecb.id] : snapshot.source.provider == RateSourceID.ecb
        return isECB
            ? Message(
                "Rates of {day}, the last ECB business day on or before {asked}",
                ["day": .dayWithWeekday(day), "asked": .dayWithWeekday(asked)])
            : Message(
                "Rates of {day}, the last day with rates on or before {asked}",
                ["day": .dayWithWeekday(day), "asked": .dayWithWeekday(asked)])
    }

    /// A converted page's key and its amount's texts (``Converter/ResultKey``,
    /// ``amountTexts(of:in:)``): `nil` for a page that converted nothing.
    package static func frame(of output: Converter.Output, in l: Localization) -> (key: Converter.ResultKey, texts: Converter.AmountTexts)?
    {
        guard case .converted(let conversion) = output.outcome, let texts = amountTexts(of: output, in: l) else { return nil }
        let key = Converter.ResultKey(
            rates: output.snapshot.versionKey, today: output.today, language: l.language, chosenSource: output.query.source,
            source: output.source.id, sources: output.sourcesKey, defaultSource: output.defaultSource, typedDate: output.query.date,
            askedDate: output.askedDate,
            accepted: output.accepted.map { .init(from: $0.from, to: $0.to, date: $0.date, source: $0.source, side: $0.side) },
            from: conversion.from.code, to: conversion.to.code, alternatives: output.alternatives.map(\.to.code))
        return (key, texts)
    }

    /// A conversion's rates both ways and its currencies' names.
    static func lines(of conversion: Conversion, in l: Localization) -> Converter.PairLines {
        let fromName = l.currencyName(conversion.from), toName = l.currencyName(conversion.to)
        return Converter.PairLines(
            rate: rateLine(conversion.rate, number: l.number), inverseRate: rateLine(conversion.inverseRate, number: l.number),
            fromName: fromName, toName: toName, names: l.text("{from} → {to}", ["from": fromName, "to": toName]))
    }

    /// The texts of a page of `output` that follow from its amount, when it converted.
    static func amountTexts(of output: Converter.Output, in l: Localization) -> Converter.AmountTexts? {
        guard case .converted(let conversion) = output.outcome else { return nil }
        return amountTexts(of: conversion, typed: output.query.typed.amount ?? "", alternatives: output.alternatives, in: l)
    }

    private static func amountTexts(
        of conversion: Conversion, typed: String, alternatives: [AlternativeResult], in l: Localization
    ) -> Converter.AmountTexts {
        Converter.AmountTexts(
            typed: typed, amount: l.number(conversion.amount.value.plainText), canonicalAmount: conversion.amount.text,
            result: l.number(conversion.to.text(of: conversion.result)),
            alternatives: alternatives.map { l.number($0.to.text(of: $0.result)) })
    }

    func present(
        _ conversion: Conversion, alternatives: [AlternativeResult] = [], on date: CalendarDate? = nil, source: RateSourceID? = nil,
        side: RateSide? = nil, historySource: RateSourceID? = nil, texts: Converter.AmountTexts? = nil, in l: Localization
    ) -> Converter.ResultViewModel {
        let texts = texts ?? Self.amountTexts(of: conversion, typed: conversion.amount.text, alternatives: alternatives, in: l)
        let amountText = Self.amountText(texts.amount, conversion)
        let resultText = Self.resultText(texts.result, conversion)
        let lines = Self.lines(of: conversion, in: l)
        return Converter.ResultViewModel(
            summary: Self.summary(amountText: amountText, resultText: resultText),
            amountText: amountText,
            resultText: resultText,
            rate: lines.rate,
            inverseRate: lines.inverseRate,
            fromName: lines.fromName,
            toName: lines.toName,
            names: lines.names,
            alternatives: zip(alternatives, texts.alternatives).map { other, text in
                Converter.AlternativeViewModel(
                    text: "\(text) \(other.to.code)", name: l.currencyName(other.to),
                    url: SiteURL.conversion(
                        from: conversion.from.code, to: other.to.code, amount: texts.canonicalAmount, date: date, source: source,
                        side: side
                    ).path)
            },
            url: SiteURL.conversion(
                from: conversion.from.code, to: conversion.to.code, amount: texts.canonicalAmount, date: date, source: source, side: side
            ).path,
            historyURL: Self.historyURL(of: conversion, on: date, source: historySource ?? source),
            historyLabel: l.text(Self.historyLabel(on: date)))
    }

    /// `100 USD`, from the amount's number as written.
    static func amountText(_ amount: String, _ conversion: Conversion) -> String { "\(amount) \(conversion.from.code)" }
    /// `88.87 EUR`, from the result's own text.
    static func resultText(_ result: String, _ conversion: Conversion) -> String { "\(result) \(conversion.to.code)" }
    /// `100 USD = 88.87 EUR`.
    static func summary(amountText: String, resultText: String) -> String { "\(amountText) = \(resultText)" }
    /// The pair's history page: the last year, or the year around a past day, from the same source.
    static func historyURL(of conversion: Conversion, on date: CalendarDate?, source: RateSourceID? = nil) -> String {
        SiteURL.rateHistory(from: conversion.from.code, to: conversion.to.code, date: date, source: source).path
    }

    /// The blend's make-up for `from` → `to`: each provider quoting both, its own rate of the
    /// pair (rebased through the euro) and its day, and why it did not count where it did not.
    func details(_ blend: BlendedDay, from: String, to: String, in l: Localization) -> Converter.SourceDetailsViewModel? {
        func quotes(_ code: String) -> [RateSourceID: ProviderQuote]? {
            guard code != blend.base else { return nil }
            return Dictionary((blend.rates[code]?.quotes ?? []).map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let fromQuotes = quotes(from), toQuotes = quotes(to)
        let quoting = providers.official.map(\.id).filter { id in
            (fromQuotes == nil || fromQuotes?[id] != nil) && (toQuotes == nil || toQuotes?[id] != nil)
        }
        let rows = quoting.compactMap { id -> Converter.SourceDetailRowViewModel? in
            let fromQuote = fromQuotes?[id], toQuote = toQuotes?[id]
            guard let date = [fromQuote?.date, toQuote?.date].compactMap({ $0 }).max() else { return nil }
            let rate = ExchangeRate(from: from, to: to, numerator: toQuote?.rate ?? 1, denominator: fromQuote?.rate ?? 1)
            let exclusion = fromQuote?.exclusion ?? toQuote?.exclusion
            let note: String? =
                switch exclusion {
                case .outlier(_, let deviation)?:
                    l.text(
                        "screened out: {deviation} % from the others",
                        ["deviation": l.number((deviation * 100).plainText(minimumFractionDigits: 1, significantDigits: 2))])
                case .pegged?: l.text("not used: the currency is pegged")
                case nil: nil
                }
            // The page's day goes without saying (the unit line names it): a row names only another.
            return Converter.SourceDetailRowViewModel(
                provider: RatesSourceViewModel.name(of: providers.source(id), in: l), rate: l.number(rate.text),
                day: date == blend.date ? nil : l.date(date), dayISO: date == blend.date ? nil : date.description, note: note)
        }
        guard !rows.isEmpty else { return nil }
        return Converter.SourceDetailsViewModel(
            summary: l.plural("Rates from {count} central bank", "Rates from {count} central banks", count: rows.count),
            unit: l.text(
                "1 {from} in {to}, each of {day} unless another day is shown", ["from": from, "to": to, "day": l.date(blend.date)]),
            rows: rows)
    }
    static func historyLabel(on date: CalendarDate?) -> Message {
        date.map { Message("See this pair over time around {day}", ["day": .day($0)]) } ?? Message("Rate history of this pair")
    }

    func presentUnavailable(in l: Localization) -> Converter.UnavailableViewModel {
        Converter.UnavailableViewModel(
            title: "\(l.text("Rates not available")) · \(l.text("Currency Converter"))",
            message: l.text("Exchange rates are not available yet. Please try again in a moment."),
            retryURL: SiteURL.converter.path,
            aboutURL: SiteURL.about.path)
    }

    /// `1 USD = 0.9234 EUR`: four decimals, or four significant digits for rates below 0.001;
    /// the number as `number` writes it (canonical by default).
    static func rateLine(_ rate: ExchangeRate, number: (String) -> String = { $0 }) -> String {
        "1 \(rate.from) = \(number(rate.text)) \(rate.to)"
    }
}
