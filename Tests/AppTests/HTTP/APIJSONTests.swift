import Foundation
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("The API's JSON, written as Foundation's JSONEncoder writes it")
struct APIJSONTests {
    struct Record: Encodable {
        let text: String
        let number: Int
        let flag: Bool
        let missing: String?
        let items: [Item]
        let table: [String: String]
        let nothing: Int?

        // swift-format-ignore: AlwaysUseLowerCamelCase
        // An upper-case key on purpose: sorted keys put it before the lower-case ones.
        enum CodingKeys: String, CodingKey { case text, number, flag, missing, items, table, nothing, zebra, Alpha }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
            try container.encode(number, forKey: .number)
            try container.encode(flag, forKey: .flag)
            try container.encodeIfPresent(missing, forKey: .missing)
            try container.encode(items, forKey: .items)
            try container.encode(table, forKey: .table)
            try container.encode(nothing, forKey: .nothing) // `null`
            try container.encode("first", forKey: .zebra)
            try container.encode("second", forKey: .zebra) // written twice: the last wins
            try container.encode(-12, forKey: .Alpha)
        }
    }

    struct Item: Encodable {
        let name: String
        let values: [Int?]
    }

    static func foundation(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder.api.encode(value), as: UTF8.self)
    }

    static func ours(_ value: some Encodable) throws -> String {
        String(decoding: try APIJSON.encode(value), as: UTF8.self)
    }

    @Test("Vapor's own JSON (Content) uses the API's encoder, configured once")
    func oneEncoder() async throws {
        try await withSQLiteApp { _, _ in
            let encoder = try ContentConfiguration.global.requireEncoder(for: .json)
            #expect((encoder as? JSONEncoder) === JSONEncoder.api)
        }
    }

    @Test("records, lists, dictionaries, nulls, keys written twice, upper-case keys: byte for byte")
    func sameAsFoundation() throws {
        let record = Record(
            text: "a/b \"q\" \\ é ✓ \u{1}\u{8}\u{c}\n\r\t\u{1f}\u{7f}\u{2028}", number: 42, flag: true, missing: nil,
            items: [Item(name: "x", values: [1, nil, 3]), Item(name: "", values: [])],
            table: ["USD": "1.1", "EUR": "1", "AUD": "1.6", "aud": "lower"], nothing: nil)
        #expect(try Self.ours(record) == Self.foundation(record))
        #expect(try Self.ours([record, record]) == Self.foundation([record, record]))
        #expect(try Self.ours(["only": [String]()]) == Self.foundation(["only": [String]()]))
    }

    @Test("random texts, including every control character and non-ASCII, are escaped as Foundation escapes them")
    func randomTexts() async throws {
        var generator = SystemRandomNumberGenerator()
        let pool: [Character] = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) } + Array("aZ09 \"\\/<>&'é€😀\u{7f}\u{2028}")
        try await forEachCase(2_000) { (_: Int) throws in
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
            #expect(try Self.ours(["k": text, text: "v"]) == Self.foundation(["k": text, text: "v"]), "\(text.debugDescription)")
        }
    }

    @Test("the API's own answers: a conversion, the currencies, the latest rates")
    func apiViewModels() throws {
        let presenter = ConverterAPIPresenter(providers: .everyDeclared)
        let calculator = ConversionCalculator(catalog: Fixtures.catalog)
        let amount = try #require(try Amount.parse("1234.5"))
        let conversion = try calculator.convert(amount, from: "USD", to: "JPY", in: Fixtures.snapshot)
        let alternatives = try ["EUR", "GBP"].map { try calculator.result(amount, from: "USD", to: $0, in: Fixtures.snapshot) }
        let models: [any Encodable] = [
            presenter.present(
                conversion, alternatives: alternatives, snapshot: Fixtures.snapshot, today: CalendarDate(containing: testNow)),
            presenter.present(
                conversion, alternatives: alternatives, snapshot: Fixtures.snapshot, askedDate: CalendarDate(iso8601: "2025-05-11"),
                today: CalendarDate(containing: testNow)),
            presenter.present(
                currencies: Fixtures.snapshot.currencyCodes.map(Fixtures.catalog.currency(for:)) + [
                    Currency(code: "XAU", name: "Gold", minorUnits: nil)
                ], snapshot: Fixtures.snapshot),
        ]
        for model in models {
            #expect(try Self.ours(model) == Self.foundation(model))
        }
    }

    /// Uses the parts of `Encoder` that end after the value that opened them.
    struct Nested: Encodable {
        enum CodingKeys: String, CodingKey { case outer, list, empty, parent }
        enum Inner: String, CodingKey { case b, a }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var outer = container.nestedContainer(keyedBy: Inner.self, forKey: .outer)
            try outer.encode("second", forKey: .b)
            try outer.encode("first", forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try list.encodeNil()
            _ = container.nestedContainer(keyedBy: Inner.self, forKey: .empty) // opened, left empty
            try "from super".encode(to: container.superEncoder(forKey: .parent))
        }
    }

    @Test("nested containers opened by key (even left empty) and super-encoders: Foundation's output")
    func containersItCannotFollow() throws {
        #expect(try Self.ours(Nested()) == Self.foundation(Nested()))
        #expect(try Self.ours([["k": Nested()]]) == Self.foundation([["k": Nested()]]))
        #expect(try Self.ours(["fine": "yes"]) == #"{"fine":"yes"}"#)
    }

    @Test("dictionaries inside lists inside records, every integer type, top-level scalars and nil")
    func nestedOrderAndScalars() throws {
        struct Integers: Encodable {
            let a: Int8 = -8, b: Int16 = -16, c: Int32 = -32, d: Int64 = .min, e: UInt = 1
            let f: UInt8 = 255, g: UInt16 = 16, h: UInt32 = 32, i: UInt64 = .max, j: Int? = nil
        }
        let tables: [String: [[String: Int]]] = ["z": [["b": 2, "a": 1, "c": 3], [:]], "a": [], "m": [["x": 0]]]
        #expect(try Self.ours(tables) == Self.foundation(tables))
        #expect(try Self.ours(Integers()) == Self.foundation(Integers()))
        #expect(try Self.ours("text/plain") == Self.foundation("text/plain"))
        #expect(try Self.ours(Int?.none) == Self.foundation(Int?.none))
        #expect(try Self.ours([Bool]()) == Self.foundation([Bool]()))
    }

    @Test("what it does not write itself (a Double) is Foundation's")
    func fallsBackToFoundation() throws {
        struct Measured: Encodable {
            let value: Double
            let day: Date
        }
        let value = Measured(value: 0.1, day: Date(timeIntervalSince1970: 0))
        #expect(try Self.ours(value) == Self.foundation(value))
    }
}
