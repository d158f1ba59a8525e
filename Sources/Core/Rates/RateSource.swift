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
    /// The currency its rates are against.
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
    /// Its rates come in a year's list, all of a year at once (the Kursliste's monthly means):
    /// it is late when a year's list is, not a month after its newest month.
    package var listedYearly = false
    /// Another provider whose rates this one republishes for the currencies both quote (the
    /// Banca d'Italia's majors are the ECB's): the blend counts such a figure once, the original's.
    package var republishes: RateSourceID? = nil
    /// Where the publisher is, for menus that group providers.
    package var region: Region? = nil
    /// The quotations it writes: the mid (every publisher), and its buying and selling rates
    /// where it writes them too (``RateSides``), which a tax rule may name.
    package var sides: [RateSide] = [.mid]
    /// Its name in a sentence, in the page's language: the central banks named since the
    /// app's first release are translated (`Message("Bank of Canada")`), the others are their own.
    package var displayName: Message

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
        displayName = .verbatim(name)
    }

    /// The key the `/v2` API and its `providers` parameter use: `ECB`, `NBP.B`.
    package var key: String { id.key }

    /// The European Central Bank: named here because the app ships its history (``bundledECB``)
    /// and `/v1` serves its days. Its feed is a declaration like every other provider's.
    package static let ecb = official(
        "ecb", "European Central Bank",
        website: "https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html",
        home: "EUR", country: "EU", rateType: "reference rate",
        region: .europe, terms: "https://www.ecb.europa.eu/services/using-our-site/disclaimer/html/index.en.html",
        publishes: PublicationTime(hour: 16, minute: 0, timeZone: "Europe/Berlin"), translated: Message("European Central Bank"))
    /// The ECB snapshot that ships with the app, so it converts before any refresh.
    package static let bundledECB: RateSource = {
        var source = RateSource(id: RateSourceID.bundledECB, name: ecb.name, website: ecb.website, isBundled: true)
        source.displayName = ecb.displayName
        return source
    }()

    /// Every official provider's rates blended (``RateBlender``): the converter's default source.
    package static let blend: RateSource = {
        var source = RateSource(id: RateSourceID.blend, name: "All official sources", website: "", isBundled: false)
        source.displayName = Message("All official sources")
        return source
    }()

    /// The sources whose snapshots are this provider's rates: the ECB's include the copy that
    /// ships with the app.
    package var family: [RateSourceID] { id.family }

    /// The provider whose rates a stored source's are (the bundled ECB copy is the ECB's).
    package var provider: RateSource { self == .bundledECB ? .ecb : self }

    package static func official(
        _ id: RateSourceID, _ name: String, website: String, home: String, quotation: Quotation = .unitsPerBase, country: String,
        rateType: String, cadence: Cadence = .daily, region: Region? = nil, terms: String, publishes: PublicationTime? = nil,
        datesAhead: Bool = false, sides: Bool = false, translated: Message? = nil
    ) -> RateSource {
        var source = RateSource(id: id, name: name, website: website, isBundled: false)
        source.displayName = translated ?? .verbatim(name)
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
        source.sides = sides ? RateSide.allCases : [.mid]
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
    /// A company's feed (``Kind/commercial``): fetched like a central bank's, never blended.
    package static func commercial(_ id: RateSourceID, _ name: String, website: String) -> RateSource {
        var source = RateSource(id: id, name: name, website: website, isBundled: false)
        source.kind = .commercial
        return source
    }

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
