import TestSupport
import Testing

@testable import Core
@testable import ServiceInterfaces

@Suite("A blend's version in a few bytes")
struct BlendVersionTests {
    @Test("the same versions, the same name; any other versions or order, another; ninety providers' as short as two")
    func names() {
        let versions = (0..<90).map { "provider\($0)/2026-10-30/\(String(repeating: "f", count: 36))" }
        let name = BlendVersion.of(versions)
        #expect(name.count == 24 && name.allSatisfy(\.isHexDigit))
        #expect(BlendVersion.of(versions) == name)
        #expect(BlendVersion.of(versions.reversed()) != name)
        #expect(BlendVersion.of(versions.dropLast()) != name)
        #expect(BlendVersion.of(["ab", "c"]) != BlendVersion.of(["a", "bc"]), "each version on its own")
        let blend = RateSnapshot(
            blend: RateBlender(pegs: [], providers: ProviderCatalog.everyDeclared.official).blend(
                [CoreTestSnapshot.day], on: CoreTestSnapshot.day.effectiveDate)!, key: name)
        #expect(blend.versionKey == "blend/\(CoreTestSnapshot.day.effectiveDate)/\(name)")
    }
}

private enum CoreTestSnapshot {
    static let day = RateSnapshot(
        source: RateSource.ecb.id, baseCurrency: "EUR", effectiveDate: CalendarDate(year: 2026, month: 10, day: 30)!,
        storedAt: .init(timeIntervalSince1970: 0), rates: ["USD": 1.1, "JPY": 160])
}
