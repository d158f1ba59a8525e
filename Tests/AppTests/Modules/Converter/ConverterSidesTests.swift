import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import ServiceInterfaces
@testable import Web

/// The converter at a side of a publisher's quotation: the publisher's own buying or selling
/// figure of the same day, named in the address, the cookie and the receipt; refused, at the
/// side's field, for a source of mids only or a day without that side; the mid as it was.
@Suite("Converter at a buying or selling rate")
struct ConverterSidesTests {
    static let march3 = CalendarDate(iso8601: "2026-03-03")!

    /// TCMB's 2026-03-03 (its recorded document): lira per unit, the mid the mean of its forex
    /// buying and selling rates; the euro here with a mid only.
    static let tcmb: RateSnapshot = {
        var snapshot = RateSnapshot(
            source: "tcmb", baseCurrency: "TRY", effectiveDate: march3, storedAt: testNow,
            rates: ["USD": Fixtures.decimal("43.9245"), "JPY": Fixtures.decimal("0.2798485"), "EUR": Fixtures.decimal("51.1")],
            quotation: .basePerUnit)
        snapshot.sides.buying = ["USD": Fixtures.decimal("43.885"), "JPY": Fixtures.decimal("0.278925"), "TRY": 1]
        snapshot.sides.selling = ["USD": Fixtures.decimal("43.964"), "JPY": Fixtures.decimal("0.280772"), "TRY": 1]
        return snapshot
    }()

    static func interactor(default snapshot: RateSnapshot = Fixtures.snapshot) -> ConverterInteractor {
        let others: [RateSourceID: RateSnapshot] = snapshot.source == "tcmb" ? [:] : ["tcmb": tcmb]
        return ConverterInteractor(
            rates: FakeCurrentRates(snapshot: snapshot, others: others), pastRates: FakePastRates(snapshots: [tcmb]),
            history: FakeHistoryLoad(), catalog: Fixtures.catalog, providers: .everyDeclared,
            now: { Date(timeIntervalSince1970: 1_772_755_200) }) // 2026-03-06
    }

    static func converted(_ output: Converter.Output) -> Conversion? {
        if case .converted(let conversion) = output.outcome { return conversion }
        return nil
    }

    @Test("buying and selling convert at the publisher's own figures of the day; the address and the cookie name the side and whose")
    func sides() async throws {
        let interactor = Self.interactor()
        for (side, result, rate) in [("buying", "4388.5", "43.885"), ("selling", "4396.4", "43.964"), ("mid", "4392.45", "43.9245")] {
            let output = try await interactor.show(.init(from: "USD", to: "TRY", amount: "100", source: "tcmb", side: side))
            let conversion = try #require(Self.converted(output), "\(side): \(output.outcome)")
            #expect(conversion.result == Fixtures.decimal(result), "\(side)")
            #expect(conversion.rate.text == rate, "\(side)")
            #expect(output.side.rawValue == side && output.snapshot.effectiveDate == Self.march3)
            let named: RateSide? = side == "mid" ? nil : RateSide(rawValue: side)
            #expect(output.accepted == LastConversion(from: "USD", to: "TRY", amount: "100", source: "tcmb", side: named))
        }
        // Written in any case, as /v2, the price files and the ledger read it.
        let capitals = try await interactor.show(.init(from: "USD", to: "TRY", amount: "1", source: "tcmb", side: "BUYING"))
        #expect(capitals.side == .buying && capitals.accepted?.side == .buying)
        // A cross of two of the day's buying rates: 100 × 43.885 ÷ 0.278925 = 15,733.62… yen, to the yen.
        let yen = try await interactor.show(.init(from: "USD", to: "JPY", amount: "100", source: "tcmb", side: "buying"))
        #expect(Self.converted(yen)?.result == 15733)
        // Each side its own version of the day: no cache takes one side's answer for another's.
        let buying = try #require(Self.tcmb.at(.buying)), selling = try #require(Self.tcmb.at(.selling))
        #expect(Set([Self.tcmb.versionKey, buying.versionKey, selling.versionKey]).count == 3)
        #expect(Self.tcmb.at(.mid) == Self.tcmb && Fixtures.snapshot.at(.buying) == nil)
    }

    @Test("a side of the default source names the source in the address, so a shared link keeps meaning the same")
    func defaultSourceNamed() async throws {
        let output = try await Self.interactor(default: Self.tcmb).show(.init(from: "USD", to: "TRY", amount: "1", side: "selling"))
        #expect(output.accepted?.source == "tcmb" && output.accepted?.side == .selling)
        #expect(try await Self.interactor(default: Self.tcmb).show(.init(from: "USD", to: "TRY", amount: "1")).accepted?.source == nil)
    }

    @Test("on a past day, the side of the day the mid is taken from")
    func pastDay() async throws {
        let output = try await Self.interactor().show(
            .init(from: "USD", to: "TRY", amount: "2", date: "2026-03-04", source: "tcmb", side: "selling"))
        #expect(Self.converted(output)?.result == Fixtures.decimal("87.92"), "2 × 43.964, to the kuruş")
        #expect(output.accepted?.date == CalendarDate(iso8601: "2026-03-04") && output.accepted?.side == .selling)
    }

