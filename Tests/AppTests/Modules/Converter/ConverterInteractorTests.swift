import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

@Suite("Converter interactor")
struct ConverterInteractorTests {
    func interactor(
        _ snapshot: RateSnapshot? = Fixtures.snapshot, past: any PastRatesReading = FakePastRates(snapshots: [])
    ) -> ConverterInteractor {
        ConverterInteractor(
            rates: FakeCurrentRates(snapshot: snapshot),
            pastRates: past,
            history: FakeHistoryLoad(), catalog: Fixtures.catalog, providers: .everyDeclared, now: { testNow })
    }

    @Test func convertsAValidRequest() async throws {
        let output = try await interactor().show(.init(from: "USD", to: "JPY", amount: "100"))
        guard case .converted(let conversion) = output.outcome else {
            Issue.record("no conversion")
            return
        }
        #expect(conversion.result == 14518)
        #expect(conversion.from.code == "USD" && conversion.to.code == "JPY")
        #expect(output.accepted == LastConversion(from: "USD", to: "JPY", amount: "100"))
        #expect(output.today.description == "2025-05-12")
        #expect(output.currencies.map(\.code) == ["BHD", "CHF", "EUR", "GBP", "JPY", "KWD", "USD", "XAU"])
    }

    @Test("canonicalises what was typed: comma decimal point, lower-case codes")
    func canonicalises() async throws {
        let output = try await interactor().show(.init(from: "usd", to: " eur ", amount: "1,5"))
        #expect(output.accepted == LastConversion(from: "USD", to: "EUR", amount: "1.5"))
        #expect(output.query.typed.amount == "1,5") // the form shows what was typed
    }

    @Test("an empty amount shows the form with no result and no error")
    func emptyAmount() async throws {
        let output = try await interactor().show(.init(from: "USD", to: "EUR", amount: ""))
        #expect(output.outcome == .noAmount)
        #expect(output.accepted == LastConversion(from: "USD", to: "EUR", amount: ""))
    }

    @Test(
        "every amount rule ends in a message at the amount",
        arguments: ["00", "01", "-1", "1e3", "1.2.3", "x", "1234567890123456", "0.123456789"])
    func invalidAmount(amount: String) async throws {
        let output = try await interactor().show(.init(from: "USD", to: "EUR", amount: amount))
        guard case .invalid(let errors) = output.outcome else {
            Issue.record("accepted \(amount)")
            return
        }
        #expect(Set(errors.keys) == [.amount])
        #expect(output.accepted == nil)
    }

    @Test("an unknown code is named in the message")
    func unknownCode() async throws {
        let output = try await interactor().show(.init(from: "XYZ", to: "EUR", amount: "1"))
        #expect(output.outcome.englishErrors == [.from: "There is no rate for the currency “XYZ”. Choose one from the list."])
    }

