import Foundation
import TestSupport
import Testing

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import ServiceInterfaces
@testable import Web

/// The interactor and presenter together on ten real ECB days (``FakeReferenceDays/frankfurterDays()``),
/// today being Monday 2025-05-12 before the ECB publishes.
@Suite("Frankfurter v1 answers: queries, days, cross rates and rounding")
struct FrankfurterTests {
    let days: any ReferenceRateDays

    init() throws {
        days = try FakeReferenceDays.frankfurterDays()
    }

    func interactor(days: (any ReferenceRateDays)? = nil, load: FakeHistoryLoad = FakeHistoryLoad()) throws -> FrankfurterInteractor {
        FrankfurterInteractor(
            days: days ?? self.days, names: try RubyMoneyCurrencyNames.bundled(), catalog: Fixtures.catalog, now: { testNow }, load: load)
    }

    /// The body Frankfurter would send, or `"422 invalid amount"` and the like.
    func answer(_ segment: String, _ values: [String: String] = [:], days: (any ReferenceRateDays)? = nil) async throws -> String {
        let interactor = try interactor(days: days)
        do {
            let query = try interactor.query(
                dates: segment, from: values["from"], base: values["base"], to: values["to"], symbols: values["symbols"],
                amount: values["amount"])
            return String(decoding: FrankfurterPresenter().body(try await interactor.quote(query)), as: UTF8.self)
        } catch {
            let status =
                switch error {
                case .notFound: 404
                case .unprocessable: 422
                case .unavailable, .loading: 503
                }
            return "\(status) \(FrankfurterPresenter().message(error))"
        }
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("/latest: the newest day's ECB rates unchanged, the base left out, codes sorted")
    func latest() async throws {
        let text = try await answer("latest")
        #expect(text.hasPrefix(#"{"amount":1.0,"base":"EUR","date":"2025-05-09","rates":{"AUD":1.7572,"BGN":1.9558,"#))
        let rates = try #require(try json(text)["rates"] as? [String: Double])
        #expect(rates.count == 30 && rates["EUR"] == nil)
        #expect(rates["USD"] == 1.1252 && rates["JPY"] == 163.36 && rates["GBP"] == 0.8477 && rates["IDR"] == 18606.59)
        #expect(try await answer("current") == text)
    }

    @Test("another base, byte for byte as frankfurter.dev answered /latest?from=USD on 2024-07-26 (its double rounding included)")
    func rebasedLikeFrankfurter() async throws {
        let expected = try String(contentsOf: Fixtures.resource("frankfurter-v1-latest-from-USD-2024-07-26.json"), encoding: .utf8)
        #expect(try await answer("2024-07-26", ["from": "USD"]) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try await answer("2024-07-26", ["base": "usd"]) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test("the euro as base and an amount of 1: the ECB's values unchanged (older Frankfurter rounded them)")
    func unchangedValues() async throws {
        // frankfurter.dev's answer for 2023-04-06, from before it stopped rounding EUR rates.
        let older = try json(String(contentsOf: Fixtures.resource("frankfurter-v1-latest.json"), encoding: .utf8))
        let ours = try json(try await answer("2023-04-06"))
        let olderRates = try #require(older["rates"] as? [String: Double]), rates = try #require(ours["rates"] as? [String: Double])
        #expect(Set(olderRates.keys) == Set(rates.keys) && ours["date"] as? String == "2023-04-06")
        #expect(rates["IDR"] == 16290.63 && olderRates["IDR"] == 16291)
        for (code, rate) in rates { #expect(FrankfurterNumber.rounded(rate).value == olderRates[code], "\(code)") }
    }

    @Test("a weekend or holiday answers the business day before it; a future day the latest; a day before 1999 is not found")
    func dayFallback() async throws {
        #expect(try await answer("2020-03-15", ["to": "USD"]) == #"{"amount":1.0,"base":"EUR","date":"2020-03-13","rates":{"USD":1.1104}}"#)
        #expect(try await answer("2030-01-01", ["to": "USD"]) == #"{"amount":1.0,"base":"EUR","date":"2025-05-09","rates":{"USD":1.1252}}"#)
        #expect(try await answer("1999-01-03") == "404 not found")
        #expect(try await answer("1999-01-04", ["to": "USD"]) == #"{"amount":1.0,"base":"EUR","date":"1999-01-04","rates":{"USD":1.1789}}"#)
    }

    @Test("a range starts on the business day on or before its start and ends on its last day with rates")
    func ranges() async throws {
        #expect(
            try await answer("2020-03-14..2020-03-17", ["to": "USD"])
                == #"{"amount":1.0,"base":"EUR","start_date":"2020-03-13","end_date":"2020-03-16","rates":{"2020-03-13":{"USD":1.1104},"2020-03-16":{"USD":1.1157}}}"#
        )
        // To today, and from before the first day.
        let open = try json(try await answer("2024-01-01..", ["to": "USD"]))
        #expect(open["start_date"] as? String == "2023-04-06" && open["end_date"] as? String == "2025-05-09")
        #expect((open["rates"] as? [String: Any])?.count == 4)
        let all = try json(try await answer("1998-01-01..2000-01-01"))
        #expect(all["start_date"] as? String == "1999-01-04" && all["end_date"] as? String == "1999-01-04")
        #expect(try await answer("2025-05-13..") == "404 not found") // starts after today
        #expect(try await answer("1990-01-01..1998-12-31") == "404 not found")
    }

    @Test("a range over a withdrawn currency has only the days it was quoted; as base too, with the euro")
    func withdrawnCurrency() async throws {
        #expect(
            try await answer("2007-12-28..2008-01-02", ["to": "CYP"])
                == #"{"amount":1.0,"base":"EUR","start_date":"2007-12-28","end_date":"2007-12-31","rates":{"2007-12-28":{"CYP":0.585274},"2007-12-31":{"CYP":0.585274}}}"#
        )
        #expect(
            try await answer("2007-12-28..2008-01-02", ["from": "CYP", "to": "USD,EUR"])
                == #"{"amount":1.0,"base":"CYP","start_date":"2007-12-28","end_date":"2007-12-31","rates":{"2007-12-28":{"EUR":1.7086,"USD":2.5103},"2007-12-31":{"EUR":1.7086,"USD":2.5152}}}"#
        )
        #expect(try await answer("2008-01-02", ["to": "CYP"]) == "404 not found")
    }

