import Core
import Foundation

extension RateSource {
    package static let ust = taxAndCustoms(
        "ust", "U.S. Department of the Treasury",
        website: "https://fiscaldata.treasury.gov/datasets/treasury-reporting-rates-exchange/treasury-reporting-rates-of-exchange",
        home: "USD", quotation: .unitsPerBase, country: "US", rateType: "Treasury reporting rate of exchange", cadence: .quarterly,
        terms: "https://fiscaldata.treasury.gov/api-documentation/#license-and-authorization",
        publishes: .init(hour: 12, minute: 0, timeZone: "America/New_York"))
}

extension ProviderDeclaration {
    /// The Treasury's reporting rates from Fiscal Data's API: `{"data": [{"record_date":
    /// "2026-06-30", "effective_date": "2026-06-30", "country_currency_desc": "Euro Zone-Euro",
    /// "exchange_rate": "0.877"}], "meta": {"total-pages": 1}}`, units per dollar, one table a
    /// quarter dated its last day. Currencies are named by country and currency, never by code
    /// (``USTreasuryNames``); the dollar's own rows (Ecuador, Palau) are left out. A currency
    /// that moves 10 % or more within a quarter is amended: a row of the quarter's record date
    /// with a later effective date. Each effective date is stored as the whole table in force
    /// from it (the quarter's rates with every amendment so far), so any day has all of them.
    static let ust = ProviderDeclaration(
        source: .ust, origin: "https://api.fiscaldata.treasury.gov",
        documents: .range(maxDays: unlimited) { days in
            .get(
                "/services/api/fiscal_service/v1/accounting/od/rates_of_exchange"
                    + "?fields=record_date,effective_date,country_currency_desc,exchange_rate"
                    + "&filter=record_date:gte:\(days.lowerBound),record_date:lte:\(days.upperBound)"
                    + "&page%5Bnumber%5D=1&page%5Bsize%5D=10000&sort=record_date")
        },
        minimumCurrencies: 100,
        parse: USTreasuryRates.parse)
}

/// The Treasury's quarterly tables and their amendments, as whole tables by the day each is in force from.
enum USTreasuryRates {
    private struct Document: Decodable {
        let data: [Row]
        let meta: Meta
    }
    private struct Meta: Decodable {
        let totalPages: Int

        enum CodingKeys: String, CodingKey { case totalPages = "total-pages" }
    }
    private struct Row: Decodable {
        let recordDate: String
        let effectiveDate: String
        let countryCurrencyDesc: String
        let exchangeRate: String

        enum CodingKeys: String, CodingKey {
            case recordDate = "record_date"
            case effectiveDate = "effective_date"
            case countryCurrencyDesc = "country_currency_desc"
            case exchangeRate = "exchange_rate"
        }
    }

    static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let document: Document
        do { document = try JSONDecoder().decode(Document.self, from: data) } catch {
            throw .unreadable("not the Treasury's reporting rates of exchange")
        }
        guard document.meta.totalPages <= 1 else { throw .unreadable("the answer is one of \(document.meta.totalPages) pages") }
        // Each row's currency, rate and days; rows of currencies the table does not know are left out.
        var quarters: [CalendarDate: [(effective: CalendarDate, code: String, rate: Decimal)]] = [:]
        for row in document.data {
            guard let record = CalendarDate(iso8601: row.recordDate), let effective = CalendarDate(iso8601: row.effectiveDate),
                effective >= record
            else {
                throw .unreadable(
                    "\(row.countryCurrencyDesc.prefix(40)) is dated \(row.recordDate.prefix(12)), in force \(row.effectiveDate.prefix(12))")
            }
            guard let code = USTreasuryNames.codes[row.countryCurrencyDesc], code != "USD" else { continue }
            guard let rate = Decimal(plainText: row.exchangeRate), rate > 0 else {
                throw .unreadable("\(row.countryCurrencyDesc.prefix(40))'s rate is \(row.exchangeRate.prefix(20))")
            }
            quarters[record, default: []].append((effective, code, rate))
        }
        var days = PublishedDays(.ust)
        let records = quarters.keys.sorted()
        for (index, record) in records.enumerated() {
            let rows = quarters[record]!
            var table: [String: Decimal] = [:]
            for row in rows where row.effective == record {
                if let other = table.updateValue(row.rate, forKey: row.code), other != row.rate {
                    throw .unreadable("\(row.code) appears twice on \(record) with different rates")
                }
            }
            guard !table.isEmpty else { throw .unreadable("amendments of \(record) without its table") }
            let next = index + 1 < records.count ? records[index + 1] : nil
            // An amendment counts until the next quarter's table replaces every rate.
            let amended = rows.filter { row in row.effective > record && next.map { row.effective < $0 } ?? true }
            let amendments = Dictionary(grouping: amended, by: \.effective)
            for (code, rate) in table { try days.add(code, rate, on: record) }
            for effective in amendments.keys.sorted() {
                for row in amendments[effective]! { table[row.code] = row.rate }
                for (code, rate) in table { try days.add(code, rate, on: effective) }
            }
        }
        return try days.fetched()
    }
}

