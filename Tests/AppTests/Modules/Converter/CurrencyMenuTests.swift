import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Web

@Suite("Currency menu")
struct CurrencyMenuTests {
    /// The converter's menus as its presenter makes them (``SelectOptions``), for `currencies`.
    func menu(_ codes: [String], selecting code: String?, in l: Localization = en) -> String {
        let currencies = codes.map(Fixtures.catalog.currency(for:))
        let output = Converter.Output(
            query: Converter.Query(.init(from: code)), outcome: .noAmount, accepted: nil, currencies: currencies,
            snapshot: Fixtures.snapshot, today: CalendarDate(containing: testNow))
        return ConverterPresenter(providers: .everyDeclared).present(output, in: l).fromOptions.html
    }

    @Test func marksExactlyOneSelected() {
        #expect(
            menu(["EUR", "JPY", "USD"], selecting: "JPY")
                == "<option value=\"EUR\">EUR — Euro</option><option value=\"JPY\" selected>JPY — Japanese Yen</option><option value=\"USD\">USD — US Dollar</option>"
        )
    }

    @Test("names the currencies as the page's language does (CLDR), and the placeholder too; codes stay the order")
    func localized() {
        let codes = ["GBP", "JPY", "USD"]
        #expect(
            menu(codes, selecting: nil, in: Localizations.of(.ru))
                == "<option value=\"\" selected disabled>Выберите валюту</option><option value=\"GBP\">GBP — британский фунт стерлингов</option>"
                + "<option value=\"JPY\">JPY — японская иена</option><option value=\"USD\">USD — доллар США</option>")
        #expect(menu(codes, selecting: "JPY", in: Localizations.of(.ja)).contains("JPY — 日本円"))
        #expect(menu(codes, selecting: "JPY", in: Localizations.of(.de)).contains("JPY — Japanischer Yen"))
        #expect(menu(codes, selecting: "JPY", in: Localizations.of(.ar)).contains("JPY — ين ياباني"))
        #expect(menu(codes, selecting: "GBP").contains("GBP — British Pound"))
    }

    @Test func placeholderWhenNothingMatches() {
        #expect(
            menu(["EUR"], selecting: nil)
                == "<option value=\"\" selected disabled>Choose a currency</option><option value=\"EUR\">EUR — Euro</option>")
        #expect(menu(["EUR"], selecting: "XYZ") == menu(["EUR"], selecting: nil))
    }
}
