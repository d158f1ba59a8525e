import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Currency menu")
struct CurrencyMenuTests {
    @Test func escapesNamesOnce() {
        let menu = CurrencyMenu(currencies: [Currency(code: "AAA", name: "<b>Bold</b> & \"quoted\"", minorUnits: 2)], in: en)
        #expect(
            menu.html(selecting: "AAA")
                == "<option value=\"AAA\" selected>AAA — &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;</option>")
    }

    @Test func marksExactlyOneSelected() {
        let menu = CurrencyMenu(currencies: ["EUR", "JPY", "USD"].map(Fixtures.catalog.currency(for:)), in: en)
        let html = menu.html(selecting: "JPY")
        #expect(
            html
                == "<option value=\"EUR\">EUR — Euro</option><option value=\"JPY\" selected>JPY — Japanese Yen</option><option value=\"USD\">USD — US Dollar</option>"
        )
    }

    @Test("names the currencies as the page's language does (CLDR), and the placeholder too; codes stay the order")
    func localized() {
        let currencies = ["GBP", "JPY", "USD"].map(Fixtures.catalog.currency(for:))
        #expect(
            CurrencyMenu(currencies: currencies, in: Localizations.of(.ru)).html(selecting: nil)
                == "<option value=\"\" selected disabled>Выберите валюту</option><option value=\"GBP\">GBP — британский фунт стерлингов</option>"
                + "<option value=\"JPY\">JPY — японская иена</option><option value=\"USD\">USD — доллар США</option>")
        #expect(CurrencyMenu(currencies: currencies, in: Localizations.of(.ja)).html(selecting: "JPY").contains("JPY — 日本円"))
        #expect(CurrencyMenu(currencies: currencies, in: Localizations.of(.de)).html(selecting: "JPY").contains("JPY — Japanischer Yen"))
        #expect(CurrencyMenu(currencies: currencies, in: Localizations.of(.ar)).html(selecting: "JPY").contains("JPY — ين ياباني"))
        #expect(CurrencyMenu(currencies: currencies, in: en).html(selecting: "GBP").contains("GBP — British Pound"))
    }

    @Test func placeholderWhenNothingMatches() {
        let menu = CurrencyMenu(currencies: [Fixtures.catalog.currency(for: "EUR")], in: en)
        #expect(
            menu.html(selecting: nil)
                == "<option value=\"\" selected disabled>Choose a currency</option><option value=\"EUR\">EUR — Euro</option>")
        #expect(menu.html(selecting: "XYZ") == menu.html(selecting: nil))
    }

    @Test("keeps the last few sets' menus per language, building each once")
    func cache() {
        let cache = CurrencyMenuCache()
        let few = ["EUR", "USD"].map(Fixtures.catalog.currency(for:))
        #expect(cache.menu(for: few, in: en).html(selecting: "USD").contains("value=\"USD\" selected"))
        let more = few + [Fixtures.catalog.currency(for: "ZAR")]
        #expect(cache.menu(for: more, in: en).html(selecting: "ZAR").contains("ZAR — South African Rand"))
        #expect(cache.menu(for: more, in: en).isBuilt(for: more, in: .en))
        #expect(!cache.menu(for: more, in: en).isBuilt(for: few, in: .en))
        #expect(cache.buildCount == 2)
        _ = cache.menu(for: more, in: en)
        _ = cache.menu(for: ["EUR", "USD", "ZAR"].map(Fixtures.catalog.currency(for:)), in: en) // equal, not the same array
        #expect(cache.buildCount == 2)
        #expect(cache.menu(for: more, in: Localizations.of(.de)).html(selecting: "ZAR").contains("ZAR — Südafrikanischer Rand"))
        #expect(cache.buildCount == 3) // another language, another menu
        _ = cache.menu(for: few, in: en) // still kept: the current rates' and a past day's menus alternate
        #expect(cache.buildCount == 3)
        let codes = Fixtures.catalog.all.prefix(CurrencyMenuCache.capacity + 1)
        for count in 1...CurrencyMenuCache.capacity { _ = cache.menu(for: Array(codes.prefix(count)), in: en) }
        #expect(cache.buildCount == 3 + CurrencyMenuCache.capacity)
        _ = cache.menu(for: few, in: en) // pushed out by newer sets
        #expect(cache.buildCount == 4 + CurrencyMenuCache.capacity)
    }
}
