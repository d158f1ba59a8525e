/// A country's and a purpose's way to convert a ledger, as its authority's published guidance
/// says: the booking currency, the source and the rule, and the guidance itself (its title as
/// cited and its own page). Ids are stable: forms, the API and kept receipts name them.
///
/// Each preset follows the common reading of its guidance and says in ``summary`` where the
/// guidance allows another method; none of it is tax advice.
package struct LedgerPreset: Sendable, Equatable, Identifiable {
    /// The guidance a preset follows, cited as its authority writes it.
    package struct Guidance: Sendable, Equatable {
        package let title: String
        package let url: String
    }

    package let id: String
    /// ISO 3166 alpha-2, or `EU`.
    package let country: String
    /// The country and the purpose, as a menu shows them.
    package let name: Message
    /// The currency the authority's figures are in: the source's home currency.
    package let booking: String
    package let source: RateSourceID
    /// The source for the currencies ``source`` never quotes (the NBP's table B beside table A).
    package let fallback: RateSourceID?
    package let rule: LedgerRule
    /// Which rate of which day the guidance names, and what else it allows.
    package let summary: Message
    package let guidance: Guidance

    /// The preset `id` names (as typed, any case).
    package static func withID(_ id: String) -> LedgerPreset? {
        let key = id.lowercased()
        return all.first { $0.id == key }
    }

    /// Every preset, in the order the menu lists them.
    package static let all: [LedgerPreset] = [
        LedgerPreset(
            id: "gb-vat", country: "GB", name: Message("United Kingdom: VAT"), booking: "GBP", source: "hmrc", fallback: nil,
            rule: .sameDay,
            summary: Message(
                "HMRC’s monthly rate for the month of the time of supply (the period rate of exchange). The guidance also allows the UK market selling rate at the time of supply."
            ),
            guidance: Guidance(
                title: "HMRC: Foreign currency transactions and VAT",
                url: "https://www.gov.uk/guidance/foreign-currency-transactions-vat-and-tour-operators")),
        LedgerPreset(
            id: "pl-vat", country: "PL", name: Message("Poland: VAT"), booking: "PLN", source: "nbp", fallback: "nbp.b",
            rule: .previousBusinessDay,
            summary: Message(
                "The NBP’s average rate (table A) of the last business day before the day the tax falls due; for a currency only table B quotes, table B’s last rate before that day. The Act also allows the ECB’s last published rate."
            ),
            guidance: Guidance(
                title: "Ustawa o podatku od towarów i usług (Dz.U. 2004 nr 54 poz. 535), art. 31a",
                url: "https://isap.sejm.gov.pl/isap.nsf/DocDetails.xsp?id=WDU20040540535")),
        LedgerPreset(
            id: "cz-vat", country: "CZ", name: Message("Czechia: VAT"), booking: "CZK", source: "cnb", fallback: nil, rule: .sameDay,
            summary: Message(
                "The CNB’s exchange rate valid on the day the tax falls due: that day’s fixing, or the last one before a weekend or holiday. The Act also allows the ECB’s last published rate."
            ),
            guidance: Guidance(
                title: "Zákon č. 235/2004 Sb., o dani z přidané hodnoty, § 4 odst. 5", url: "https://www.e-sbirka.cz/sb/2004/235")),
        LedgerPreset(
            id: "eu-grants", country: "EU", name: Message("European Union: grants and contracts"), booking: "EUR", source: "inforeuro",
            fallback: nil, rule: .sameDay,
            summary: Message(
                "The Commission’s InforEuro accounting rate for the month of the cost or payment. A grant agreement or contract that names another method (such as the ECB’s rate or an average over the reporting period) prevails."
            ),
            guidance: Guidance(
                title: "European Commission: Exchange rate (InforEuro)",
                url:
                    "https://commission.europa.eu/funding-tenders/procedures-guidelines-tenders/information-contractors-and-beneficiaries/exchange-rate-inforeuro_en"
            )),
        LedgerPreset(
            id: "us-treasury", country: "US", name: Message("United States: federal agency reporting"), booking: "USD", source: "ust",
            fallback: nil, rule: .sameDay,
            summary: Message(
                "The Treasury reporting rate in force on the date: each quarter’s rates from their record date for the three months that follow, an amendment from its effective date. For individual income tax the IRS accepts other rates, such as a yearly average."
            ),
            guidance: Guidance(
                title: "Bureau of the Fiscal Service: Treasury Reporting Rates of Exchange",
                url: "https://fiscaldata.treasury.gov/datasets/treasury-reporting-rates-exchange/treasury-reporting-rates-of-exchange")),
        LedgerPreset(
            id: "ca-cra", country: "CA", name: Message("Canada: income tax"), booking: "CAD", source: "boc", fallback: nil, rule: .sameDay,
            summary: Message(
                "The Bank of Canada’s rate of the day the amount arose (the last one before a weekend or holiday). For amounts spread over the year the CRA generally accepts the year’s average: choose the Bank of Canada and the year-average rule instead."
            ),
            guidance: Guidance(
                title: "CRA: Income Tax Folio S5-F4-C1, Income Tax Reporting Currency",
                url:
                    "https://www.canada.ca/en/revenue-agency/services/tax/technical-information/income-tax/income-tax-folios-index/series-5-international-residency/series-5-international-residency-folio-4-foreign-currency/income-tax-folio-s5-f4-c1-income-tax-reporting-currency.html"
            )),
        LedgerPreset(
            id: "au-ato", country: "AU", name: Message("Australia: income tax"), booking: "AUD", source: "rba", fallback: nil,
            rule: .sameDay,
            summary: Message(
                "The Reserve Bank of Australia’s rate of the day of the transaction; for a weekend or holiday the last one before it (the ATO accepts any reasonable rate for such days). An average rate is also allowed where it approximates the day’s rates."
            ),
            guidance: Guidance(
                title: "ATO: Foreign exchange rates and translation rules", url: "https://www.ato.gov.au/rates/foreign-exchange-rates")),
        LedgerPreset(
            id: "no-skatt", country: "NO", name: Message("Norway: income tax"), booking: "NOK", source: "nb", fallback: nil, rule: .sameDay,
            summary: Message(
                "Norges Bank’s rate of the day of the transaction. Wage earners and pensioners may use the year’s average instead, and must for interest from abroad: choose Norges Bank and the year-average rule."
            ),
            guidance: Guidance(
                title: "Skatteetaten: Conversion of foreign currency into Norwegian kroner",
                url:
                    "https://www.skatteetaten.no/en/person/taxes/get-the-taxes-right/abroad/conversion-of-foreign-currency-into-norwegian-kroner/"
            )),
        LedgerPreset(
            id: "ru-cbr", country: "RU", name: Message("Russia: taxes"), booking: "RUB", source: "cbr", fallback: nil, rule: .sameDay,
            summary: Message(
                "The Bank of Russia’s official rate set for the date the income is received or the expense paid; a rate set for a Saturday holds until the next one."
            ),
            guidance: Guidance(
                title: "Налоговый кодекс Российской Федерации (часть вторая), ст. 210 п. 5",
                url: "https://www.consultant.ru/document/cons_doc_LAW_28165/")),
        LedgerPreset(
            id: "ua-nbu", country: "UA", name: Message("Ukraine: taxes"), booking: "UAH", source: "nbu", fallback: nil, rule: .sameDay,
            summary: Message("The National Bank of Ukraine’s official rate in force on the date the income is accrued or received."),
            guidance: Guidance(
                title: "Податковий кодекс України, п. 164.4", url: "https://zakon.rada.gov.ua/laws/show/2755-17")),
        LedgerPreset(
            id: "ch-vat", country: "CH", name: Message("Switzerland: VAT"), booking: "CHF", source: "estv", fallback: nil,
            rule: .sameDay,
            summary: Message(
                "The ESTV’s monthly average rate for the month in which the tax claim arises (for input tax, the month in which the right to deduct it arises). The ESTV also allows the daily selling rate (ch-vat-daily); the method chosen must be kept for at least a whole tax period."
            ),
            guidance: swissVAT),
        LedgerPreset(
            id: "ch-vat-daily", country: "CH", name: Message("Switzerland: VAT, daily rate"), booking: "CHF", source: "bazg",
            fallback: nil, rule: .sameDay,
            summary: Message(
                "The daily selling rate the BAZG publishes for the day on which the tax claim arises; while that day’s rate is not out yet, the last one published. The ESTV’s monthly average is the other method (ch-vat); the method chosen must be kept for at least a whole tax period."
            ),
            guidance: swissVAT),
        LedgerPreset(
            id: "ch-wealth", country: "CH", name: Message("Switzerland: wealth tax"), booking: "CHF", source: "ictax", fallback: nil,
            rule: .sameDay,
            summary: Message(
                "The ESTV’s year-end rate from the Kursliste, which counts as the tax value on 31 December (StHG art. 14 and 17). Date each balance 31 December of the tax year: a line of another day has no year-end rate and is refused."
            ),
            guidance: Guidance(
                title: "ESTV: Fremdwährungskurse ESTV",
                url: "https://www.estv.admin.ch/estv/de/home/servicenavigation/fremdwaehrungskurse-estv.html")),
    ]

    /// The ESTV's page on the rates for Swiss VAT, which names both methods.
    private static let swissVAT = Guidance(
        title: "ESTV: MWST-Fremdwährungskurse",
        url: "https://www.estv.admin.ch/estv/de/home/mehrwertsteuer/mwst-abrechnen/mwst-fremdwaehrungskurse.html")

    /// What every page and receipt that offers a preset says beside it.
    package static let notTaxAdvice = Message(
        "Each preset follows its authority’s published guidance as we read it, linked beside it. It is not tax advice: check the guidance, and ask an adviser when in doubt."
    )
}