    @Test("refused at the side's field: a source of mids only, a pair the day has no side of, a word that is no side")
    func refusals() async throws {
        let interactor = Self.interactor()
        let tcmb = ProviderCatalog.everyDeclared.source("tcmb").displayName
        let ecb = ProviderCatalog.everyDeclared.source("ecb").displayName
        for (input, message) in [
            (
                Converter.Input(from: "USD", to: "EUR", amount: "1", side: "buying"),
                Message("{source} publishes only mid rates. Choose the mid rate or another source.", ["source": .message(ecb)])
            ),
            (
                Converter.Input(from: "EUR", to: "TRY", amount: "1", source: "tcmb", side: "buying"),
                Message(
                    "{source} has no buying rate of {pair} on {day}. Choose the mid rate.",
                    ["source": .message(tcmb), "pair": .text("EUR/TRY"), "day": .day(Self.march3)])
            ),
            (
                Converter.Input(from: "USD", to: "EUR", amount: "1", source: "tcmb", side: "selling"),
                Message(
                    "{source} has no selling rate of {pair} on {day}. Choose the mid rate.",
                    ["source": .message(tcmb), "pair": .text("USD/EUR"), "day": .day(Self.march3)])
            ),
            (
                Converter.Input(from: "USD", to: "TRY", amount: "1", source: "tcmb", side: "bid"),
                Message("“{typed}” is not a rate. Choose the mid, buying or selling rate.", ["typed": .text("bid")])
            ),
        ] {
            let output = try await interactor.show(Converter.Query(input))
            guard case .invalid(let errors) = output.outcome else {
                Issue.record("accepted \(input)")
                continue
            }
            #expect(errors == [.side: message], "\(input)")
            #expect(output.accepted == nil)
        }
    }

    @Test("the page offers the sides only for a source that publishes them, names the side in its receipt and links, in every language")
    func page() async throws {
        let presenter = ConverterPresenter(providers: .everyDeclared)
        let output = try await Self.interactor().show(.init(from: "USD", to: "TRY", amount: "100", source: "tcmb", side: "buying"))
        let english = presenter.present(output, in: Localizations.of(.en))
        #expect(english.hasSides && english.sideOptions.map(\.value) == ["mid", "buying", "selling"])
        #expect(english.sideOptions.filter(\.selected).map(\.label) == ["Buying rate"])
        #expect(english.receipt.hasSuffix(" · Buying rate"), "\(english.receipt)")
        #expect(english.result.url == "/?from=USD&to=TRY&amount=100&source=tcmb&side=buying")
        #expect(english.result.alternatives.allSatisfy { $0.url.hasSuffix("&source=tcmb&side=buying") })
        for (language, name) in [(Language.de, "Ankaufskurs"), (.ru, "Курс покупки"), (.ar, "سعر الشراء"), (.ja, "買いレート")] {
            let model = presenter.present(output, in: Localizations.of(language))
            #expect(model.receipt.hasSuffix(" · \(name)") && model.sideOptions[1].label == name, "\(language)")
        }
        // The mid's page: the menu, nothing named; a source of mids only: no menu.
        let mid = try await Self.interactor().show(.init(from: "USD", to: "TRY", amount: "100", source: "tcmb"))
        let midModel = presenter.present(mid, in: Localizations.of(.en))
        #expect(midModel.hasSides && midModel.sideOptions.filter(\.selected).map(\.value) == ["mid"])
        #expect(!midModel.receipt.contains("·") && midModel.result.url == "/?from=USD&to=TRY&amount=100&source=tcmb")
        let ecb = presenter.present(try await Self.interactor().show(.init(from: "USD", to: "EUR", amount: "1")), in: Localizations.of(.en))
        #expect(!ecb.hasSides && ecb.sideOptions.isEmpty)
        // Refused: the menu stays, with the message.
        let refused = try await Self.interactor().show(.init(from: "USD", to: "EUR", amount: "1", side: "buying"))
        let refusedModel = presenter.present(refused, in: Localizations.of(.de))
        #expect(refusedModel.hasSides && refusedModel.sideError?.contains("nur Mittelkurse") == true, "\(refusedModel.sideError ?? "")")
        // A side's page is kept apart from the mid's.
        let key = { (output: Converter.Output) in
            ConverterPresenter.frame(of: output, in: Localizations.of(.en)).map { DerivedCacheKey($0.key) }
        }
        #expect(key(output) != key(mid) && key(output) != nil)
    }

    @Test("the cookie keeps a side after its source, and refuses anything else there")
    func cookie() {
        let buying = LastConversion(from: "USD", to: "TRY", amount: "100", source: "tcmb", side: .buying)
        #expect(buying.description == "USD-TRY-100~tcmb/buying")
        #expect(LastConversionCookie.parse("USD-TRY-100~tcmb/buying") == buying)
        #expect(LastConversionCookie.parse("USD-TRY-100-2026-03-03~tcmb/selling")?.side == .selling)
        for value in ["USD-TRY-100~tcmb/mid", "USD-TRY-100~tcmb/bid", "USD-TRY-100~tcmb/", "USD-TRY-100~/buying"] {
            #expect(LastConversionCookie.parse(value) == nil, "\(value)")
        }
        #expect(LastConversion(from: "USD", to: "TRY", amount: "1", source: "tcmb", side: .mid).side == nil)
    }
}
