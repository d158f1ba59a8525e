import Core
import Foundation

extension RateSource {
    // The interbank market's mid rates of a day are published the same afternoon.
    package static let bfm = official(
        "bfm", "Banky Foiben'i Madagasikara", website: "https://www.banky-foibe.mg/", home: "MGA", quotation: .basePerUnit, country: "MG",
        rateType: "interbank mid rate", region: .africa, terms: "https://www.banky-foibe.mg/",
        publishes: .init(hour: 16, minute: 0, timeZone: "Indian/Antananarivo"))
}

extension ProviderDeclaration {
    /// A form POSTed per currency over a range answers JSON: `{"data": {"data": {"coursMid":
    /// {"2026-09-23": "4 983,29"}}}}`, ariary per unit written with a space between thousands
    /// and a decimal comma (the same figures again as `grapheData`, plainly, are not read).
    static let bfm = ProviderDeclaration(
        source: .bfm, origin: "https://www.banky-foibe.mg",
        series: ["EUR", "USD", "GBP", "CHF", "JPY", "CAD", "DKK", "NOK"].map { .init($0) },
        documents: { series in
            .range(maxDays: 366) {
                .post(
                    "/admin/wp-json/bfm/cours_mid_en_ar_filter",
                    "dateFilterDebut=\(FormPage.encoded(QueryDate.slashedYearFirst($0.lowerBound)))"
                        + "&dateFilterFin=\(FormPage.encoded(QueryDate.slashedYearFirst($0.upperBound)))&filterData=\(series.code)",
                    contentType: "application/x-www-form-urlencoded")
            }
        },
        minimumCurrencies: 1,
        parse: { data, series throws(RatesProviderError) in
            struct Document: Decodable {
                struct Outer: Decodable { let data: Inner }
                struct Inner: Decodable { let coursMid: [String: String] }
                let data: Outer
            }
            var days = PublishedDays(.bfm)
            for (written, value) in try PublishedJSON.decode(Document.self, from: data, what: "Banky Foiben'i Madagasikara mid rates").data
                .data.coursMid
            {
                let digits = value.filter { !$0.isWhitespace }
                guard let date = CalendarDate(iso8601: written), let rate = Decimal(published: digits) else {
                    throw .unreadable("\(series.code) on \(written.prefix(20)) is \(value.prefix(20))")
                }
                try days.add(series.code, rate, on: date)
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
