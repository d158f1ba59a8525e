/// A provider of exchange rates as people know it: the name to show, the site to link, and how
/// it publishes (its home currency, which way it writes a rate, how often).
package struct RateSource: Sendable, Equatable {
    /// Names a list of sources by their ids, in order.
    package static func key(of sources: [RateSource]) -> String {
        sources.map(\.id.rawValue).joined(separator: ",")
    }

    /// Stored with each snapshot, e.g. `ecb`, `nbp.b` (a publisher's second table is a source of its own).
    package let id: RateSourceID
    package let name: String
    package let website: String
    /// Shipped with the app rather than fetched, so possibly old.
    package let isBundled: Bool
    /// The currency its rates are against (`nil` for a commercial feed whose base varies).
    package var homeCurrency: String? = nil
    package var quotation: Quotation = .unitsPerBase
    /// ISO 3166-1 alpha-2 (`EU` for the euro area).
    package var countryCode: String? = nil
    /// What the publisher calls its rate ("reference rate", "official rate").
    package var rateType: String? = nil
    package var cadence: Cadence? = nil
    package var termsURL: String? = nil
    /// A central bank's own rates: part of the blend (a commercial feed never is, nor a tax
    /// authority's).
    package var isOfficial = false
    /// What kind of publisher it is; tax and customs authorities' rates are never blended.
    package var kind: Kind = .centralBank
    /// When a day's rates are out, in the publisher's time: the schedule fetches after it.
    package var publishes: PublicationTime? = nil
    /// The publisher dates its rates the day they take effect, which may be tomorrow (the Bank
    /// of Russia and the National Bank of Ukraine publish in the afternoon for the next day).
    package var datesAhead = false
    /// Another provider whose rates this one republishes for the currencies both quote (the
    /// Banca d'Italia's majors are the ECB's): the blend counts such a figure once, the original's.
    package var republishes: RateSourceID? = nil
    /// Where the publisher is, for menus that group providers.
    package var region: Region? = nil

    /// The parts of the world the Source menu groups providers by, in its order.
    package enum Region: String, Sendable, CaseIterable {
        case europe, centralAsia, middleEast, asiaPacific, africa, americas

        /// Its heading, in the page's language.
        package var title: Message {
            switch self {
            case .europe: Message("Europe")
            case .centralAsia: Message("Central Asia and the Caucasus")
            case .middleEast: Message("The Middle East")
            case .asiaPacific: Message("Asia and the Pacific")
            case .africa: Message("Africa")
            case .americas: Message("The Americas")
            }
        }
    }

    /// A time of day in a time zone (`Europe/Berlin`), after which the publisher's rates are out.
    package struct PublicationTime: Sendable, Equatable {
        package let hour: Int
        package let minute: Int
        package let timeZone: String
        /// For a publisher that releases a month's days together, in arrears: the days of the
        /// next month the release comes out on (the State Bank of Pakistan's, from the 15th to
        /// the 28th). `nil`: each day's rates come out that day.
        package var monthlyRelease: ClosedRange<Int>? = nil

        package init(hour: Int, minute: Int, timeZone: String, monthlyRelease: ClosedRange<Int>? = nil) {
            self.hour = hour
            self.minute = minute
            self.timeZone = timeZone
            self.monthlyRelease = monthlyRelease
        }

        /// The last day of the newest month whose release is out by `day`, when the release
        /// comes out on the `releaseDay`th of the following month.
        package static func endOfMonthReleased(by day: CalendarDate, releaseDay: Int) -> CalendarDate {
            let monthsBack = day.day >= releaseDay ? 1 : 2
            let month = day.year * 12 + (day.month - 1) - monthsBack + 1 // the month after the one released
            return CalendarDate(year: month / 12, month: month % 12 + 1, day: 1)!.adding(days: -1)
        }
    }

    package init(id: RateSourceID, name: String, website: String, isBundled: Bool) {
        self.id = id
        self.name = name
        self.website = website
        self.isBundled = isBundled
    }

    /// The key the `/v2` API and its `providers` parameter use: `ECB`, `NBP.B`.
    package var key: String { id.key }

    package static let ecb = official(
        "ecb", "European Central Bank",
        website: "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html",
        home: "EUR", country: "EU", rateType: "reference rate",
        region: .europe, terms: "https://www.ecb.europa.eu/services/using-our-site/disclaimer/html/index.en.html",
        publishes: PublicationTime(hour: 16, minute: 0, timeZone: "Europe/Berlin"))
    package static let exchangeRateAPI: RateSource = {
        var source = RateSource(
            id: "exchangerate-api", name: "ExchangeRate-API", website: "https://www.exchangerate-api.com", isBundled: false)
        source.kind = .commercial
        return source
    }()
    /// The ECB snapshot that ships with the app, so it converts before any refresh.
    package static let bundledECB = RateSource(
        id: "ecb-bundled", name: ecb.name, website: ecb.website, isBundled: true)

    package static let boc = official(
        "boc", "Bank of Canada", website: "https://www.bankofcanada.ca/rates/exchange/daily-exchange-rates/",
        home: "CAD", quotation: .basePerUnit, country: "CA", rateType: "indicative rate",
        region: .americas, terms: "https://www.bankofcanada.ca/terms/",
        publishes: PublicationTime(hour: 16, minute: 30, timeZone: "America/Toronto"))
    package static let cnb = official(
        "cnb", "Czech National Bank",
        website: "https://www.cnb.cz/en/financial-markets/foreign-exchange-market/central-bank-exchange-rate-fixing/",
        home: "CZK", quotation: .basePerUnit, country: "CZ", rateType: "exchange rate fixing",
        region: .europe, terms: "https://www.cnb.cz/en/terms-of-use/",
        publishes: PublicationTime(hour: 14, minute: 30, timeZone: "Europe/Prague"))
    package static let nbp = official(
        "nbp", "National Bank of Poland", website: "https://nbp.pl/en/statistic-and-financial-reporting/rates/",
        home: "PLN", quotation: .basePerUnit, country: "PL", rateType: "average rate, table A",
        region: .europe, terms: "https://api.nbp.pl/en.html",
        publishes: PublicationTime(hour: 12, minute: 15, timeZone: "Europe/Warsaw"))
    /// Table B: about 115 less-traded currencies, published on Wednesdays.
    package static let nbpB = official(
        "nbp.b", "National Bank of Poland, table B", website: "https://nbp.pl/en/statistic-and-financial-reporting/rates/",
        home: "PLN", quotation: .basePerUnit, country: "PL", rateType: "average rate, table B", cadence: .weekly,
        region: .europe, terms: "https://api.nbp.pl/en.html",
        publishes: PublicationTime(hour: 12, minute: 15, timeZone: "Europe/Warsaw"))
    package static let cbr = official(
        "cbr", "Bank of Russia", website: "https://www.cbr.ru/eng/currency_base/daily/",
        home: "RUB", quotation: .basePerUnit, country: "RU", rateType: "official rate",
        region: .europe, terms: "https://www.cbr.ru/eng/about/",
        publishes: PublicationTime(hour: 15, minute: 30, timeZone: "Europe/Moscow"), datesAhead: true)
    package static let nb = official(
        "nb", "Norges Bank", website: "https://www.norges-bank.no/en/topics/Statistics/exchange_rates/",
        home: "NOK", quotation: .basePerUnit, country: "NO", rateType: "reference rate",
        region: .europe, terms: "https://www.norges-bank.no/en/about/Terms-of-use/",
        publishes: PublicationTime(hour: 16, minute: 0, timeZone: "Europe/Oslo"))
    package static let rba = official(
        "rba", "Reserve Bank of Australia", website: "https://www.rba.gov.au/statistics/historical-data.html#exchange-rates",
        home: "AUD", quotation: .unitsPerBase, country: "AU", rateType: "indicative rate",
        region: .asiaPacific, terms: "https://www.rba.gov.au/copyright/",
        publishes: PublicationTime(hour: 16, minute: 0, timeZone: "Australia/Sydney"))
    package static let nbu = official(
        "nbu", "National Bank of Ukraine", website: "https://bank.gov.ua/en/markets/exchangerates",
        home: "UAH", quotation: .basePerUnit, country: "UA", rateType: "official rate",
        region: .europe, terms: "https://bank.gov.ua/en/about/terms",
        publishes: PublicationTime(hour: 15, minute: 30, timeZone: "Europe/Kyiv"), datesAhead: true)
    package static let boe = official(
        "boe", "Bank of England", website: "https://www.bankofengland.co.uk/boeapps/database/",
        home: "GBP", quotation: .unitsPerBase, country: "GB", rateType: "spot rate",
        region: .europe, terms: "https://www.bankofengland.co.uk/legal",
        publishes: PublicationTime(hour: 16, minute: 0, timeZone: "Europe/London"))

    /// Every official provider's rates blended (``RateBlender``): the converter's default source.
    package static let blend = RateSource(id: RateSourceID.blend, name: "All official sources", website: "", isBundled: false)

    /// The central banks whose rates the app can fetch, in the order the pages list them: the
    /// first ten, then those the provider kit declares (``register(_:)``).
    package static var officialProviders: [RateSource] { catalog.withLock(\.official) }

    /// The tax and customs authorities whose rates the app can fetch (never blended), in the
    /// order the pages list them.
    package static var taxAndCustomsProviders: [RateSource] { catalog.withLock(\.taxAndCustoms) }

    /// The historical and international publishers whose rates the app can fetch (never
    /// blended, ``Kind/reference``), in the order the pages list them.
    package static var referenceProviders: [RateSource] { catalog.withLock(\.reference) }

    /// Every source a stored snapshot may name.
    package static var known: [RateSource] { catalog.withLock(\.known) }

    /// The providers `RATES_PROVIDERS` may name: the central banks, the tax and customs
    /// authorities and the commercial feed.
    package static var fetchable: [RateSource] { catalog.withLock(\.fetchable) }

    /// Adds the providers `RateSources` declares (its provider kit) to the lists above, once at
    /// start; a source already known is left as it is, so registering twice changes nothing.
    package static func register(_ sources: [RateSource]) {
        catalog.withLock { catalog in
            for source in sources where catalog.byID[source.id] == nil {
                switch source.kind {
                case .taxAndCustoms: catalog.add(taxAndCustoms: source)
                case .reference: catalog.add(reference: source)
                case .centralBank, .commercial: catalog.add(official: source)
                }
            }
        }
    }

    /// The lists and an index by id, rebuilt only when a provider is registered: `withID` is
    /// asked several times per request.
    private struct Catalog: Sendable {
        var official: [RateSource] = []
        var taxAndCustoms: [RateSource] = []
        var reference: [RateSource] = []
        var byID: [RateSourceID: RateSource] = [:]
        var known: [RateSource] { official + taxAndCustoms + reference + [.exchangeRateAPI, .bundledECB, .blend] }
        var fetchable: [RateSource] { official + taxAndCustoms + reference + [.exchangeRateAPI] }

        init() {
            for source in [RateSource.exchangeRateAPI, .bundledECB, .blend] { byID[source.id] = source }
            for source in [RateSource.ecb, .boc, .cnb, .nbp, .nbpB, .cbr, .nb, .rba, .nbu, .boe] { add(official: source) }
        }

        mutating func add(official source: RateSource) {
            official.append(source)
            byID[source.id] = source
        }

        mutating func add(taxAndCustoms source: RateSource) {
            taxAndCustoms.append(source)
            byID[source.id] = source
        }

        mutating func add(reference source: RateSource) {
            reference.append(source)
            byID[source.id] = source
        }
    }

    private static let catalog = Locked(Catalog())

    /// Its name in a sentence, in the page's language: a central bank's is translated, a company's is its own.
    package var displayName: Message {
        switch provider.id {
        case Self.ecb.id: Message("European Central Bank")
        case Self.boc.id: Message("Bank of Canada")
        case Self.cnb.id: Message("Czech National Bank")
        case Self.nbp.id: Message("National Bank of Poland")
        case Self.nbpB.id: Message("National Bank of Poland, table B")
        case Self.cbr.id: Message("Bank of Russia")
        case Self.nb.id: Message("Norges Bank")
        case Self.rba.id: Message("Reserve Bank of Australia")
        case Self.nbu.id: Message("National Bank of Ukraine")
        case Self.boe.id: Message("Bank of England")
        case Self.blend.id: Message("All official sources")
        default: .verbatim(name)
        }
    }

    /// The sources whose snapshots are this provider's rates: the ECB's include the copy that
    /// ships with the app.
    package var family: [RateSourceID] { self == .ecb || self == .bundledECB ? [Self.ecb.id, Self.bundledECB.id] : [id] }

    /// The provider whose rates a stored source's are (the bundled ECB copy is the ECB's).
    package var provider: RateSource { self == .bundledECB ? .ecb : self }

    /// The source stored as `id`; an unknown id (a provider since removed) is shown as is.
    package static func withID(_ id: RateSourceID) -> RateSource {
        catalog.withLock { $0.byID[id] } ?? RateSource(id: id, name: id.rawValue, website: "", isBundled: false)
    }

    /// The fetchable provider a `/v2` key or a form's choice names (`NBP.B`, `nbp.b`), if any.
    package static func provider(named key: String) -> RateSource? {
        guard let id = RateSourceID(key) else { return nil }
        return fetchable.first { $0.id == id }
    }

    package static func official(
        _ id: RateSourceID, _ name: String, website: String, home: String, quotation: Quotation = .unitsPerBase, country: String,
        rateType: String, cadence: Cadence = .daily, region: Region? = nil, terms: String, publishes: PublicationTime? = nil,
        datesAhead: Bool = false
    ) -> RateSource {
        var source = RateSource(id: id, name: name, website: website, isBundled: false)
        source.homeCurrency = home
        source.quotation = quotation
        source.countryCode = country
        source.rateType = rateType
        source.cadence = cadence
        source.termsURL = terms
        source.isOfficial = true
        source.publishes = publishes
        source.datesAhead = datesAhead
        source.region = region
        return source
    }

    /// A tax or customs authority's rates (``Kind/taxAndCustoms``): fetched like a central
    /// bank's, never blended, each in force from its day until the next (``Cadence/isInForce(_:on:)``).
    package static func taxAndCustoms(
        _ id: RateSourceID, _ name: String, website: String, home: String, quotation: Quotation, country: String, rateType: String,
        cadence: Cadence, terms: String, publishes: PublicationTime? = nil, datesAhead: Bool = false
    ) -> RateSource {
        var source = official(
            id, name, website: website, home: home, quotation: quotation, country: country, rateType: rateType, cadence: cadence,
            terms: terms, publishes: publishes, datesAhead: datesAhead)
        source.isOfficial = false
        source.kind = .taxAndCustoms
        return source
    }
}

extension RateSource {
    /// A historical or international publisher's rates (``Kind/reference``): fetched like a
    /// central bank's, kept for past dates and its own views, never blended.
    package static func reference(
        _ id: RateSourceID, _ name: String, website: String, home: String, quotation: Quotation, country: String?, rateType: String,
        cadence: Cadence, terms: String, publishes: PublicationTime? = nil
    ) -> RateSource {
        var source = official(
            id, name, website: website, home: home, quotation: quotation, country: country ?? "", rateType: rateType, cadence: cadence,
            terms: terms, publishes: publishes)
        source.countryCode = country
        source.isOfficial = false
        source.kind = .reference
        return source
    }
}

extension RateSource {
    /// The source a page uses when the visitor names none: the configured one while it has
    /// rates, else the blend (or the first with rates). A default without rates yet
    /// (ExchangeRate-API before its first refresh) is never shown as the visitor's choice.
    package static func effectiveDefault(_ configured: RateSourceID, among sources: [RateSource]) -> RateSourceID {
        if sources.contains(where: { $0.id == configured }) || sources.isEmpty { return configured }
        return sources.contains(.blend) ? RateSourceID.blend : sources[0].id
    }
}
