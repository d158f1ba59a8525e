import Foundation

/// Turns the interactor's output into what the page shows. All formatting lives here: numbers
/// with `.` and no trailing zeros, rates to four decimals (more for small rates), the source line.
struct ConverterPresenter: Sendable {
    /// The cookie the live script sets; `Secure` when the site's cookies are.
    let rememberCookie: String
    let rememberDatedCookie: String

    init(cookieSecure: Bool = false) {
        rememberCookie = LastConversionCookie.template(secure: cookieSecure)
        rememberDatedCookie = LastConversionCookie.template(secure: cookieSecure, dated: true)
    }

    /// The page for `output`. `menu` is the currency menu for `output.currencies` when the caller
    /// keeps one (the view does, per set of currencies); otherwise it is built here.
    func present(_ output: Converter.Output, menu: CurrencyMenu? = nil) -> Converter.ViewModel {
        let errors: [Converter.Field: String]
        if case .invalid(let messages) = output.outcome { errors = messages } else { errors = [:] }
        let menu = menu ?? CurrencyMenu(currencies: output.currencies)
        let selectedFrom = output.accepted?.from ?? output.input.from.map { $0.uppercased() }
        let selectedTo = output.accepted?.to ?? output.input.to.map { $0.uppercased() }

        var result: Converter.ResultViewModel?
        var title = "\(AppInfo.name)"
        if case .converted(let conversion) = output.outcome {
            result = present(conversion, alternatives: output.alternatives, on: output.askedDate)
            title = "\(result!.summary)\(output.askedDate.map { " on \($0)" } ?? "") · \(AppInfo.name)"
        }
        return Converter.ViewModel(
            title: title,
            amount: output.input.amount ?? "",
            amountError: errors[.amount],
            fromError: errors[.from],
            toError: errors[.to],
            // A date field holds only a real day (a browser drops anything else, and HTML forbids
            // it); a malformed one is quoted in the message instead.
            date: output.input.date.flatMap { CalendarDate(iso8601: $0)?.description } ?? "",
            dateError: errors[.date],
            minDate: Converter.firstRatesDay.description,
            maxDate: output.today.description,
            // A code the menu lacks (mistyped, or without rates) selects the "Choose" placeholder.
            fromOptions: menu.html(selecting: selectedFrom),
            toOptions: menu.html(selecting: selectedTo),
            hasResult: result != nil,
            result: result ?? .empty,
            rates: RatesSourceViewModel(snapshot: output.snapshot, today: output.today),
            receipt: output.askedDate.map { Self.receipt(asked: $0, snapshot: output.snapshot, today: output.today) },
            convertURL: SiteURL.convert.path,
            swapURL: SiteURL.swap.path,
            aboutURL: SiteURL.about.path,
            apiConvertURL: SiteURL.apiConvert.path,
            converterURL: SiteURL.converter.path,
            maxIntegerDigits: Amount.maxIntegerDigits,
            maxFractionDigits: Amount.maxFractionDigits,
            rememberCookie: rememberCookie,
            rememberDatedCookie: rememberDatedCookie)
    }

    /// Which day's rates a conversion used. The latest: `Rates of 2026-10-30 (3 days ago)`. A
    /// past date's: `Rates of Friday 2020-03-13`, and when that is not the day asked for, why
    /// (`, the last ECB business day on or before Sunday 2020-03-15`).
    static func receipt(asked: CalendarDate?, snapshot: RateSnapshot, today: CalendarDate) -> String {
        guard let asked else {
            return "Rates of \(snapshot.effectiveDate) (\(RatesSourceViewModel.age(of: snapshot.effectiveDate, today: today)))"
        }
        let day = "Rates of \(DateText.dayWithWeekday(snapshot.effectiveDate))"
        guard snapshot.effectiveDate != asked else { return day }
        let which = snapshot.provider.name == RateSource.ecb.name ? "the last ECB business day" : "the last day with rates"
        return "\(day), \(which) on or before \(DateText.dayWithWeekday(asked))"
    }

    func present(
        _ conversion: Conversion, alternatives: [AlternativeResult] = [], on date: CalendarDate? = nil
    ) -> Converter.ResultViewModel {
        let amountText = Self.amountText(conversion)
        let resultText = Self.resultText(conversion.result.plainText, conversion)
        return Converter.ResultViewModel(
            summary: Self.summary(amountText: amountText, resultText: resultText),
            amountText: amountText,
            resultText: resultText,
            rate: Self.rateLine(conversion.rate),
            inverseRate: Self.rateLine(conversion.inverseRate),
            fromName: conversion.from.name,
            toName: conversion.to.name,
            alternatives: alternatives.map { other in
                Converter.AlternativeViewModel(
                    text: "\(other.result.plainText) \(other.to.code)", name: other.to.name,
                    url: Self.url(of: other, from: conversion, on: date))
            },
            historyURL: Self.historyURL(of: conversion, on: date),
            historyLabel: Self.historyLabel(on: date))
    }

    /// `100 USD`.
    static func amountText(_ conversion: Conversion) -> String { "\(conversion.amount.value.plainText) \(conversion.from.code)" }
    /// `88.87 EUR`, from the result's own text.
    static func resultText(_ result: String, _ conversion: Conversion) -> String { "\(result) \(conversion.to.code)" }
    /// `100 USD = 88.87 EUR`.
    static func summary(amountText: String, resultText: String) -> String { "\(amountText) = \(resultText)" }
    /// The result page of the same amount in `other`'s currency, on the same day.
    static func url(of other: AlternativeResult, from conversion: Conversion, on date: CalendarDate?) -> String {
        SiteURL.conversion(from: conversion.from.code, to: other.to.code, amount: conversion.amount.text, date: date).path
    }
    /// The pair's history page: the last year, or the year around a past day.
    static func historyURL(of conversion: Conversion, on date: CalendarDate?) -> String {
        SiteURL.rateHistory(from: conversion.from.code, to: conversion.to.code, date: date).path
    }
    static func historyLabel(on date: CalendarDate?) -> String {
        date.map { "See this pair over time around \($0)" } ?? "Rate history of this pair"
    }

    func presentUnavailable() -> Converter.UnavailableViewModel {
        Converter.UnavailableViewModel(
            title: "Rates not available · \(AppInfo.name)",
            message: "Exchange rates are not available yet. Please try again in a moment.",
            retryURL: SiteURL.converter.path,
            aboutURL: SiteURL.about.path)
    }

    /// `1 USD = 0.9234 EUR`: four decimals, or four significant digits for rates below 0.001.
    static func rateLine(_ rate: ExchangeRate) -> String {
        "1 \(rate.from) = \(rate.rate.rateText) \(rate.to)"
    }
}
