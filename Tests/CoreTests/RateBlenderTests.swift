import Foundation
import Testing

@testable import Core

/// The blend's rules on days worked out by hand: rebasing either way of quoting, screening
/// against the median of the others, the weighted mean, stale days, a provider without a euro
/// rate, and pegs.
@Suite("Blending the central banks' rates: rebase, screen, combine, pegs")
struct RateBlenderTests {
    static func d(_ text: String) -> Decimal { Fixtures.decimal(text) }
    static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

    static func snapshot(
        _ source: RateSource, _ date: String, _ rates: [String: String], base: String? = nil
    ) -> RateSnapshot {
        RateSnapshot(
            source: source.id, baseCurrency: base ?? source.homeCurrency!, effectiveDate: day(date),
            storedAt: Date(timeIntervalSince1970: 0),
            rates: rates.mapValues(d), quotation: source.quotation)
    }

    let blender = RateBlender(pegs: try! Peg.bundled(), providers: Fixtures.banks)

    @Test("one provider quoting the euro: its rates exactly as published, no digit added")
    func ecbAlone() throws {
        let ecb = Self.snapshot(.ecb, "2026-03-13", ["USD": "1.1476", "JPY": "170.93", "GBP": "0.86250"])
        let blend = try #require(blender.blend([ecb], on: Self.day("2026-03-15")))
        #expect(blend.date == Self.day("2026-03-13"), "the newest day on or before the day asked for")
        #expect(blend.base == "EUR" && blend.sources == ["ecb"])
        #expect(blend.rates["USD"]?.rate == Self.d("1.1476"))
        #expect(blend.rates["JPY"]?.rate == Self.d("170.93"))
        #expect(blend.rates["USD"]?.quotes == [ProviderQuote(source: "ecb", date: Self.day("2026-03-13"), rate: Self.d("1.1476"))])
        #expect(blend.outliers.isEmpty)
        // The bundled copy is the ECB's: it counts as the ECB.
        let bundled = RateSnapshot(
            source: RateSource.bundledECB.id, baseCurrency: "EUR", effectiveDate: Self.day("2026-03-13"),
            storedAt: Date(timeIntervalSince1970: 0),
            rates: ["USD": Self.d("1.1476")])
        #expect(blender.blend([bundled], on: Self.day("2026-03-13"))?.sources == ["ecb"])
    }

    @Test("a provider writing its home currency per unit is rebased through its own euro rate; two quotes are averaged")
    func rebaseAndMean() throws {
        let ecb = Self.snapshot(.ecb, "2026-03-02", ["USD": "1.1702", "CZK": "24.291"])
        // CZK per unit: 1 EUR = 24.275 CZK, 1 USD = 20.737 CZK, so 1 EUR = 24.275 / 20.737 USD.
        let cnb = Self.snapshot(.cnb, "2026-03-02", ["USD": "20.737", "EUR": "24.275"])
        let blend = try #require(blender.blend([ecb, cnb], on: Self.day("2026-03-02")))
        // The quotient to 12 significant digits (24.275 / 20.737 = 1.170612914114...).
        let cnbUSD = Self.d("1.17061291411")
        let usd = try #require(blend.rates["USD"])
        #expect(usd.quotes.map(\.source) == ["ecb", "cnb"])
        #expect(usd.quotes[1].rate == cnbUSD)
        #expect(cnbUSD == (Self.d("24.275") / Self.d("20.737")).rounded(toSignificantDigits: 12))
        #expect(usd.rate == ((Self.d("1.1702") + cnbUSD) / 2).rounded(toSignificantDigits: 12))
        #expect(usd.rate.plainText == "1.17040645706")
        // The koruna: the ECB's 24.291 and the CNB's own 1 CZK = 1/24.275 EUR, that is 24.275 CZK per euro.
        #expect(blend.rates["CZK"]?.quotes.map(\.rate) == [Self.d("24.291"), Self.d("24.275")])
        #expect(blend.rates["CZK"]?.rate == Self.d("24.283"))
        #expect(blend.sources == ["ecb", "cnb"])
    }

