import Testing

@testable import App

@Suite("Currency menu")
struct CurrencyMenuTests {
    @Test func escapesNamesOnce() {
        let menu = CurrencyMenu(currencies: [Currency(code: "AAA", name: "<b>Bold</b> & \"quoted\"", minorUnits: 2)])
        #expect(
            menu.html(selecting: "AAA")
                == "<option value=\"AAA\" selected>AAA — &lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot;</option>")
    }

    @Test func marksExactlyOneSelected() {
        let menu = CurrencyMenu(currencies: ["EUR", "JPY", "USD"].map(Fixtures.catalog.currency(for:)))
        let html = menu.html(selecting: "JPY")
        #expect(
            html
                == "<option value=\"EUR\">EUR — Euro</option><option value=\"JPY\" selected>JPY — Yen</option><option value=\"USD\">USD — US Dollar</option>"
        )
    }

    @Test func placeholderWhenNothingMatches() {
        let menu = CurrencyMenu(currencies: [Fixtures.catalog.currency(for: "EUR")])
        #expect(
            menu.html(selecting: nil)
                == "<option value=\"\" selected disabled>Choose a currency</option><option value=\"EUR\">EUR — Euro</option>")
        #expect(menu.html(selecting: "XYZ") == menu.html(selecting: nil))
    }

    @Test("keeps the last few sets' menus, building each set's once")
    func cache() {
        let cache = CurrencyMenuCache()
        let few = ["EUR", "USD"].map(Fixtures.catalog.currency(for:))
        #expect(cache.menu(for: few).html(selecting: "USD").contains("value=\"USD\" selected"))
        let more = few + [Fixtures.catalog.currency(for: "ZAR")]
        #expect(cache.menu(for: more).html(selecting: "ZAR").contains("ZAR — Rand"))
        #expect(cache.menu(for: more).isBuilt(for: more))
        #expect(!cache.menu(for: more).isBuilt(for: few))
        #expect(cache.buildCount == 2)
        _ = cache.menu(for: more)
        _ = cache.menu(for: ["EUR", "USD", "ZAR"].map(Fixtures.catalog.currency(for:))) // equal, not the same array
        #expect(cache.buildCount == 2)
        _ = cache.menu(for: few) // still kept: the current rates' and a past day's menus alternate
        #expect(cache.buildCount == 2)
        let codes = ["AUD", "CAD", "CHF", "GBP", "JPY"]
        for count in 1...CurrencyMenuCache.capacity { _ = cache.menu(for: codes.prefix(count).map(Fixtures.catalog.currency(for:))) }
        #expect(cache.buildCount == 2 + CurrencyMenuCache.capacity)
        _ = cache.menu(for: few) // pushed out by four newer sets
        #expect(cache.buildCount == 3 + CurrencyMenuCache.capacity)
    }
}
