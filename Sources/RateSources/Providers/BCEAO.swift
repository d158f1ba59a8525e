import Core
import Foundation

extension RateSource {
    package static let bceao = official(
        "bceao", "Central Bank of West African States (BCEAO)",
        website: "https://www.bceao.int/fr/cours/cours-des-devises-contre-franc-cfa-appliquer-aux-transferts",
        home: "XOF", quotation: .basePerUnit, country: "SN", rateType: "reference rate",
        region: .africa, terms: "https://www.bceao.int/fr/content/mentions-legales",
        publishes: .init(hour: 10, minute: 0, timeZone: "Africa/Dakar"))
}

extension ProviderDeclaration {
    /// A day's HTML fragment, `<h2>Cours des devises du lundi 16 mars 2026</h2>` and a table of
    /// `Devise, CFA` rows by French name only (`Dollar us, 605,5200`): francs CFA per unit, a
    /// decimal comma and `.` between thousands (`1.953,0200`); accented letters arrive as the
    /// text `\xC3\xA9` (their UTF-8 bytes written out), read back here. The euro is the
    /// franc's fixed parity, 655.957.
    static let bceao = ProviderDeclaration(
        source: .bceao, origin: "https://www.bceao.int",
        documents: .day(latest: nil) { "/fr/cours/get_all_reference_by_date?dateJour=\($0)" },
        parse: { data throws(RatesProviderError) in
            let what = "a BCEAO rates page"
            let page = try HTMLTables(Data(BCEAONames.unescaped(String(decoding: data, as: UTF8.self)).utf8), what: what)
            guard let written = page.text.firstMatch(of: /Cours des devises du \p{L}+ (\d{1,2}) (\p{L}+) (\d{4})/),
                let month = BCEAONames.months[written.2.lowercased()], let day = Int(written.1), let year = Int(written.3),
                let date = CalendarDate(year: year, month: month, day: day)
            else { throw .unreadable("not \(what): no day") }
            var days = PublishedDays(.bceao)
            for row in page.tables.first ?? [] where row.count == 2 && row[0] != "Devise" {
                guard let code = BCEAONames.codes[row[0].lowercased()] else { continue }
                guard let rate = Decimal(published: row[1].replacingOccurrences(of: ".", with: "")) else {
                    throw .unreadable("\(code) is \(row[1].prefix(20))")
                }
                try days.add(code, rate, on: date)
            }
            return try days.fetched()
        })
}

/// What the BCEAO's page writes in French.
enum BCEAONames {
    static let codes: [String: String] = [
        "euro": "EUR", "dollar us": "USD", "yen japonais": "JPY", "couronne danoise": "DKK", "couronne suédoise": "SEK",
        "livre sterling": "GBP", "couronne norvégienne": "NOK", "couronne thèque": "CZK", "couronne tchèque": "CZK",
        "forint hongrois": "HUF", "zloty polonais": "PLN", "franc suisse": "CHF", "dollar canadien": "CAD",
        "dollar australien": "AUD", "dollar néo-zélandais": "NZD", "rand sud-africain": "ZAR", "yuan chinois": "CNY",
        "roupie indienne": "INR", "baht thailandais": "THB", "real brésilien": "BRL", "dollar singapourien": "SGD",
        "nouvelle livre turque": "TRY", "dirham emirats arabes unis": "AED", "nouveau shekel": "ILS", "won coréen": "KRW",
        "dollar hong kong": "HKD", "ryal saudien": "SAR", "dinar koweitien": "KWD",
    ]

    static let months = [
        "janvier": 1, "février": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7, "août": 8, "septembre": 9,
        "octobre": 10, "novembre": 11, "décembre": 12,
    ]

    /// `text` with each run of `\xHH` escapes turned back into the UTF-8 bytes they write out.
    static func unescaped(_ text: String) -> String {
        guard text.contains("\\x") else { return text }
        var bytes: [UInt8] = []
        var rest = Substring(text)
        while let escape = rest.firstRange(of: "\\x") {
            bytes += Array(rest[..<escape.lowerBound].utf8)
            let hex = rest[escape.upperBound...].prefix(2)
            if hex.count == 2, let byte = UInt8(hex, radix: 16) {
                bytes.append(byte)
                rest = rest[escape.upperBound...].dropFirst(2)
            } else {
                bytes += Array("\\x".utf8)
                rest = rest[escape.upperBound...]
            }
        }
        bytes += Array(rest.utf8)
        return String(decoding: bytes, as: UTF8.self)
    }
}
