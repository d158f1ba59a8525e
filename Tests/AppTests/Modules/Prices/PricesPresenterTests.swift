import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core

/// The prices' lines from series made up here: merged by day then by quote, the other way when
/// inverted, and whole across the pieces they are written in.
@Suite("Prices presenter")
struct PricesPresenterTests {
    static func day(_ offset: Int) -> CalendarDate { CalendarDate(iso8601: "2020-01-01")!.adding(days: offset) }

    static func output(_ format: Prices.Format, invert: Bool = false, days: Int) -> Prices.Output {
        // USD every day at 1.1 per euro, GBP every other day at 0.85.
        let usd = (0..<days).map { RatePoint(date: day($0), fromRate: 1, toRate: Fixtures.decimal("1.1"), value: 1.1) }
        let gbp = stride(from: 0, to: days, by: 2).map {
            RatePoint(date: day($0), fromRate: 1, toRate: Fixtures.decimal("0.85"), value: 0.85)
        }
        let query = Prices.Query(
            base: "EUR", quotes: ["USD", "GBP"], days: day(0)...day(days), source: RateSource.ecb.id, format: format, invert: invert)
        return Prices.Output(query: query, source: .ecb, series: [("USD", usd[...]), ("GBP", gbp[...])])
    }

    static func text(_ output: Prices.Output) async -> String {
        var bytes: [UInt8] = []
        for await piece in PricesPresenter().pieces(of: output) { bytes += piece }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("by day, then by quote in the order asked; inverted, a unit of the quote in the base")
    func order() async {
        #expect(
            await Self.text(Self.output(.ledger, days: 3))
                == "P 2020-01-01 EUR 1.1 USD\nP 2020-01-01 EUR 0.85 GBP\nP 2020-01-02 EUR 1.1 USD\nP 2020-01-03 EUR 1.1 USD\nP 2020-01-03 EUR 0.85 GBP\n"
        )
        #expect(
            await Self.text(Self.output(.beancount, invert: true, days: 1))
                == "2020-01-01 price USD 0.9090909091 EUR\n2020-01-01 price GBP 1.176470588 EUR\n")
    }

    @Test("a long answer's pieces make one whole document: JSON's array and CSV's header once")
    func pieces() async throws {
        // 3,000 days: 4,500 lines, more than one piece.
        let json = await Self.text(Self.output(.json, days: 3_000))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: String]])
        #expect(array.count == 4_500 && array.first?["amount"] == "1.1" && array.last?["date"] == "2028-03-18")
        let csv = await Self.text(Self.output(.csv, days: 3_000))
        #expect(csv.components(separatedBy: "date,base,quote").count == 2 && csv.split(separator: "\r\n").count == 4_501)
        #expect(csv.hasPrefix("date,base,quote,amount,source,type\r\n2020-01-01,EUR,USD,1.1,ecb,reference rate\r\n"))
    }
}
