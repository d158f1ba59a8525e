import Core
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension RateSource {
    /// The Kursliste's year-end rates: the value of foreign money on 31 December, for wealth tax.
    package static let ictax = taxAndCustoms(
        "ictax", "Federal Tax Administration (ESTV): Kursliste, year-end rates", website: ictaxWebsite, home: "CHF",
        quotation: .basePerUnit, country: "CH", rateType: "year-end rate for wealth tax (Kursliste)", cadence: .yearEnd,
        terms: ictaxTerms)
    /// The Kursliste's monthly means, a year's at a time.
    package static let ictaxMonthly = {
        var source = taxAndCustoms(
            "ictax-monthly", "Federal Tax Administration (ESTV): Kursliste, monthly means", website: ictaxWebsite, home: "CHF",
            quotation: .basePerUnit, country: "CH", rateType: "monthly mean (Kursliste)", cadence: .monthly, terms: ictaxTerms)
        source.listedYearly = true
        return source
    }()
    /// The Kursliste's year means.
    package static let ictaxMean = taxAndCustoms(
        "ictax-mean", "Federal Tax Administration (ESTV): Kursliste, year means", website: ictaxWebsite, home: "CHF",
        quotation: .basePerUnit, country: "CH", rateType: "year mean (Kursliste)", cadence: .yearly, terms: ictaxTerms)

    private static let ictaxWebsite = "https://www.ictax.admin.ch/extern/de.html#/xml"
    private static let ictaxTerms = "https://www.admin.ch/gov/en/start/terms-and-conditions.html"
}

extension ProviderDeclaration {
    /// The ESTV's Kursliste (ICTax), a tax year's list of securities and exchange rates, read for
    /// its rates only: `<exchangeRateMonthly currency="USD" year="2025" month="01"
    /// value="0.9095977273"/>` (the month's mean) and `<exchangeRateYearEnd currency="USD"
    /// year="2025" value="0.79225" valueMiddle="0.8306517857"/>` (the rate of 31 December and
    /// the year's mean), francs per one unit, or per `denomination` units where the element says.
    /// The ICTax site serves it to people only (its terms allow no automated access), so an
    /// operator downloads the year's XML (zipped, as served, or not) and uploads it on the admin
    /// page. Dating: a year-end rate on 31 December, in force that day only; a month's mean on
    /// the month's first day, for the month; a year's mean on 1 January, for the year.
    static let ictax = kursliste(.ictax)
    static let ictaxMonthly = kursliste(.ictaxMonthly)
    static let ictaxMean = kursliste(.ictaxMean)

    private static func kursliste(_ source: RateSource) -> ProviderDeclaration {
        ProviderDeclaration(
            source: source, origin: "https://www.ictax.admin.ch", documents: .uploaded(Kursliste.document),
            // A Kursliste lists the currencies its year's securities are in: a filtered one, a few.
            minimumCurrencies: 1,
            parse: { data throws(RatesProviderError) in
                try Kursliste.read(data).filter { $0.source == source.id }
            })
    }
}

/// The Kursliste read as it streams from a file: a list of tens of megabytes, of which only the
/// exchange rates are kept.
enum Kursliste {
    static let document = UploadedDocument(
        name: "kursliste", sources: [RateSource.ictax.id, RateSource.ictaxMonthly.id, RateSource.ictaxMean.id],
        maxBytes: 128 << 20, maxInflatedBytes: 1 << 30,
        readFile: { url throws(RatesProviderError) in
            guard let stream = InputStream(url: url) else { throw .unreadable("the file could not be opened") }
            return try read(XMLParser(stream: stream))
        })

    /// The most rate elements a list may hold: about 150 currencies, thirteen each.
    static let maxRates = 20_000

    /// The days of a Kursliste held in memory (a test's, a declaration's parse).
    static func read(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        try read(XMLParser(data: data))
    }

