import Foundation
import TestSupport
import Testing

@testable import Core
@testable import RateSources

/// The catalog against what the providers really quote: every code has a name.
@Suite("Currency names for every code the providers quote")
struct ProviderCurrencyNamesTests {
    let catalog = Fixtures.catalog

    @Test("every code ExchangeRate-API quotes has a name")
    func namesEveryProviderCode() throws {
        let fetched = try #require(
            try ProviderDeclaration.exchangeRateAPI.parse(Data(try Fixtures.text("exchangerate-api-latest-USD.json").utf8)).first)
        let nameless = fetched.rates.keys.filter { catalog.currency(for: $0).name == $0 }
        #expect(nameless.isEmpty, "\(nameless.sorted())")
    }

    @Test("every code in the ECB's history has a name; withdrawn ones say when, as ISO 4217's list of withdrawn codes does")
    func namesEveryHistoricCode() throws {
        // The archive's header names every currency it ever quotes.
        let csv = try ECBHistoryArchive.csv(zip: Data(contentsOf: BundledRates.shipped().archive))
        let header = try #require(String(decoding: csv.prefix(1000), as: UTF8.self).split(separator: "\n").first)
        let codes = Set(header.split(separator: ",").dropFirst().map(String.init))
        #expect(codes.count == 41)
        let nameless = codes.filter { catalog.currency(for: $0).name == $0 }
        #expect(nameless.isEmpty, "\(nameless.sorted())")
        #expect(catalog.currency(for: "CYP").name == "Cyprus Pound (withdrawn 2008)")
        #expect(catalog.currency(for: "TRL").name == "Old Turkish Lira (withdrawn 2005)")
        #expect(catalog.currency(for: "EEK").name == "Kroon (withdrawn 2011)")
    }
}

/// Every currency the kit's providers quote in their recorded documents has a name in English
/// (the catalogue) and in each page language (CLDR through Foundation).
@Suite("Currency names for every code the kit's providers quote")
struct KitProviderCurrencyNamesTests {
    static var codes: Set<String> {
        get throws {
            var codes: Set<String> = []
            for (declaration, fixture, _) in KitProviderDocumentTests.documents {
                for day in try declaration.parse(try OfficialDocumentTests.fixture(fixture)) { codes.formUnion(day.rates.keys) }
            }
            for (declaration, fixture, series, _) in KitSeriesAndPostDocumentTests.documents {
                let series = series.flatMap { code in declaration.seriesList.first { $0.code == code } }
                for day in try declaration.parse(try OfficialDocumentTests.fixture(fixture), series: series) {
                    codes.formUnion(day.rates.keys)
                }
            }
            return codes.subtracting(RateBlender.notCurrencies)
        }
    }

    @Test("each has an English name", arguments: ["en"])
    func english(_ language: String) throws {
        let nameless = try Self.codes.filter { Fixtures.catalog.currency(for: $0).name == $0 }
        #expect(nameless.isEmpty, "\(nameless.sorted())")
    }

    @Test("each has a name in every page language", arguments: ["ru", "de", "ar", "ja"])
    func translated(_ language: String) throws {
        let locale = Locale(identifier: language)
        let nameless = try Self.codes.filter { (locale.localizedString(forCurrencyCode: $0) ?? $0) == $0 }
        #expect(nameless.isEmpty, "\(language): \(nameless.sorted())")
    }
}