/// The Treasury's `Country-Currency` names (`Euro Zone-Euro`, `Cote D'Ivoire-Cfa Franc`) and the
/// ISO 4217 code of each: the currency the country used on the recorded days (the Caribbean
/// guilder of Curaçao under the Netherlands Antillean guilder's code, as the ISO table here
/// has it); the dollar for countries that use it.
enum USTreasuryNames {
    static let codes: [String: String] = [
        "Afghanistan-Afghani": "AFN",
        "Albania-Lek": "ALL",
        "Algeria-Dinar": "DZD",
        "Angola-Kwanza": "AOA",
        "Antigua & Barbuda-East Caribbean Dollar": "XCD",
        "Argentina-Peso": "ARS",
        "Armenia-Dram": "AMD",
        "Australia-Dollar": "AUD",
        "Azerbaijan-Manat": "AZN",
        "Bahamas-Dollar": "BSD",
        "Bahrain-Dinar": "BHD",
        "Bangladesh-Taka": "BDT",
        "Barbados-Dollar": "BBD",
        "Belarus-New Ruble": "BYN",
        "Belize-Dollar": "BZD",
        "Benin-Cfa Franc": "XOF",
        "Bermuda-Dollar": "BMD",
        "Bolivia-Boliviano": "BOB",
        "Bosnia-Marka": "BAM",
        "Botswana-Pula": "BWP",
        "Brazil-Real": "BRL",
        "Brunei-Dollar": "BND",
        "Bulgaria-Lev New": "BGN",
        "Burkina Faso-Cfa Franc": "XOF",
        "Burundi-Franc": "BIF",
        "Cambodia-Riel": "KHR",
        "Cameroon-Cfa Franc": "XAF",
        "Canada-Dollar": "CAD",
        "Cape Verde-Escudo": "CVE",
        "Cayman Islands-Dollar": "KYD",
        "Central African Republic-Cfa Franc": "XAF",
        "Chad-Cfa Franc": "XAF",
        "Chile-Peso": "CLP",
        "China-Renminbi": "CNY",
        "Colombia-Peso": "COP",
        "Comoros-Franc": "KMF",
        "Congo-Cfa Franc": "XAF",
        "Costa Rica-Colon": "CRC",
        "Cote D'Ivoire-Cfa Franc": "XOF",
        "Cuba-Chavito": "CUC",
        "Cuba-Peso": "CUP",
        "Curacao-Caribbean Guilder": "ANG",
        "Cyprus-Euro": "EUR",
        "Czech Republic-Koruna": "CZK",
        "Democratic Republic Of Congo-Congolese Franc": "CDF",
        "Denmark-Krone": "DKK",
        "Djibouti-Franc": "DJF",
        "Dominican Republic-Peso": "DOP",
        "Ecuador-Dolares": "USD",
        "Egypt-Pound": "EGP",
        "El Salvador-Dollar": "USD",
        "Equatorial Guinea-Cfa Franc": "XAF",
        "Eritrea-Nakfa": "ERN",
        "Eswatini-Lilangeni": "SZL",
        "Ethiopia-Birr": "ETB",
        "Euro Zone-Euro": "EUR",
        "Fiji-Dollar": "FJD",
        "Gabon-Cfa Franc": "XAF",
        "Gambia-Dalasi": "GMD",
        "Georgia-Lari": "GEL",
        "Ghana-Cedi": "GHS",
        "Grenada-East Caribbean Dollar": "XCD",
        "Guatemala-Quetzal": "GTQ",
        "Guinea Bissau-Cfa Franc": "XOF",
        "Guinea-Franc": "GNF",
        "Guyana-Dollar": "GYD",
        "Haiti-Gourde": "HTG",
        "Honduras-Lempira": "HNL",
        "Hong Kong-Dollar": "HKD",
        "Hungary-Forint": "HUF",
        "Iceland-Krona": "ISK",
        "India-Rupee": "INR",
        "Indonesia-Rupiah": "IDR",
        "Iran-Rial": "IRR",
        "Iraq-Dinar": "IQD",
        "Israel-Shekel": "ILS",
        "Jamaica-Dollar": "JMD",
        "Japan-Yen": "JPY",
        "Jordan-Dinar": "JOD",
        "Kazakhstan-Tenge": "KZT",
        "Kenya-Shilling": "KES",
        "Korea-Won": "KRW",
        "Kuwait-Dinar": "KWD",
        "Kyrgyzstan-Som": "KGS",
        "Laos-Kip": "LAK",
        "Lebanon-Pound": "LBP",
        "Lesotho-Maloti": "LSL",
        "Liberia-Dollar": "LRD",
        "Libya-Dinar": "LYD",
        "Madagascar-Ariary": "MGA",
        "Malawi-Kwacha": "MWK",
        "Malaysia-Ringgit": "MYR",
        "Maldives-Rufiyaa": "MVR",
        "Mali-Cfa Franc": "XOF",
        "Marshall Islands-U.S. Dollar": "USD",
        "Mauritania-Ouguiya": "MRU",
        "Mauritius-Rupee": "MUR",
        "Mexico-Peso": "MXN",
        "Micronesia-U.S. Dollar": "USD",
        "Moldova-Leu": "MDL",
        "Mongolia-Tugrik": "MNT",
        "Morocco-Dirham": "MAD",
        "Mozambique-Metical": "MZN",
        "Myanmar-Kyat": "MMK",
        "Namibia-Dollar": "NAD",
        "Nepal-Rupee": "NPR",
        "New Zealand-Dollar": "NZD",
        "Nicaragua-Cordoba": "NIO",
        "Niger-Cfa Franc": "XOF",
        "Nigeria-Naira": "NGN",
        "Norway-Krone": "NOK",
        "Oman-Rial": "OMR",
        "Pakistan-Rupee": "PKR",
        "Palau-Dollar": "USD",
        "Panama-Dolares": "PAB",
        "Papua New Guinea-Kina": "PGK",
        "Paraguay-Guarani": "PYG",
        "Peru-Sol": "PEN",
        "Philippines-Peso": "PHP",
        "Poland-Zloty": "PLN",
        "Qatar-Riyal": "QAR",
        "Republic Of North Macedonia-Denar": "MKD",
        "Romania-New Leu": "RON",
        "Russia-Ruble": "RUB",
        "Rwanda-Franc": "RWF",
        "Sao Tome & Principe-New Dobras": "STN",
        "Saudi Arabia-Riyal": "SAR",
        "Senegal-Cfa Franc": "XOF",
        "Serbia-Dinar": "RSD",
        "Seychelles-Rupee": "SCR",
        "Sierra Leone-Leone": "SLE",
        "Singapore-Dollar": "SGD",
        "Solomon Islands-Dollar": "SBD",
        "Somali-Shilling": "SOS",
        "South Africa-Rand": "ZAR",
        "South Sudan-Sudanese Pound": "SSP",
        "Sri Lanka-Rupee": "LKR",
        "St. Lucia-East Caribbean Dollar": "XCD",
        "Sudan-Pound": "SDG",
        "Suriname-Dollar": "SRD",
        "Sweden-Krona": "SEK",
        "Switzerland-Franc": "CHF",
        "Syria-Pound": "SYP",
        "Taiwan-Dollar": "TWD",
        "Tajikistan-Somoni": "TJS",
        "Tanzania-Shilling": "TZS",
        "Thailand-Baht": "THB",
        "Timor-Leste-Dili": "USD",
        "Togo-Cfa Franc": "XOF",
        "Tonga-Pa'Anga": "TOP",
        "Trinidad & Tobago-Dollar": "TTD",
        "Tunisia-Dinar": "TND",
        "Turkey-New Lira": "TRY",
        "Turkmenistan-New Manat": "TMT",
        "Uganda-Shilling": "UGX",
        "Ukraine-Hryvnia": "UAH",
        "United Arab Emirates-Dirham": "AED",
        "United Kingdom-Pound": "GBP",
        "Uruguay-Peso": "UYU",
        "Uzbekistan-Som": "UZS",
        "Vanuatu-Vatu": "VUV",
        "Venezuela-Bolivar Soberano": "VES",
        "Vietnam-Dong": "VND",
        "Western Samoa-Tala": "WST",
        "Yemen-Rial": "YER",
        "Zambia-New Kwacha": "ZMW",
        "Zimbabwe-Gold": "ZWG",
    ]
}