    private static func read(_ parser: XMLParser) throws(RatesProviderError) -> [FetchedRates] {
        let reader = Reader()
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let problem = reader.problem { throw problem }
        guard parsed, reader.isKursliste else {
            throw .unreadable(reader.isKursliste ? "the Kursliste is not complete XML" : "not a Kursliste (its root is not <kursliste>)")
        }
        var yearEnd = PublishedDays(.ictax), monthly = PublishedDays(.ictaxMonthly), mean = PublishedDays(.ictaxMean)
        for rate in reader.rates {
            switch rate.kind {
            case .yearEnd: try yearEnd.add(rate.code, rate.value, units: rate.units, on: rate.date)
            case .monthly: try monthly.add(rate.code, rate.value, units: rate.units, on: rate.date)
            case .mean: try mean.add(rate.code, rate.value, units: rate.units, on: rate.date)
            }
        }
        let days = [yearEnd, monthly, mean].flatMap { (try? $0.fetched()) ?? [] }
        guard !days.isEmpty else { throw .unreadable("the Kursliste holds no exchange rates") }
        return days
    }

    struct Rate {
        enum Kind { case yearEnd, monthly, mean }
        let kind: Kind
        let code: String
        let value: Decimal
        let units: Int
        let date: CalendarDate
    }

    /// Keeps each `exchangeRateMonthly` and `exchangeRateYearEnd` (not one marked deleted), and
    /// stops at the first that does not read.
    private final class Reader: NSObject, XMLParserDelegate {
        var isKursliste = false
        var depth = 0
        var rates: [Rate] = []
        var problem: RatesProviderError?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if depth == 1 { isKursliste = local == "kursliste" }
            guard local == "exchangeRateMonthly" || local == "exchangeRateYearEnd", attributes["deleted"] != "true" else { return }
            do throws(RatesProviderError) {
                try read(local, attributes)
            } catch {
                problem = error
                parser.abortParsing()
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }

        private func read(_ element: String, _ attributes: [String: String]) throws(RatesProviderError) {
            let code = attributes["currency"] ?? ""
            guard Currency.isWellFormedCode(code) else { throw .unreadable("a rate is given for “\(code.prefix(20))”") }
            let units = try Self.units(attributes["denomination"], of: code)
            guard let year = attributes["year"].flatMap({ Int($0) }), (1900...9999).contains(year) else {
                throw .unreadable("\(code)'s rate is of the year \(attributes["year"]?.prefix(12) ?? "nowhere")")
            }
            guard rates.count < Kursliste.maxRates else { throw .unreadable("the Kursliste holds more than \(Kursliste.maxRates) rates") }
            if element == "exchangeRateMonthly" {
                guard let month = attributes["month"].flatMap({ Int($0) }), let first = CalendarDate(year: year, month: month, day: 1)
                else {
                    throw .unreadable("\(code)'s monthly rate is of the month \(attributes["month"]?.prefix(12) ?? "nowhere")")
                }
                rates.append(
                    Rate(kind: .monthly, code: code, value: try Self.value(attributes["value"], of: code), units: units, date: first))
            } else {
                rates.append(
                    Rate(
                        kind: .yearEnd, code: code, value: try Self.value(attributes["value"], of: code), units: units,
                        date: CalendarDate(year: year, month: 12, day: 31)!))
                if let middle = attributes["valueMiddle"] {
                    rates.append(
                        Rate(
                            kind: .mean, code: code, value: try Self.value(middle, of: code), units: units,
                            date: CalendarDate(year: year, month: 1, day: 1)!))
                }
            }
        }

        private static func value(_ text: String?, of code: String) throws(RatesProviderError) -> Decimal {
            guard let text, let value = Decimal(published: text), value > 0 else {
                throw .unreadable("\(code)'s rate is \(text?.prefix(20) ?? "missing"), not a number above zero")
            }
            return value
        }

        private static func units(_ text: String?, of code: String) throws(RatesProviderError) -> Int {
            guard let text else { return 1 }
            guard let units = Int(text), units > 0, units <= 1_000_000 else {
                throw .unreadable("\(code) is quoted per \(text.prefix(12)) units")
            }
            return units
        }
    }
}