    @Test("symbols filter the rates (unknown ones ignored, none known: not found); to and symbols are one parameter")
    func symbols() async throws {
        let expected = #"{"amount":1.0,"base":"EUR","date":"2025-05-09","rates":{"GBP":0.8477,"USD":1.1252}}"#
        #expect(try await answer("latest", ["to": "USD,GBP,XYZ"]) == expected)
        #expect(try await answer("latest", ["symbols": "usd,gbp"]) == expected)
        #expect(try await answer("latest", ["to": "XYZ"]) == "404 not found")
        #expect(try await answer("latest", ["to": "EUR,USD"]) == #"{"amount":1.0,"base":"EUR","date":"2025-05-09","rates":{"USD":1.1252}}"#)
        #expect(
            try await answer("latest", ["from": "GBP", "to": "EUR"])
                == #"{"amount":1.0,"base":"GBP","date":"2025-05-09","rates":{"EUR":1.1797}}"#)
        #expect(try await answer("latest", ["from": "XYZ"]) == "404 not found")
        #expect(try await answer("latest", ["from": ""]) == "404 not found")
    }

    @Test("an amount scales and rounds the rates; over 5,000 they are whole numbers")
    func amounts() async throws {
        #expect(
            try await answer("2024-07-26", ["amount": "100", "to": "USD,JPY,IDR,GBP"])
                == #"{"amount":100.0,"base":"EUR","date":"2024-07-26","rates":{"GBP":84.38,"IDR":1769404,"JPY":16784,"USD":108.6}}"#)
        #expect(
            try await answer("2024-07-26", ["amount": "2.5", "from": "USD", "to": "GBP,JPY,EUR"])
                == #"{"amount":2.5,"base":"USD","date":"2024-07-26","rates":{"EUR":2.302,"GBP":1.9424,"JPY":386.37}}"#)
        #expect(
            try await answer("2024-07-26", ["amount": "1", "to": "IDR"])
                == #"{"amount":1.0,"base":"EUR","date":"2024-07-26","rates":{"IDR":17694.04}}"#)
    }

    @Test("input Frankfurter refuses: 422 with its words, the amount checked first and the pair last; other paths 404")
    func refusals() async throws {
        for amount in ["0", "-1", "abc", "", "1e400"] {
            #expect(try await answer("latest", ["amount": amount]) == "422 invalid amount", "\(amount)")
        }
        #expect(try await answer("2020-02-30", ["amount": "x"]) == "422 invalid amount")
        #expect(try await answer("2020-02-30") == "422 invalid date")
        #expect(try await answer("2020-13-01..2020-12-31") == "422 invalid date")
        #expect(try await answer("2020-01-01..2020-12-32") == "422 invalid date")
        #expect(try await answer("2020-02-30", ["from": "USD", "to": "usd"]) == "422 invalid date")
        #expect(try await answer("latest", ["from": "usd", "to": "USD"]) == "422 bad currency pair")
        #expect(try await answer("latest", ["to": "EUR"]) == "422 bad currency pair")
        #expect(try await answer("latest", ["amount": "1e-9", "from": "USD"]) == "422 invalid amount")
        for segment in ["foo", "2020-1-01", "20200101", "2020-01-01...", "2020-01-01..x", "LATEST"] {
            #expect(try await answer(segment) == "404 not found", "\(segment)")
        }
        #expect(try await answer("latest", days: FailingReferenceDays()).hasPrefix("503 "))
    }

    @Test("/currencies: the newest day's currencies and the euro, with RubyMoney's names")
    func currencies() async throws {
        let names = try await interactor().currencies()
        #expect(names.names.count == 31 && names.newestDate == CalendarDate(iso8601: "2025-05-09"))
        let text = String(decoding: FrankfurterPresenter().body(names), as: UTF8.self)
        #expect(text.hasPrefix(#"{"AUD":"Australian Dollar","BGN":"Bulgarian Lev","BRL":"Brazilian Real","#))
        #expect(text.contains(#""CNY":"Chinese Renminbi Yuan""#) && text.contains(#""EUR":"Euro""#))
        #expect(text.contains(#""USD":"United States Dollar""#) && text.contains(#""PLN":"Polish Złoty""#))
        let none = try await interactor(days: FakeReferenceDays([])).currencies()
        #expect(FrankfurterPresenter().body(none) == Array("{}".utf8))
    }

    @Test("an answer is current (cached until the next publication) unless a later stored day exists after what was asked")
    func currentAnswers() async throws {
        let interactor = try interactor()
        func isCurrent(_ segment: String) async throws -> Bool {
            try await interactor.quote(try interactor.query(dates: segment, from: nil, base: nil, to: nil, symbols: nil, amount: nil))
                .isCurrent
        }
        for current in ["latest", "2025-05-10", "2024-01-01.."] { #expect(try await isCurrent(current), "\(current)") }
        for final in ["2025-05-08", "2020-01-01..2020-12-31"] { #expect(try await !isCurrent(final), "\(final)") }
    }
}
