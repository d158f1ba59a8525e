import Core
import Foundation

extension RateSource {
    package static let bct = official(
        "bct", "Banque Centrale de Tunisie", website: "https://www.bct.gov.tn/bct/siteprod/cours.jsp", home: "TND",
        quotation: .basePerUnit, country: "TN", rateType: "interbank mean rate", region: .africa, terms: "https://www.bct.gov.tn/",
        publishes: .init(hour: 11, minute: 0, timeZone: "Africa/Tunis"))
}

extension ProviderDeclaration {
    /// A page for a POSTed day, its first table "Cours Moyens des Devises Cotées en dinar
    /// tunisien" (`Monnaie, Sigle, Unité, Valeur`: `YEN JAPONAIS, JPY, 1000, 18,4093`), dinars per
    /// `Unité` units with a decimal comma, dated `du 18/05/2026` above it. The page's second
    /// table is the manual exchange's rates, not read.
    static let bct = ProviderDeclaration(
        source: .bct, origin: "https://www.bct.gov.tn",
        documents: .day(latest: nil) {
            .post("/bct/siteprod/cours_archiv.jsp", "input=\($0)&langue=_AN", contentType: "application/x-www-form-urlencoded")
        },
        parse: { data throws(RatesProviderError) in
            let what = "a Banque Centrale de Tunisie rates page"
            let page = try HTMLTables(data, what: what)
            guard let written = page.text.firstMatch(of: /du (\d\d\/\d\d\/\d{4})/)?.1, let date = PublishedDate.slashed(String(written))
            else { throw .unreadable("not \(what): no day") }
            guard let table = page.tables.first, table.first == ["Monnaie", "Sigle", "Unité", "Valeur"] else {
                throw .unreadable("not \(what): the table is not Monnaie, Sigle, Unité, Valeur")
            }
            var days = PublishedDays(.bct)
            for row in table.dropFirst() where row.count == 4 && Currency.isWellFormedCode(row[1]) {
                guard let units = Int(row[2]), let rate = Decimal(published: row[3]) else {
                    throw .unreadable("\(row[1]) is \(row[3].prefix(20)) per \(row[2].prefix(10))")
                }
                try days.add(row[1], rate, units: units, on: date)
            }
            return try days.fetched()
        })
}
