import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("About interactor and presenter")
struct AboutTests {
    func output(_ snapshot: RateSnapshot?) async -> About.Output {
        await AboutInteractor(
            rates: FakeCurrentRates(snapshot: snapshot), sourceCodeURL: "https://example.org/code",
            now: { testNow }
        ).about()
    }

    @Test func gathersAppRatesAndSource() async {
        let output = await output(Fixtures.snapshot)
        #expect(output.appName == "Currency Converter")
        #expect(output.version == "1.0.0") // the release this code is; change with it
        #expect(output.snapshot == Fixtures.snapshot)
        #expect(output.sourceCodeURL == "https://example.org/code")
        #expect(output.today.description == "2025-05-12")
    }

    @Test func presentsThePage() async {
        let model = AboutPresenter(providers: .everyDeclared).present(await output(Fixtures.snapshot), in: en)
        #expect(model.title == "About · Currency Converter")
        #expect(model.summary.contains("converts an amount of money between currencies"))
        #expect(model.rates?.sourceName == "European Central Bank")
        #expect(model.rates?.effectiveDate == "2025-05-09")
        #expect(model.ratesText == "Rates of May 9, 2025 (3 days ago).")
        #expect(model.versionText.hasPrefix("version "))
        #expect(model.sourceCodeURL == "https://example.org/code")
        #expect(model.closeURL == "/about/close")
    }

    @Test func withoutRates() async {
        #expect(AboutPresenter(providers: .everyDeclared).present(await output(nil), in: en).rates == nil)
    }

    @Test("Close returns to the last conversion, or to the converter")
    func close() {
        let back = AboutRouter().close(returningTo: LastConversion(from: "GBP", to: "JPY", amount: "20"))
        #expect(back.status == .seeOther)
        #expect(back.headers.first(name: .location) == "/?from=GBP&to=JPY&amount=20")
        #expect(AboutRouter().close(returningTo: nil).headers.first(name: .location) == "/")
        let dated = LastConversion(from: "GBP", to: "JPY", amount: "20", date: CalendarDate(iso8601: "2020-03-15"))
        #expect(AboutRouter().close(returningTo: dated).headers.first(name: .location) == "/?from=GBP&to=JPY&amount=20&date=2020-03-15")
    }
}
