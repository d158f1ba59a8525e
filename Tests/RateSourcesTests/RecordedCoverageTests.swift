import Foundation
import TestSupport
import Testing

@testable import Core
@testable import RateSources

/// What the providers' recorded documents add up to: each currency and the daily providers that
/// quote it (a provider counts for its own currency too: every rate it writes is against it).
@Suite("Coverage of the recorded documents: currencies, daily sources, own central banks")
struct RecordedCoverageTests {
    /// The providers whose documents are recorded in `Resources/providers`: all but the ECB
    /// (its own documents, and the bundled history) and ExchangeRate-API (a company's feed).
    static let recordedDeclarations = ProviderKit.declarations.filter { $0.source != .ecb && $0.source.kind != .commercial }

    /// Each declared provider's currencies, read from every recorded document of its own.
    static func quoted() throws -> [RateSourceID: Set<String>] { try recorded().mapValues(\.codes) }

    /// Each declared provider's currencies and those of them it writes the other way round.
    static func recorded() throws -> [RateSourceID: (codes: Set<String>, reversed: Set<String>)] {
        var quoted: [RateSourceID: (codes: Set<String>, reversed: Set<String>)] = [:]
        for declaration in recordedDeclarations {
            let days = try RecordedDocuments.days(of: declaration)
            quoted[declaration.source.id] = (
                Set(days.flatMap(\.rates.keys)).union([declaration.source.homeCurrency!]), Set(days.flatMap(\.reversed))
            )
        }
        let ecbDaily = try #require(Bundle.module.url(forResource: "ecb-daily", withExtension: "xml", subdirectory: "Resources"))
        let ecb = try ProviderDeclaration.ecb.parse(try Data(contentsOf: ecbDaily))
        quoted[RateSource.ecb.id] = (Set(ecb.flatMap(\.rates.keys)).union(["EUR"]), [])
        return quoted
    }

    /// What `scripts/bench` stores a year of for every provider (`scripts/lib/bench_providers.py`):
    /// each provider's home currency, which way it writes, and the currencies its recorded
    /// documents quote, and whether it stores buying and selling rates. `UPDATE_RECORDED_CURRENCIES=1`
    /// writes it anew after a provider changes.
    @Test("scripts/lib/recorded_currencies.json lists what every provider's recorded documents quote")
    func benchList() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../scripts/lib/recorded_currencies.json"
        ).standardized
        let recorded = try Self.recorded()
        var lines: [String] = []
        for declaration in Self.recordedDeclarations {
            let source = declaration.source
            let (codes, reversed) = recorded[source.id] ?? ([], [])
            func list(_ codes: Set<String>) -> String { codes.sorted().map { "\"\($0)\"" }.joined(separator: ", ") }
            lines.append(
                "  \"\(source.id)\": {\"home\": \"\(source.homeCurrency!)\", \"quotation\": \"\(source.quotation.rawValue)\", "
                    + "\"cadence\": \"\(source.cadence?.rawValue ?? "daily")\", \"sides\": \(source.sides.count > 1), "
                    + "\"currencies\": [\(list(codes))], \"reversed\": [\(list(reversed))]}"
            )
        }
        let expected = "{\n" + lines.joined(separator: ",\n") + "\n}\n"
        if ProcessInfo.processInfo.environment["UPDATE_RECORDED_CURRENCIES"] == "1" {
            try expected.write(to: file, atomically: true, encoding: .utf8)
        }
        let written = try? String(contentsOf: file, encoding: .utf8)
        #expect(written == expected, "run UPDATE_RECORDED_CURRENCIES=1 swift test --filter RecordedCoverageTests")
    }

    @Test(
        "at least 150 current currencies, 95 of them from three or more daily providers, 40 from their own central bank; none from a weekly table alone"
    )
    func coverage() throws {
        let catalog = try CurrencyCatalog.bundled()
        // Central banks' rates: tax and customs authorities' are for returns, never blended.
        let providers = ProviderKit.catalog()
        let quoted = try Self.quoted().filter { providers.source($0.key).kind == .centralBank }
        var sources: [String: Set<RateSourceID>] = [:]
        for (id, codes) in quoted {
            for code in codes where catalog.isListed(code) { sources[code, default: []].insert(id) }
        }
        let weekly = Set(
            ProviderKit.declarations.filter { $0.source.cadence != .daily && $0.source.kind == .centralBank }.map(\.source.id))
        #expect(weekly == [RateSource.nbpB.id, RateSource.nbkrWeekly.id])
        let daily = sources.mapValues { $0.subtracting(weekly) }
        let ownCentralBank = Set(providers.official.compactMap(\.homeCurrency) + ["EUR"]).filter(catalog.isListed)
        #expect(sources.count >= 150, "\(sources.count) current currencies")
        #expect(
            daily.values.filter { $0.count >= 3 }.count >= 95, "\(daily.values.filter { $0.count >= 3 }.count) with three daily sources")
        #expect(ownCentralBank.count >= 40, "\(ownCentralBank.sorted())")
        let weeklyAlone = daily.filter(\.value.isEmpty).keys.sorted()
        #expect(weeklyAlone.isEmpty, "from a weekly table alone: \(weeklyAlone)")
        // Issue 42: at least 60 currencies from their own central bank.
        #expect(ownCentralBank.count >= 60, "\(ownCentralBank.count) from their own central bank")
        // The recorded documents give 159 current currencies, 102 of them from three daily sources or more, and
        // 47 from their own central bank.
    }

    @Test(
        "every current ISO 4217 currency any declared publisher quotes (a central bank, a tax authority, a historical or international one) is a daily central bank's, so in the blend and /v2/currencies"
    )
    func everyQuotedCurrencyBlended() throws {
        let catalog = try CurrencyCatalog.bundled()
        let quoted = try Self.quoted()
        func isDailyCentralBank(_ id: RateSourceID) -> Bool {
            let source = ProviderKit.catalog().source(id)
            return source.kind.isBlended && (source.cadence ?? .daily) == .daily
        }
        let blended = Set(quoted.filter { isDailyCentralBank($0.key) }.flatMap(\.value))
        // The withdrawn ones (the US Treasury's and the BIS's ANG, the BIS's MRO) are not current.
        let everywhere = Set(quoted.values.flatMap { $0 }).filter(catalog.isListed)
        // HMRC's August 2025 list (XML) writes Venezuela's bolívar as VED, which no recorded central bank
        // quotes; its lists of 2026 write VES.
        #expect(everywhere.subtracting(blended).sorted() == ["VED"], "quoted, current and in no daily central bank's rates")
    }
}
