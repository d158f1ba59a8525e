import Core
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension RateSource {
    package static let cbr = official(
        "cbr", "Bank of Russia", website: "https://www.cbr.ru/eng/currency_base/daily/",
        home: "RUB", quotation: .basePerUnit, country: "RU", rateType: "official rate",
        region: .europe, terms: "https://www.cbr.ru/eng/about/",
        publishes: PublicationTime(hour: 15, minute: 30, timeZone: "Europe/Moscow"), datesAhead: true, translated: Message("Bank of Russia")
    )
}

/// Reads the Bank of Russia's daily rates (`/scripts/XML_daily.asp`): XML in windows-1251,
/// `<ValCurs Date="25.04.2026">` holding `<Valute>`s with `CharCode`, `Nominal` and `Value`
/// written with a decimal comma (`57,0006` roubles per 100 Algerian dinars). The date is the
/// day the rates take effect, set the working day before.
private enum CBRDocument {
    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        // The document declares windows-1251; its text is read as such and handed to the XML
        // parser as UTF-8, which every platform's parser reads (only ASCII fields are used).
        guard let text = String(data: data, encoding: .windowsCP1251) else { throw .unreadable("not windows-1251 text") }
        let utf8 = Data(text.replacingOccurrences(of: "encoding=\"windows-1251\"", with: "encoding=\"UTF-8\"").utf8)
        let reader = Reader()
        let parser = XMLParser(data: utf8)
        parser.delegate = reader
        guard parser.parse(), reader.closed else {
            throw .unreadable(reader.problem ?? "not a complete Bank of Russia ValCurs document")
        }
        if let problem = reader.problem { throw .unreadable(problem) }
        guard let date = reader.date else { throw .unreadable("not a Bank of Russia ValCurs document (no Date)") }
        var days = PublishedDays(.cbr)
        for valute in reader.valutes {
            guard let code = valute["CharCode"], Currency.isWellFormedCode(code) else { continue }
            guard let nominal = valute["Nominal"].flatMap({ Int($0) }) else { throw .unreadable("\(code) has no Nominal") }
            guard let text = valute["Value"], let value = Decimal(published: text) else {
                throw .unreadable("\(code)'s Value is \(valute["Value"] ?? "missing"), not a number")
            }
            try days.add(code, value, units: nominal, on: date)
        }
        return try days.fetched()
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var date: CalendarDate?
        var valutes: [[String: String]] = []
        var closed = false
        var problem: String?
        private var field: String?
        private var text = ""

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch elementName {
            case "ValCurs":
                guard let written = attributes["Date"], let parsed = PublishedDate.dotted(written) else {
                    problem = "ValCurs is dated \(attributes["Date"] ?? "nowhere")"
                    return
                }
                date = parsed
            case "Valute": valutes.append([:])
            case "CharCode", "Nominal", "Value":
                field = elementName
                text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if field != nil { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if elementName == "ValCurs" { closed = true }
            guard let name = field, name == elementName, !valutes.isEmpty else { return }
            valutes[valutes.count - 1][name] = text.trimmingCharacters(in: .whitespacesAndNewlines)
            field = nil
        }
    }
}

extension ProviderDeclaration {
    /// The daily file has no ranges: the newest file, or one per day.
    static let cbr = ProviderDeclaration(
        source: .cbr, origin: "https://www.cbr.ru",
        documents: .day(latest: "/scripts/XML_daily.asp") { date in "/scripts/XML_daily.asp?date_req=\(QueryDate.slashed(date))" },
        parse: CBRDocument.parse)
}
