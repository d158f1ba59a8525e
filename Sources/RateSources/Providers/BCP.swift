import Core
import Foundation

extension RateSource {
    // The day's reference rates are published in the afternoon.
    package static let bcp = official(
        "bcp", "Banco Central del Paraguay", website: "https://www.bcp.gov.py/webapps/web/cotizacion/monedas", home: "PYG",
        quotation: .basePerUnit, country: "PY", rateType: "reference rate", region: .americas, terms: "https://www.bcp.gov.py/",
        publishes: .init(hour: 17, minute: 0, timeZone: "America/Asuncion"))
}

extension ProviderDeclaration {
    /// A page per currency and year: under its title (`PLANILLA DE COTIZACIONES DEL AÑO 2024 DE
    /// MONEDA YEN JAPONES`) a table of days by months, `#, ENE, FEB, …, DIC`, guaraníes per unit
    /// written `7.281,04` (a dot between thousands, a decimal comma), `ND` where there is no
    /// rate. Gold (XAU, per troy ounce) is stored as published. A page cut short is refused.
    static let bcp = ProviderDeclaration(
        source: .bcp, origin: "https://www.bcp.gov.py",
        series: [
            "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "CNY", "BRL", "ARS", "CLP", "MXN", "UYU", "COP", "BOB", "NZD", "ZAR", "SEK",
            "DKK", "NOK", "AED", "PEN", "SGD", "TWD", "XAU",
        ].map { .init($0) },
        documents: { series in .year { "/webapps/web/cotizacion/monedas-historica?anho=\($0)&moneda=\(series.code)" } },
        minimumCurrencies: 1,
        parse: { data, series throws(RatesProviderError) in
            let what = "a Banco Central del Paraguay year page"
            guard HTMLTables.isWhole(data) else { throw .unreadable("not \(what): the page is cut short") }
            let tables = try HTMLTables(data, what: what).tables
            let months = ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"]
            guard let title = tables.first?.first?.first, let table = tables.first(where: { $0.first == ["#"] + months }),
                let yearStart = title.range(of: "COTIZACIONES DEL A")?.upperBound,
                let year = Int(title[yearStart...].drop { !$0.isNumber }.prefix(4))
            else { throw .unreadable("not \(what): no year's table of days by months") }
            var days = PublishedDays(.bcp)
            for row in table.dropFirst() where row.count == 13 {
                guard let day = Int(row[0]) else { throw .unreadable("a row is numbered \(row[0].prefix(10))") }
                for (month, written) in row.dropFirst().enumerated() where written != "ND" {
                    let plain = written.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
                    guard let date = CalendarDate(year: year, month: month + 1, day: day), let rate = Decimal(plainText: plain) else {
                        throw .unreadable("\(series.code) on \(day) \(months[month]) \(year) is \(written.prefix(20))")
                    }
                    try days.add(series.code, rate, on: date)
                }
            }
            return days.isEmpty ? [] : try days.fetched()
        })
}