    @Test("a quote more than 2 % from the median of the others is dropped and recorded; the rest are averaged")
    func screening() throws {
        let snapshots = [
            Self.snapshot(.ecb, "2026-03-16", ["USD": "1.1000"]),
            Self.snapshot(.boe, "2026-03-16", ["EUR": "1", "USD": "1.1010"]),
            Self.snapshot(.rba, "2026-03-16", ["EUR": "1", "USD": "1.0990"]),
            Self.snapshot(.boc, "2026-03-16", ["EUR": "1.5", "USD": "1.25"]), // 1.2 USD per EUR: 9 % off
        ]
        let blend = try #require(blender.blend(snapshots, on: Self.day("2026-03-16")))
        let usd = try #require(blend.rates["USD"])
        #expect(usd.rate == Self.d("1.1"))
        #expect(usd.contributors == ["ecb", "rba", "boe"], "in the providers' order")
        let boc = try #require(usd.quotes.first { $0.source == "boc" })
        guard case .outlier(let median, let deviation) = boc.exclusion else {
            Issue.record("BOC's quote kept")
            return
        }
        #expect(median == Self.d("1.1") && deviation == Self.d("0.09091"))
        #expect(
            blend.outliers == [
                Outlier(
                    source: "boc", currency: "USD", date: Self.day("2026-03-16"), value: Self.d("1.2"), median: Self.d("1.1"),
                    deviation: Self.d("0.09091"))
            ])
    }

    @Test("with three providers one bad quote is dropped and the two good ones stay (a single pass would drop them too)")
    func threeProvidersOneBad() throws {
        let snapshots = [
            Self.snapshot(.ecb, "2026-03-16", ["NZD": "2.0"]),
            Self.snapshot(.boe, "2026-03-16", ["EUR": "1", "NZD": "2.002"]),
            Self.snapshot(.rba, "2026-03-16", ["EUR": "1", "NZD": "3.0"]),
        ]
        let nzd = try #require(blender.blend(snapshots, on: Self.day("2026-03-16"))?.rates["NZD"])
        #expect(nzd.contributors == ["ecb", "boe"])
        #expect(nzd.rate == Self.d("2.001"))
    }

    @Test("two providers are never screened, however far apart: there is no majority to side with")
    func twoProvidersNotScreened() throws {
        let snapshots = [
            Self.snapshot(.ecb, "2026-03-16", ["NZD": "2.0"]),
            Self.snapshot(.boe, "2026-03-16", ["EUR": "1", "NZD": "3.0"]),
        ]
        let blend = try #require(blender.blend(snapshots, on: Self.day("2026-03-16")))
        #expect(blend.rates["NZD"]?.rate == Self.d("2.5") && blend.outliers.isEmpty)
    }

    @Test("older days weigh less: full weight for three days, then half per day; more than seven days old, none")
    func ages() throws {
        #expect([0, 3, 4, 5, 7].map(RateBlender.weight(age:)) == [1, 1, Self.d("0.5"), Self.d("0.25"), Self.d("0.0625")])
        let snapshots = [
            Self.snapshot(.ecb, "2026-03-16", ["SEK": "11.0"]),
            Self.snapshot(.boe, "2026-03-11", ["EUR": "1", "SEK": "12.0"]), // 5 days old: a quarter
            Self.snapshot(.rba, "2026-03-06", ["EUR": "1", "SEK": "50.0"]), // 10 days old: out
        ]
        let blend = try #require(blender.blend(snapshots, on: Self.day("2026-03-16")))
        #expect(blend.rates["SEK"]?.rate == Self.d("11.2")) // (11 + 0.25 × 12) / 1.25
        #expect(blend.rates["SEK"]?.quotes.map(\.source) == ["ecb", "boe"])
        #expect(blend.sources == ["ecb", "boe"])
        // Days after the day asked for never count.
        #expect(blender.blend(snapshots, on: Self.day("2026-03-10"))?.sources == ["rba"])
        #expect(blender.blend(snapshots, on: Self.day("2026-03-01")) == nil)
    }

    @Test("a provider without a euro rate (the Polish table B) goes through its home currency's blended rate")
    func throughHomeCurrency() throws {
        let tableA = Self.snapshot(.nbp, "2026-03-04", ["EUR": "4.2304", "USD": "3.6056"])
        let tableB = Self.snapshot(.nbpB, "2026-03-04", ["AFN": "0.056626", "MGA": "0.000881"])
        let blend = try #require(blender.blend([tableA, tableB], on: Self.day("2026-03-04")))
        // 1 EUR = 4.2304 PLN (the blend of PLN has table A alone), 1 AFN = 0.056626 PLN.
        #expect(blend.rates["AFN"]?.rate == (Self.d("4.2304") / Self.d("0.056626")).rounded(toSignificantDigits: 12))
        #expect(blend.rates["AFN"]?.quotes.first?.source == "nbp.b")
        #expect(blend.sources == ["nbp", "nbp.b"])
        // Without table A (or another quote of the złoty) table B is its own pivot: the blend
        // is in złoty, every rate of table B in it (`/v2`'s `providers=nbp.b`).
        let alone = try #require(RateBlender(pegs: [], providers: Fixtures.banks).blend([tableB], on: Self.day("2026-03-04")))
        #expect(alone.base == "PLN" && alone.sources == ["nbp.b"])
        #expect(alone.rates["AFN"]?.rate == (1 / Self.d("0.056626")).rounded(toSignificantDigits: 12))
        #expect(alone.rates["MGA"]?.rate == (1 / Self.d("0.000881")).rounded(toSignificantDigits: 12))
        #expect(alone.rates["EUR"] == nil && alone.rates["PLN"] == nil)
        // Two providers, neither quoting the euro: the first's home is the pivot, the other
        // placed through it.
        let bam = Self.snapshot(.nbpB, "2026-03-04", ["AFN": "0.056626", "USD": "3.6"])
        let cbr = RateSnapshot(
            source: RateSource.cbr.id, baseCurrency: "RUB", effectiveDate: Self.day("2026-03-04"), storedAt: Date(timeIntervalSince1970: 0),
            rates: ["USD": Self.d("0.011"), "PLN": Self.d("0.04")])
        let pivoted = try #require(RateBlender(pegs: [], providers: Fixtures.banks).blend([bam, cbr], on: Self.day("2026-03-04")))
        #expect(pivoted.base == "PLN" && Set(pivoted.sources) == ["nbp.b", "cbr"])
        #expect(pivoted.rates["RUB"] != nil)
    }

    @Test("a pegged currency takes its anchor's blended rate times the peg; the providers' quotes are kept, marked as overridden")
    func pegs() throws {
        let ecb = Self.snapshot(.ecb, "2026-03-16", ["USD": "1.1", "GBP": "0.85"])
        let cbr = Self.snapshot(.cbr, "2026-03-16", ["EUR": "88", "USD": "80", "AED": "21.9"])
        let blend = try #require(blender.blend([ecb, cbr], on: Self.day("2026-03-16")))
        let usd = try #require(blend.rates["USD"]?.rate)
        let aed = try #require(blend.rates["AED"])
        #expect(aed.rate == (Self.d("3.6725") * usd).rounded(toSignificantDigits: 12))
        #expect(aed.peg?.authority == "Central Bank of the UAE")
        #expect(aed.quotes.map(\.exclusion) == [.pegged])
        #expect(aed.contributors.isEmpty)
        // Pegged to the euro itself, or to the pound: no provider needs to quote them.
        #expect(blend.rates["XOF"]?.rate == Self.d("655.957"))
        #expect(blend.rates["FKP"]?.rate == Self.d("0.85"))
        // A peg whose anchor has no rate that day is left out; metals are never currencies.
        #expect(blend.rates["NPR"] == nil)
        let withGold = Self.snapshot(.nbu, "2026-03-16", ["EUR": "50", "XAU": "225912.48", "USD": "44"])
        #expect(blender.blend([withGold], on: Self.day("2026-03-16"))?.rates["XAU"] == nil)
    }

    @Test("the pegs file: every entry valid, each with an https source; a malformed entry is refused")
    func pegsFile() throws {
        let pegs = try Peg.bundled()
        #expect(pegs.count >= 25)
        #expect(pegs.first { $0.currency == "SAR" }?.rate == Self.d("3.75"))
        #expect(Set(pegs.map(\.currency)).count == pegs.count)
        #expect(pegs.allSatisfy { $0.source.hasPrefix("https://") && !$0.authority.isEmpty })
        #expect(throws: (any Error).self) {
            try Peg.parse(
                Data(#"[{"currency":"AED","anchor":"USD","rate":"-1","since":"1997-11-02","authority":"x","source":"https://x"}]"#.utf8))
        }
    }
}
