import Core
import Foundation

extension RateSource {
    package static let beac = official(
        "beac", "Bank of Central African States (BEAC)", website: "https://www.beac.int/", home: "XAF", quotation: .basePerUnit,
        country: "CM", rateType: "indicative rate, mean of buying and selling", region: .africa, terms: "https://www.beac.int/",
        publishes: .init(hour: 10, minute: 0, timeZone: "Africa/Douala"))
}

extension ProviderDeclaration {
    /// The bank's home page (about 180 kB), whose side column "Taux indicatifs de change" lists
    /// thirteen pairs `USD/XAF` with a buying (`ACHAT`, 561.2317) and a selling (`VENTE`, 566.0505)
    /// rate, francs CFA per unit; the mean is stored, and the euro is the franc's parity (655.957
    /// both ways). The block's only date is written under it, `Date de valeur : 22/05/2026`, the
    /// value date the rates apply on: they are stored on it, and a page without it, or cut before
    /// its end, is refused. The page has no history: a backfill of past days finds nothing.
    static let beac = ProviderDeclaration(
        source: .beac, origin: "https://www.beac.int",
        documents: .whole("/"),
        parse: { data throws(RatesProviderError) in
            let what = "the BEAC's home page"
            guard HTMLTables.isWhole(data) else { throw .unreadable("not \(what): cut short") }
            let page = String(decoding: data, as: UTF8.self)
            guard let block = page.firstRange(of: "taux_de_change_list"), let end = page[block.upperBound...].firstRange(of: "</aside>")
            else { throw .unreadable("not \(what): no Taux indicatifs de change") }
            let rates = page[block.upperBound..<end.lowerBound]
            guard let written = rates.firstMatch(of: /Date de valeur\s*:\s*(\d{2}\/\d{2}\/\d{4})/),
                let date = PublishedDate.slashed(String(written.1))
            else { throw .unreadable("not \(what): no Date de valeur under its rates") }
            var days = PublishedDays(.beac)
            let pairs =
                /code_valeur"[^>]*>\s*([A-Z]{3})\/XAF\s*<\/span>.*?id="middle"[^>]*>\s*([^<]*?)\s*<\/div>.*?id="right"[^>]*>\s*([^<]*?)\s*<\/div>/
            for pair in rates.matches(of: pairs.dotMatchesNewlines()) {
                guard let buying = Decimal(published: String(pair.2)), let selling = Decimal(published: String(pair.3)), buying > 0,
                    selling > 0
                else {
                    throw .unreadable("\(pair.1) is bought at \(pair.2.prefix(20)) and sold at \(pair.3.prefix(20))")
                }
                try days.add(String(pair.1), (buying + selling) / 2, on: date)
            }
            return try days.fetched()
        })
}
