import Foundation
import Testing

@testable import Core

@Suite("ISO 4217 currency catalog")
struct CurrencyCatalogTests {
    let catalog = Fixtures.catalog

    @Test func holdsEveryActiveCurrency() {
        #expect(catalog.all.count == 179)
        #expect(catalog.all.map(\.code) == catalog.all.map(\.code).sorted())
        #expect(catalog.all.allSatisfy { Currency.isWellFormedCode($0.code) && !$0.name.isEmpty })
    }

    @Test(
        "names and minor units from ISO 4217",
        arguments: [
            ("USD", "US Dollar", 2), ("EUR", "Euro", 2), ("JPY", "Yen", 0), ("KWD", "Kuwaiti Dinar", 3),
            ("CLF", "Unidad de Fomento", 4), ("GBP", "Pound Sterling", 2), ("KMF", "Comorian Franc", 0),
        ])
    func knows(code: String, name: String, minorUnits: Int) {
        #expect(catalog.currency(for: code) == Currency(code: code, name: name, minorUnits: minorUnits))
        #expect(catalog.isListed(code))
    }

    @Test func unitsWithoutMinorUnits() {
        #expect(catalog.currency(for: "XAU").minorUnits == nil)
        #expect(catalog.currency(for: "XAU").resultFractionDigits == 8)
    }

    @Test("codes providers quote beyond active ISO 4217 have names too")
    func unlistedCodes() {
        #expect(!catalog.isListed("GGP"))
        #expect(catalog.currency(for: "GGP") == Currency(code: "GGP", name: "Guernsey Pound", minorUnits: 2))
        #expect(catalog.currency(for: "HRK").name == "Kuna (withdrawn 2023)")
        #expect(catalog.all.count == 179) // still only the active ones
    }
    @Test("a list of codes gives their currencies in order, whichever list was asked for before")
    func listsOfCodes() throws {
        let catalog = try CurrencyCatalog.bundled()
        let first = ["EUR", "JPY", "USD"], second = ["GBP", "XAU"]
        for codes in [first, second, first, first, second] {
            #expect(catalog.currencies(for: codes) == codes.map(catalog.currency(for:)))
        }
    }

    @Test func unknownCodeStillConverts() {
        #expect(catalog.currency(for: "QQQ") == Currency(code: "QQQ", name: "QQQ", minorUnits: 2))
    }

    @Test func readsQuotedCSV() throws {
        let catalog = try CurrencyCatalog(csv: "code,name,minor_units\nAAA,\"Name, with \"\"comma\"\"\",2\nBBB,Plain,\n")
        #expect(catalog.currency(for: "AAA").name == "Name, with \"comma\"")
        #expect(catalog.currency(for: "BBB").minorUnits == nil)
    }

    @Test(
        "refuses a malformed data file",
        arguments: [
            "code,name,minor_units\nusd,Dollar,2", "code,name,minor_units\nUSD,,2", "code,name,minor_units\nUSD,Dollar,two",
            "code,name,minor_units\nUSD,Dollar",
        ])
    func refusesMalformed(csv: String) {
        #expect(throws: CurrencyCatalog.LoadingError.self) { try CurrencyCatalog(csv: csv) }
    }
}
