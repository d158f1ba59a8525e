import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import ServiceInterfaces
@testable import Web

/// What the service worker keeps for converting offline: a source's latest rates, exact, with
/// each currency's minor units and name and the sentences the browser writes, in one language.
@Suite("Offline rates document")
struct OfflineDocumentTests {
    static let interactor = OfflineInteractor(
        rates: FakeCurrentRates(snapshot: Fixtures.snapshot, others: ["tcmb": ConverterSidesTests.tcmb]), catalog: Fixtures.catalog,
        providers: .everyDeclared, now: { Date(timeIntervalSince1970: 1_772_755_200) })
    static let presenter = OfflinePresenter(providers: .everyDeclared)

    /// The snapshot the browser rebuilds from a document: its numbers as written, each written
    /// the way the document says.
    static func snapshot(from document: Offline.RatesDocument) -> RateSnapshot {
        RateSnapshot(
            source: RateSourceID(document.source)!, baseCurrency: document.base, effectiveDate: CalendarDate(iso8601: document.day)!,
            storedAt: Date(timeIntervalSince1970: 0), rates: document.rates.mapValues { Decimal(plainText: $0)! },
            quotation: .unitsPerBase, reversed: Set(document.basePerUnit))
    }

    @Test("the default source's and a chosen one's rates, exact, written either way, convert to the server's figures")
    func convertsAsTheServer() async throws {
        let calculator = ConversionCalculator(catalog: Fixtures.catalog)
        for (typed, original) in [(nil as String?, Fixtures.snapshot), ("tcmb", ConverterSidesTests.tcmb)] {
            let output = try await Self.interactor.rates(of: typed)
            #expect(output.snapshot == original)
            let document = Self.presenter.document(output, in: Localizations.of(.en))
            #expect(document.source == original.source.rawValue && document.day == original.effectiveDate.description)
            #expect(document.rates.keys.sorted() == original.currencyCodes)
            // TCMB writes lira per unit: the document says so for each of its currencies.
            #expect(document.basePerUnit == (original.quotation == .basePerUnit ? original.currencyCodes.filter { $0 != "TRY" } : []))
            let rebuilt = Self.snapshot(from: document)
            for from in original.currencyCodes {
                for to in original.currencyCodes {
                    for amount in ["1", "100", "0.01", "123456789012345.12345678", "7.5"] {
                        let parsed = try #require(try Amount.parse(amount))
                        let server = try calculator.convert(parsed, from: from, to: to, in: original)
                        let browser = try calculator.convert(parsed, from: from, to: to, in: rebuilt)
                        #expect(server.result == browser.result && server.rate.text == browser.rate.text, "\(amount) \(from) → \(to)")
                    }
                }
                #expect(document.currencies[from]?.minorUnits == Fixtures.catalog.currency(for: from).minorUnits)
            }
        }
    }

    @Test("in the visitor's language: names, separators, direction, and a notice naming the day and the source")
    func language() async throws {
        let output = try await Self.interactor.rates(of: nil)
        let german = Self.presenter.document(output, in: Localizations.of(.de))
        #expect(german.decimalSeparator == "," && german.groupingSeparator == ".")
        #expect(german.currencies["USD"]?.name == "US-Dollar" && german.currencies["XAU"]?.minorUnits == nil)
        #expect(german.texts.notice.contains("9. Mai 2025") && german.texts.notice.contains("Europäische Zentralbank"))
        #expect(german.texts.appName == "Währungsrechner" && !german.rightToLeft)
        let arabic = Self.presenter.document(output, in: Localizations.of(.ar))
        #expect(arabic.rightToLeft && arabic.texts.names.contains("{from}") && arabic.texts.names.contains("{to}"))
        #expect(arabic.texts.noRate.contains("{code}") && arabic.language == "ar")
        let english = Self.presenter.document(output, in: Localizations.of(.en))
        #expect(
            english.texts.notice
                == "You are offline. Converting in your browser with the rates of May 9, 2025 saved on this device. Source: European Central Bank"
        )
        #expect(english.alternatives == Converter.majorCurrencies && english.inForceUntil == nil && english.texts.outOfForce == nil)
    }

    @Test("a source with no rates now, or no source at all, is refused; the default's own id is the default")
    func refusals() async throws {
        await #expect(throws: Offline.Failure.noSuchSource("nope")) { try await Self.interactor.rates(of: "nope") }
        await #expect(throws: Offline.Failure.noSuchSource("../etc")) { try await Self.interactor.rates(of: "../etc") }
        #expect(try await Self.interactor.rates(of: "ecb").snapshot == Fixtures.snapshot)
        #expect(try await Self.interactor.rates(of: "").snapshot == Fixtures.snapshot)
        let empty = OfflineInteractor(
            rates: FakeCurrentRates(snapshot: nil), catalog: Fixtures.catalog, providers: .everyDeclared, now: Date.init)
        await #expect(throws: Offline.Failure.ratesUnavailable) { try await empty.rates(of: nil) }
    }
}
