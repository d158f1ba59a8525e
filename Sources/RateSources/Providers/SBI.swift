import Core
import Foundation

extension RateSource {
    // The official reference rates are set at 11:00.
    package static let sbi = official(
        "sbi", "Seðlabanki Íslands", website: "https://www.sedlabanki.is/hagtolur/opinber-gengisskraning/", home: "ISK",
        quotation: .basePerUnit, country: "IS", rateType: "middle rate (miðgengi)", region: .europe, terms: "https://www.sedlabanki.is/",
        publishes: .init(hour: 11, minute: 15, timeZone: "Atlantic/Reykjavik"))
}

extension ProviderDeclaration {
    /// The bank's XML time series, two groups per range (9, the official reference rates, and
    /// 7, the other middle rates): `<TimeSeries><Name>Bandaríkjadalur</Name><Description>…,
    /// skráð miðgengi.</Description><TimeSeriesData><Entry><Date>3/24/2026 12:00:00 AM</Date>
    /// <Value>124.440000</Value>`. Krónur per unit; currencies named only in Icelandic (the
    /// table below); days month first. Buying and selling series and the retired currencies'
    /// empty ones are left out; a middle rate under a name not in the table is refused.
    static let sbi = ProviderDeclaration(
        source: .sbi, origin: "https://sedlabanki.is",
        // Each group is a "series" of several currencies, keyed by its id.
        series: [.init("EUR", key: "9"), .init("CNY", key: "7")],
        documents: { group in
            .range(maxDays: 366) {
                "/xmltimeseries/Default.aspx?DagsFra=\($0.lowerBound)&DagsTil=\($0.upperBound)&GroupID=\(group.key)&Type=xml"
            }
        },
        parse: { data, _ throws(RatesProviderError) in
            let what = "a Seðlabanki Íslands time series document"
            // The middle-rate series that hold days, by their ids; then their entries, which carry the id of theirs.
            let group = try XMLRecords.read(data, record: ["TimeSeries"], what: what)
            guard group.attributes["ID"] != nil else { throw .unreadable("not \(what): no group") }
            var codes: [String: String] = [:]
            for series in group.records
            where series["Description"]?.hasSuffix("skráð miðgengi.") == true && series["Date"] != nil {
                let name = series["Name"] ?? ""
                guard let code = sbiNames[name], let id = series.attributes["ID"] else {
                    throw .unreadable("a middle rate of \(name.prefix(40)), a currency not known")
                }
                codes[id] = code
            }
            var days = PublishedDays(.sbi)
            for entry in try XMLRecords.read(data, record: ["Entry"], what: what).records {
                guard let code = entry.attributes["ID"].flatMap({ codes[$0] }) else { continue }
                let written = entry["Date"] ?? ""
                let parts = written.split(separator: " ").first?.split(separator: "/").compactMap { Int($0) } ?? []
                guard parts.count == 3, let date = CalendarDate(year: parts[2], month: parts[0], day: parts[1]) else {
                    throw .unreadable("\(code) is dated \(written.prefix(30))")
                }
                guard let rate = entry["Value"].flatMap(Decimal.init(published:)) else {
                    throw .unreadable("\(code) on \(date) is \(entry["Value"]?.prefix(20) ?? "missing")")
                }
                try days.add(code, rate, on: date)
            }
            return days.isEmpty ? [] : try days.fetched()
        })

    /// Icelandic names of the currencies the bank quotes.
    static let sbiNames = [
        "Bandaríkjadalur": "USD", "Dönsk króna": "DKK", "Evra": "EUR", "Japanskt jen": "JPY", "Kanadadalur": "CAD", "Norsk króna": "NOK",
        "Sérstök dráttarréttindi- SDR": "XDR", "Sterlingspund": "GBP", "Svissneskur franki": "CHF", "Sænsk króna": "SEK",
        "Kínverskt júan": "CNY", "Pólskt slot": "PLN", "Nígerísk næra": "NGN", "Tævanskur dalur": "TWD", "Suðurkóreskt vonn": "KRW",
        "Súrinamskur dalur": "SRD", "Ástralíudalur": "AUD", "Ný-Sjálenskur dalur": "NZD", "Hong Kong dalur": "HKD",
        "Ungversk forinta": "HUF", "Ísraelskur sikill": "ILS", "Suður-Afrískt rand": "ZAR", "Singapúrskur dalur": "SGD",
        "Mexíkóskur pesi": "MXN", "Tyrknesk líra": "TRY", "Indversk rúpía": "INR", "Tékknesk króna": "CZK", "Brasilískt ríal": "BRL",
        "Tælenskt bat": "THB", "Jamaískur dalur": "JMD", "Sádi-arabískt ríal": "SAR", "Kúveiskur denari": "KWD",
        "Rússnesk rúbla": "RUB", "Búlgarskt lef": "BGN",
    ]
}