    @Test("missing codes say which one to choose")
    func missingCodes() async throws {
        let output = try await interactor().show(.init(from: nil, to: "", amount: "1"))
        #expect(
            output.outcome
                == .invalid([
                    .from: "Choose a currency to convert from.", .to: "Choose a currency to convert to.",
                ]))
    }

    @Test("every wrong field is reported at once")
    func allErrorsAtOnce() async throws {
        let output = try await interactor().show(.init(from: "ZZZ", to: "EUR", amount: "01"))
        guard case .invalid(let errors) = output.outcome else {
            Issue.record("accepted")
            return
        }
        #expect(Set(errors.keys) == [.from, .amount])
    }

    @Test func submitRedirectsToTheCanonicalResult() async throws {
        let submission = try await interactor().submit(.init(from: "gbp", to: "CHF", amount: "2,50"))
        #expect(submission == .redirect(LastConversion(from: "GBP", to: "CHF", amount: "2.50")))
    }

    @Test func submitKeepsInvalidInputForTheForm() async throws {
        let submission = try await interactor().submit(.init(from: "GBP", to: "CHF", amount: "abc"))
        guard case .invalid(let output) = submission else {
            Issue.record("redirected")
            return
        }
        #expect(output.query.typed == .init(from: "GBP", to: "CHF", amount: "abc"))
    }

    @Test func swapExchangesTheCurrencies() async throws {
        let submission = try await interactor().swap(.init(from: "USD", to: "EUR", amount: "100"))
        #expect(submission == .redirect(LastConversion(from: "EUR", to: "USD", amount: "100")))
    }

    @Test func swapValidatesToo() async throws {
        let submission = try await interactor().swap(.init(from: "USD", to: "EUR", amount: "-3"))
        guard case .invalid(let output) = submission else {
            Issue.record("redirected")
            return
        }
        #expect(output.query.typed.from == "EUR" && output.query.typed.to == "USD")
    }

    @Test func restoresTheLastConversion() async throws {
        let output = try await interactor().restore(LastConversion(from: "GBP", to: "JPY", amount: "20"))
        #expect(output.accepted == LastConversion(from: "GBP", to: "JPY", amount: "20"))
    }

    @Test("first visit: 100 USD to EUR")
    func firstVisit() async throws {
        let output = try await interactor().restore(nil)
        #expect(output.accepted == LastConversion(from: "USD", to: "EUR", amount: "100"))
        guard case .converted = output.outcome else {
            Issue.record("no result")
            return
        }
    }

    @Test("a stale remembered conversion falls back to the default, never an error")
    func staleCookie() async throws {
        let output = try await interactor().restore(LastConversion(from: "NZD", to: "EUR", amount: "5"))
        #expect(output.accepted == LastConversion.firstVisit)
    }

    @Test("a snapshot without USD or EUR starts from its own currencies")
    func defaultWithoutUSD() async throws {
        let snapshot = RateSnapshot(
            source: "x", baseCurrency: "GBP", effectiveDate: CalendarDate(iso8601: "2025-01-01")!,
            storedAt: testNow, rates: ["CHF": 1])
        let output = try await interactor(snapshot).restore(nil)
        #expect(output.accepted == LastConversion(from: "CHF", to: "GBP", amount: "100"))
    }

    @Test("no snapshot at all: rates unavailable")
    func noRates() async {
        await #expect(throws: Converter.Failure.ratesUnavailable) {
            try await interactor(nil).show(.init(from: "USD", to: "EUR", amount: "1"))
        }
        await #expect(throws: Converter.Failure.ratesUnavailable) { try await interactor(nil).restore(nil) }
        await #expect(throws: Converter.Failure.ratesUnavailable) {
            try await interactor(nil).submit(.init(from: "USD", to: "EUR", amount: "1"))
        }
    }

    // MARK: Sources

    /// The National Bank of Poland's 2026-03-05: złoty per unit, written that way round.
    static let nbp = RateSnapshot(
        source: "nbp", baseCurrency: "PLN", effectiveDate: CalendarDate(iso8601: "2026-03-05")!, storedAt: testNow,
        rates: ["USD": Fixtures.decimal("3.6771"), "EUR": Fixtures.decimal("4.2739"), "JPY": Fixtures.decimal("0.023397")],
        quotation: .basePerUnit)

    func withSources() -> ConverterInteractor {
        ConverterInteractor(
            rates: FakeCurrentRates(snapshot: Fixtures.snapshot, others: ["nbp": Self.nbp]),
            pastRates: FakePastRates(snapshots: [Self.nbp]),
            history: FakeHistoryLoad(), catalog: Fixtures.catalog, providers: .everyDeclared, now: { march20 })
    }

    @Test("a chosen source converts with its rates (written either way round), its currencies only, and is remembered")
    func chosenSource() async throws {
        let output = try await withSources().show(.init(from: "USD", to: "PLN", amount: "100", source: "NBP"))
        guard case .converted(let conversion) = output.outcome else {
            Issue.record("no conversion: \(output.outcome)")
            return
        }
        #expect(conversion.result == Fixtures.decimal("367.71"))
        #expect(conversion.rate.text == "3.6771" && conversion.inverseRate.text == "0.272")
        #expect(output.currencies.map(\.code) == ["EUR", "JPY", "PLN", "USD"])
        #expect(output.accepted == LastConversion(from: "USD", to: "PLN", amount: "100", source: "nbp"))
        #expect(output.source == .nbp && output.sources.map(\.id) == ["ecb", "nbp"])
        // The default source chosen by name is the default: no source in the address.
        #expect(try await withSources().show(.init(from: "USD", to: "EUR", amount: "1", source: "ecb")).accepted?.source == nil)
        // JPY → USD through the złoty: 1,000 × 0.023397 ÷ 3.6771 = 6.3628…
        let yen = try await withSources().show(.init(from: "JPY", to: "USD", amount: "1000", source: "nbp"))
        if case .converted(let conversion) = yen.outcome { #expect(conversion.result == Fixtures.decimal("6.36")) }
    }

    /// ExchangeRate-API configured as the default source before its first refresh: the blend is shown.
    struct DefaultWithoutRates: CurrentRatesReading {
        let blend: RateSnapshot
        var defaultSource: RateSourceID { RateSource.exchangeRateAPI.id }
        func currentSnapshot() async -> RateSnapshot? { blend }
        func currentSnapshot(of source: RateSourceID) async -> RateSnapshot? { source == .blend ? blend : nil }
        func availableSources() async -> [RateSource] { [.blend] }
    }

    @Test("a default source without rates yet: the blend is shown as the default, and no address names it")
    func defaultSourceWithoutRates() async throws {
        let blend = RateSnapshot(
            blend: RateBlender(pegs: [], providers: ProviderCatalog.everyDeclared.official).blend(
                [Fixtures.snapshot], on: Fixtures.snapshot.effectiveDate)!, key: "k")
        let interactor = ConverterInteractor(
            rates: DefaultWithoutRates(blend: blend), pastRates: FakePastRates(snapshots: []), history: FakeHistoryLoad(),
            catalog: Fixtures.catalog, providers: .everyDeclared, now: { march20 })
        for source in [nil, "blend"] {
            let output = try await interactor.show(.init(from: "USD", to: "EUR", amount: "100", source: source))
            #expect(output.defaultSource == RateSourceID.blend && output.source == .blend)
            #expect(output.accepted?.source == nil, "no source in the address or the cookie")
            #expect(output.sources == [.blend] && output.sourcesKey == "blend")
        }
        #expect(RateSource.effectiveDefault("exchangerate-api", among: [.blend, .ecb]) == "blend")
        #expect(RateSource.effectiveDefault("exchangerate-api", among: [.blend, .exchangeRateAPI]) == "exchangerate-api")
        #expect(RateSource.effectiveDefault("nbp", among: [.ecb]) == "ecb")
    }

    @Test("a source that does not exist or has no rates is refused at its field; the rest of the page stays")
    func unknownSource() async throws {
        for (source, message) in [
            ("fed", "There is no source “fed”. Choose one from the list."),
            ("boe", "Bank of England has no rates yet. Choose another source."),
        ] {
            let output = try await withSources().show(.init(from: "USD", to: "EUR", amount: "100", source: source))
            guard case .invalid(let errors) = output.outcome else {
                Issue.record("accepted \(source)")
                return
            }
            #expect(errors[.source]?.english == message)
            #expect(output.accepted == nil && output.snapshot == Fixtures.snapshot)
        }
        // A past day from the source: its own days.
        let past = try await withSources().show(.init(from: "USD", to: "PLN", amount: "1", date: "2026-03-06", source: "nbp"))
        #expect(past.snapshot == Self.nbp && past.askedDate == CalendarDate(iso8601: "2026-03-06"))
    }
}
