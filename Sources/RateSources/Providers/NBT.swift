import Core
import Foundation

extension RateSource {
    package static let nbt = official(
        "nbt", "National Bank of Tajikistan", website: "https://www.nbt.tj/en/kurs/", home: "TJS", quotation: .basePerUnit,
        country: "TJ", rateType: "official rate", region: .centralAsia, terms: "https://www.nbt.tj/en/",
        publishes: .init(hour: 10, minute: 0, timeZone: "Asia/Dushanbe"))
}

extension ProviderDeclaration {
    /// `<ValCurs Date="2026-05-18">` of `<Valute>`s: `CharCode`, `Nominal` (100 UZS, 10 KGS) and
    /// `Value`, somoni per `Nominal` units.
    static let nbt = ProviderDeclaration(
        source: .nbt, origin: "https://www.nbt.tj",
        documents: .day(latest: nil) { "/en/kurs/export_xml.php?date=\($0)&export=xmlout" },
        parse: { data throws(RatesProviderError) in
            let document = try XMLRecords.read(data, record: ["Valute"], what: "a National Bank of Tajikistan ValCurs document")
            var days = PublishedDays(.nbt)
            try days.add(
                document.records, on: try document.date("Date", CalendarDate.init(iso8601:)), code: "CharCode", units: "Nominal",
                value: "Value")
            return try days.fetched()
        })
}
