import Core
import Foundation
import Web

/// Turns the interactor's output into what the page shows. All formatting lives here: the amount
/// as typed, results in exactly the target currency's minor units (`89.50 EUR`), rates to four
/// decimals (more for small rates), the source line, each number in the page's language.
package struct ConverterPresenter: Sendable {
    /// The cookie the live script sets; `Secure` when the site's cookies are.
    package let rememberCookie: String
    package let rememberDatedCookie: String

    package init(cookieSecure: Bool = false) {
        rememberCookie = LastConversionCookie.template(secure: cookieSecure)
        rememberDatedCookie = LastConversionCookie.template(secure: cookieSecure, dated: true)
    }

    /// The page for `output` in `l`'s language. `menu` is the currency menu for
    /// `output.currencies` in that language when the caller keeps one (the view does, per set of
    /// currencies and language); otherwise it is built here.
    /// `parts`, when the caller keeps them, are ``parts(of:in:)`` of an output of the same
    /// ``partsKey(of:in:)``.
    /// `texts`, when given, are the amount's texts to write (a frame's markers, ``Converter/AmountTexts/markers(alternatives:)``)
    /// instead of ``amountTexts(of:in:)``.
    package func present(
        _ output: Converter.Output, in l: Localization, menu: CurrencyMenu? = nil, parts kept: Converter.PairParts? = nil,
        texts: Converter.AmountTexts? = nil
    ) -> Converter.ViewModel {
        let errors: [Converter.Field: Message]
        if case .invalid(let messages) = output.outcome { errors = messages } else { errors = [:] }
        let menu = menu ?? CurrencyMenu(currencies: output.currencies, in: l)
        let parts = kept ?? parts(of: output, in: l)
        let selectedFrom = output.accepted?.from ?? output.input.from.map { $0.uppercased() }
        let selectedTo = output.accepted?.to ?? output.input.to.map { $0.uppercased() }
        let appName = l.text("Currency Converter")
        let rates = parts.rates

        var result: Converter.ResultViewModel?
        var details: Preencoded<Converter.SourceDetailsViewModel>?
        var title = appName
        let source = output.accepted?.source
        var amount = output.input.amount ?? ""
        if case .converted(let conversion) = output.outcome {
            let texts = texts ?? Self.amountTexts(of: conversion, typed: amount, alternatives: output.alternatives, in: l)
            amount = texts.typed
            // The history page shows the blend unless told otherwise: name the source shown when it is another.
            let shown = output.source.id == RateSnapshot.blendSource ? nil : output.source.id
            let presented = present(
                conversion, alternatives: output.alternatives, on: output.askedDate, source: source, historySource: shown,
                lines: parts.lines, texts: texts, in: l)
            details = parts.details
            result = presented
            let heading =
                output.askedDate.map { l.text("{conversion} on {day}", ["conversion": presented.summary, "day": l.date($0)]) }
                ?? l.isolated(presented.summary)
            title = "\(heading) · \(appName)"
        }
        return Converter.ViewModel(
            title: title,
            emptyTitle: appName,
            amount: amount,
            amountError: errors[.amount].map(l.text),
            fromError: errors[.from].map(l.text),
            toError: errors[.to].map(l.text),
            // A date field holds only a real day (a browser drops anything else, and HTML forbids
            // it); a malformed one is quoted in the message instead.
            date: output.input.date.flatMap { CalendarDate(iso8601: $0)?.description } ?? "",
            dateError: errors[.date].map(l.text),
            minDate: Converter.firstRatesDay.description,
            maxDate: output.today.description,
            // A code the menu lacks (mistyped, or without rates) selects the "Choose" placeholder.
            fromOptions: menu.menu(selecting: selectedFrom),
            toOptions: menu.menu(selecting: selectedTo),
            sourceOptions: parts.sourceOptions,
            defaultSource: output.defaultSource,
            sourceError: errors[.source].map(l.text),
            details: details,
            hasResult: result != nil,
            result: result ?? .empty,
            rates: rates,
            // The latest rates' receipt is the source line's day and age, already written.
            receipt: output.askedDate == nil
                ? l.text("Rates of {day} ({age})", ["day": rates.dateText, "age": rates.age])
                : l.text(Self.receipt(asked: output.askedDate, snapshot: output.snapshot, today: output.today)),
            convertURL: SiteURL.convert.path,
            swapURL: SiteURL.swap.path,
            aboutURL: SiteURL.about.path,
            converterURL: SiteURL.converter.path,
            maxIntegerDigits: Amount.maxIntegerDigits,
            maxFractionDigits: Amount.maxFractionDigits,
            rememberCookie: rememberCookie,
            rememberDatedCookie: rememberDatedCookie)
    }

    /// Which day's rates a conversion used. The latest: `Rates of 2026-10-30 (3 days ago)`. A
    /// past date's: `Rates of Friday 2020-03-13`, and when that is not the day asked for, why
    /// (`, the last ECB business day on or before Sunday 2020-03-15`). The page writes it in
    /// its language, the JSON API in canonical English.
    package static func receipt(asked: CalendarDate?, snapshot: RateSnapshot, today: CalendarDate) -> Message {
        let day = snapshot.effectiveDate
        guard let asked else {
            return Message("Rates of {day} ({age})", ["day": .day(day), "age": .daysAgo(day.days(until: today))])
        }
        guard day != asked else { return Message("Rates of {day}", ["day": .dayWithWeekday(day)]) }
        // The ECB's days, alone or as the whole blend, are its business days.
        let isECB = snapshot.isBlend ? snapshot.blend?.sources == [RateSource.ecb.id] : snapshot.provider.name == RateSource.ecb.name
        return isECB
            ? Message(
                "Rates of {day}, the last ECB business day on or before {asked}",
                ["day": .dayWithWeekday(day), "asked": .dayWithWeekday(asked)])
            : Message(
                "Rates of {day}, the last day with rates on or before {asked}",
                ["day": .dayWithWeekday(day), "asked": .dayWithWeekday(asked)])
    }

    /// What a page says that follows from its rates, its pair, its source and its language, not
    /// from the amount: the source line and menu, the banks' details, the rates both ways and the
    /// names. A view that keeps them (``ConverterView``) spares every page of the same pair making
    /// them again: the nine banks' rates of a blend's details were most of a result page's time.
    package func parts(of output: Converter.Output, in l: Localization) -> Converter.PairParts {
        var parts = Converter.PairParts(
            rates: Preencoded(RatesSourceViewModel(snapshot: output.snapshot, today: output.today, in: l)),
            sourceOptions: Preencoded(
                output.sources.map {
                    Converter.SourceOptionViewModel(
                        value: $0.id, label: RatesSourceViewModel.name(of: $0, in: l),
                        selected: $0.id == (output.input.chosenSource?.lowercased() ?? output.source.id))
                }))
        if case .converted(let conversion) = output.outcome {
            parts.lines = Self.lines(of: conversion, in: l)
            parts.details = output.snapshot.blend
                .flatMap { Self.details($0, from: conversion.from.code, to: conversion.to.code, in: l) }
                .map(Preencoded.init)
        }
        return parts
    }

    /// What ``parts(of:in:)`` follows from: equal keys, equal parts.
    package static func partsKey(of output: Converter.Output, in l: Localization) -> String {
        var key = output.snapshot.versionKey
        for part in [
            output.today.description, l.language.rawValue, output.input.chosenSource?.lowercased() ?? "", output.source.id,
            output.sources.map(\.id).joined(separator: ","),
        ] {
            key += "|" + part
        }
        if case .converted(let conversion) = output.outcome { key += "|" + conversion.from.code + "|" + conversion.to.code }
        return key
    }

    /// What a converted page follows from besides its ``Converter/AmountTexts``: equal keys, the
    /// same page frame (``PageFrame``). Its parts' key, with the day and source asked for and the
    /// alternatives' currencies.
    package static func frameKey(of output: Converter.Output, in l: Localization) -> String {
        var key = partsKey(of: output, in: l)
        for part in [
            output.input.date.flatMap { CalendarDate(iso8601: $0)?.description } ?? "", output.askedDate?.description ?? "",
            output.accepted.map { "\($0.from) \($0.to) \($0.date?.description ?? "") \($0.source ?? "")" } ?? "", output.defaultSource,
        ] {
            key += "|" + part
        }
        for other in output.alternatives { key += "|" + other.to.code }
        return key
    }

    /// A conversion's rates both ways and its currencies' names.
    package static func lines(of conversion: Conversion, in l: Localization) -> Converter.PairLines {
        let fromName = l.currencyName(conversion.from), toName = l.currencyName(conversion.to)
        return Converter.PairLines(
            rate: rateLine(conversion.rate, number: l.number), inverseRate: rateLine(conversion.inverseRate, number: l.number),
            fromName: fromName, toName: toName, names: l.text("{from} → {to}", ["from": fromName, "to": toName]))
    }

    /// The texts of a page of `output` that follow from its amount, when it converted.
    package static func amountTexts(of output: Converter.Output, in l: Localization) -> Converter.AmountTexts? {
        guard case .converted(let conversion) = output.outcome else { return nil }
        return amountTexts(of: conversion, typed: output.input.amount ?? "", alternatives: output.alternatives, in: l)
    }

    private static func amountTexts(
        of conversion: Conversion, typed: String, alternatives: [AlternativeResult], in l: Localization
    ) -> Converter.AmountTexts {
        Converter.AmountTexts(
            typed: typed, amount: l.number(conversion.amount.value.plainText), canonicalAmount: conversion.amount.text,
            result: l.number(conversion.to.text(of: conversion.result)),
            alternatives: alternatives.map { l.number($0.to.text(of: $0.result)) })
    }

    package func present(
        _ conversion: Conversion, alternatives: [AlternativeResult] = [], on date: CalendarDate? = nil, source: String? = nil,
        historySource: String? = nil, lines kept: Converter.PairLines? = nil, texts: Converter.AmountTexts? = nil, in l: Localization
    ) -> Converter.ResultViewModel {
        let texts = texts ?? Self.amountTexts(of: conversion, typed: conversion.amount.text, alternatives: alternatives, in: l)
        let amountText = Self.amountText(texts.amount, conversion)
        let resultText = Self.resultText(texts.result, conversion)
        let lines = kept ?? Self.lines(of: conversion, in: l)
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
                        from: conversion.from.code, to: other.to.code, amount: texts.canonicalAmount, date: date, source: source
                    ).path)
            },
            url: SiteURL.conversion(
                from: conversion.from.code, to: conversion.to.code, amount: texts.canonicalAmount, date: date, source: source
            ).path,
            historyURL: Self.historyURL(of: conversion, on: date, source: historySource ?? source),
            historyLabel: l.text(Self.historyLabel(on: date)))
    }

    /// `100 USD`, from the amount's number as written.
    package static func amountText(_ amount: String, _ conversion: Conversion) -> String { "\(amount) \(conversion.from.code)" }
    /// `88.87 EUR`, from the result's own text.
    package static func resultText(_ result: String, _ conversion: Conversion) -> String { "\(result) \(conversion.to.code)" }
    /// `100 USD = 88.87 EUR`.
    package static func summary(amountText: String, resultText: String) -> String { "\(amountText) = \(resultText)" }
    /// The pair's history page: the last year, or the year around a past day, from the same source.
    package static func historyURL(of conversion: Conversion, on date: CalendarDate?, source: String? = nil) -> String {
        SiteURL.rateHistory(from: conversion.from.code, to: conversion.to.code, date: date, source: source).path
    }

    /// The blend's make-up for `from` → `to`: each provider quoting both, its own rate of the
    /// pair (rebased through the euro) and its day, and why it did not count where it did not.
    package static func details(_ blend: BlendedDay, from: String, to: String, in l: Localization) -> Converter.SourceDetailsViewModel? {
        func quotes(_ code: String) -> [String: ProviderQuote]? {
            guard code != blend.base else { return nil }
            return Dictionary((blend.rates[code]?.quotes ?? []).map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let fromQuotes = quotes(from), toQuotes = quotes(to)
        let providers = RateSource.officialProviders.map(\.id).filter { id in
            (fromQuotes == nil || fromQuotes?[id] != nil) && (toQuotes == nil || toQuotes?[id] != nil)
        }
        let rows = providers.compactMap { id -> Converter.SourceDetailRowViewModel? in
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
            return Converter.SourceDetailRowViewModel(
                provider: RatesSourceViewModel.name(of: RateSource.withID(id), in: l), rate: rateLine(rate, number: l.number),
                day: l.date(date), dayISO: date.description, note: note)
        }
        guard !rows.isEmpty else { return nil }
        return Converter.SourceDetailsViewModel(
            summary: l.plural("Rates from {count} central bank", "Rates from {count} central banks", count: rows.count), rows: rows)
    }
    package static func historyLabel(on date: CalendarDate?) -> Message {
        date.map { Message("See this pair over time around {day}", ["day": .day($0)]) } ?? Message("Rate history of this pair")
    }

    package func presentUnavailable(in l: Localization) -> Converter.UnavailableViewModel {
        Converter.UnavailableViewModel(
            title: "\(l.text("Rates not available")) · \(l.text("Currency Converter"))",
            message: l.text("Exchange rates are not available yet. Please try again in a moment."),
            retryURL: SiteURL.converter.path,
            aboutURL: SiteURL.about.path)
    }

    /// `1 USD = 0.9234 EUR`: four decimals, or four significant digits for rates below 0.001;
    /// the number as `number` writes it (canonical by default).
    package static func rateLine(_ rate: ExchangeRate, number: (String) -> String = { $0 }) -> String {
        "1 \(rate.from) = \(number(rate.text)) \(rate.to)"
    }
}
