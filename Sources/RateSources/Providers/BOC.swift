import Core
import Foundation

extension RateSource {
    package static let boc = official(
        "boc", "Bank of Canada", website: "https://www.bankofcanada.ca/rates/exchange/daily-exchange-rates/",
        home: "CAD", quotation: .basePerUnit, country: "CA", rateType: "indicative rate",
        region: .americas, terms: "https://www.bankofcanada.ca/terms/",
        publishes: PublicationTime(hour: 16, minute: 30, timeZone: "America/Toronto"), translated: Message("Bank of Canada"))
}

/// Reads the Bank of Canada's Valet observations of the `FX_RATES_DAILY` group:
/// `observations: [{"d": "2026-03-12", "FXUSDCAD": {"v": "1.3617"}, …}]`, each series
/// `FX<code>CAD` being Canadian dollars per one unit of `<code>` (numbers written as text).
private enum BOCDocument {
    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        guard let root = try JSONDocument.object(data), let observations = root["observations"] as? [Any] else {
            throw .unreadable("not Bank of Canada Valet observations (no observations list)")
        }
        var days = PublishedDays(.boc)
        for case let observation as [String: Any] in observations {
            guard let day = observation["d"] as? String, let date = CalendarDate(iso8601: day) else {
                throw .unreadable("an observation has no day (d) as YYYY-MM-DD")
            }
            for (series, value) in observation where series.count == 8 && series.hasPrefix("FX") && series.hasSuffix("CAD") {
                let code = String(series.dropFirst(2).prefix(3))
                guard Currency.isWellFormedCode(code) else { continue }
                // A series without a value that day is written {} or {"v": ""}.
                guard let text = (value as? [String: Any])?["v"] as? String, !text.isEmpty else { continue }
                guard let rate = Decimal(published: text) else { throw .unreadable("\(series) on \(day) is \(text), not a number") }
                try days.add(code, rate, on: date)
            }
        }
        return try days.fetched()
    }
}

extension ProviderDeclaration {
    static let boc = ProviderDeclaration(
        source: .boc, origin: "https://www.bankofcanada.ca",
        documents: .range(maxDays: unlimited) { days in
            "/valet/observations/group/FX_RATES_DAILY/json?start_date=\(days.lowerBound)&end_date=\(days.upperBound)"
        },
        parse: BOCDocument.parse)
}
