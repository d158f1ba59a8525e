import Core
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

// The ECB's source is Core's (``RateSource/ecb``): the app ships its history.
extension ProviderDeclaration {
    /// The daily file (one day) for a refresh; the 90-day history for a run within its reach,
    /// and the whole history since 1999 (a zip of one CSV, ``ECBHistoryArchive``) for anything
    /// older. `ECB_DAILY_URL`, `ECB_HISTORY_URL` and `ECB_FULL_HISTORY_URL` may give each
    /// document an address of its own (`latest`, `history`, `full-history`).
    static let ecb: ProviderDeclaration = {
        var declaration = ProviderDeclaration(
            source: .ecb, origin: "https://www.ecb.europa.eu",
            documents: .recentOrArchive(
                recent: DocumentRequest.get("/stats/eurofxref/eurofxref-hist-90d.xml").named("history"), reach: 85,
                archive: DocumentRequest.get("/stats/eurofxref/eurofxref-hist.zip").named("full-history")),
            parseNamed: { data, name throws(RatesProviderError) in
                name == "full-history" ? try ECBHistoryArchive.days(zip: data, source: RateSource.ecb.id) : try ECBRatesDocument.parse(data)
            })
        declaration.latest = DocumentRequest.get("/stats/eurofxref/eurofxref-daily.xml").named("latest")
        return declaration
    }()
}

/// Reads the European Central Bank's euro reference rates: a `gesmes:Envelope` whose
/// `Cube/Cube[@time]` elements each hold `Cube[@currency][@rate]` rows (units per 1 EUR). The
/// daily file has one day, the 90-day history one per business day, newest first.
private enum ECBRatesDocument {
    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse() else {
            throw .unreadable(
                reader.problem ?? "not well-formed XML (\(parser.parserError.map { String(describing: $0) } ?? "unknown error"))")
        }
        if let problem = reader.problem { throw .unreadable(problem) }
        guard reader.sawEnvelope else { throw .unreadable("not an ECB reference-rates document (no gesmes:Envelope)") }
        // Foundation's parser on Linux can report success for a document cut off mid-element;
        // only a closed envelope proves the download is whole.
        guard reader.closedEnvelope else { throw .unreadable("the document is cut off before its end") }
        guard !reader.days.isEmpty else { throw .unreadable("the document holds no rates") }
        return reader.days.map { day in
            FetchedRates(source: RateSource.ecb.id, baseCurrency: "EUR", effectiveDate: day.date, rates: day.rates)
        }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        struct Day {
            let date: CalendarDate
            var rates: [String: Decimal] = [:]
        }

        var days: [Day] = []
        var sawEnvelope = false
        var closedEnvelope = false
        var problem: String?

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if elementName == "Envelope" { closedEnvelope = true }
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            if elementName == "Envelope" { sawEnvelope = true }
            guard elementName == "Cube", problem == nil else { return }
            if let time = attributes["time"] {
                guard let date = CalendarDate(iso8601: time) else { return fail("a day is dated \(time)") }
                days.append(Day(date: date))
            } else if let code = attributes["currency"] {
                guard !days.isEmpty else { return fail("a rate for \(code) is outside any day") }
                guard let text = attributes["rate"] else { return fail("\(code) has no rate") }
                guard let rate = Decimal(plainText: text) else {
                    return fail("the rate for \(code) is \(text.isEmpty ? "empty" : text), not a decimal number")
                }
                guard days[days.count - 1].rates.updateValue(rate, forKey: code) == nil else {
                    return fail("\(code) appears twice on \(days[days.count - 1].date)")
                }
            }
        }

        private func fail(_ message: String) {
            problem = message
        }
    }
}
