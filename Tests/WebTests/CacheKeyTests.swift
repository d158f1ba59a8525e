import Foundation
import Testing

@testable import Core
@testable import Web

/// A cached answer's key and validator are derived from a value of named fields, never written
/// by hand: equal values give one text, different ones different texts, optional and list fields
/// included, and a page's texts are read and replaced through the value's own fields.
@Suite("Cache keys derived from values; a page's texts read and replaced by name")
struct CacheKeyTests {
    struct Inner: Encodable, Sendable, Equatable {
        let day: CalendarDate?
        let source: RateSourceID?
    }

    struct Key: CacheKey, Equatable {
        var rates = "v1"
        var language = Language.en
        var note: String? = nil
        var codes: [String] = []
        var nested: [[String]] = []
        var inner: Inner? = nil
        var count = 0
        var flag = false
        var amount = 1.0
    }

    struct Texts: FrameTexts, Equatable {
        var amount: String
        var result: String
        var others: [String]

        func mapTexts(_ transform: (String) -> String) -> Texts {
            Texts(amount: transform(amount), result: transform(result), others: others.map(transform))
        }
    }

    static func text(_ key: Key) -> String { DerivedCacheKey(key).text }

    @Test("every field is written, in order, each leaf with its length; a missing optional and an empty list are written too")
    func writtenOut() {
        let key = Key(
            note: nil, codes: ["USD", "EUR"], inner: Inner(day: CalendarDate(iso8601: "2025-05-09"), source: nil), count: 12, flag: true)
        #expect(Self.text(key) == "2:v12:en~[,3:USD,3:EUR[10:2025-05-09~2:121:13:1.0")
        #expect(Self.text(key) == Self.text(key))
    }

    @Test("values that differ in any one field, or only in where a list or an optional ends, give different texts")
    func differentValuesDiffer() {
        let base = Key()
        var variants: [Key] = [base]
        for edit: (inout Key) -> Void in [
            { $0.rates = "v2" }, { $0.language = .de }, { $0.note = "" }, { $0.note = "x" }, { $0.codes = [""] },
            { $0.codes = ["USD"] }, { $0.codes = ["USD", "EUR"] }, { $0.codes = ["USDEUR"] }, { $0.nested = [[]] },
            { $0.nested = [[], []] }, { $0.nested = [["USD"], []] }, { $0.nested = [[], ["USD"]] },
            { $0.inner = Inner(day: nil, source: nil) },
            { $0.inner = Inner(day: nil, source: "ecb") }, { $0.count = 1 }, { $0.count = -1 }, { $0.flag = true }, { $0.amount = 1.5 },
            {
                $0.rates = "v"
                $0.note = "1"
            }, { $0.codes = ["2:en"] },
        ] {
            var key = base
            edit(&key)
            variants.append(key)
        }
        let texts = variants.map(Self.text)
        #expect(Set(texts).count == variants.count, "\(texts)")
    }

    @Test("random values: equal texts exactly when the values are equal", arguments: 0..<4)
    func randomValues(seed: Int) {
        var random = SystemRandomNumberGenerator()
        let words = ["", "a", "1:a", "~", "[", ",", "EUR", "2:", "é", "USD,EUR"]
        func pick() -> String { words.randomElement(using: &random)! }
        var keys: [Key] = []
        for _ in 0..<300 {
            var key = Key()
            key.rates = pick()
            key.note = Bool.random(using: &random) ? nil : pick()
            key.codes = (0..<Int.random(in: 0...3, using: &random)).map { _ in pick() }
            key.nested = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                (0..<Int.random(in: 0...2, using: &random)).map { _ in pick() }
            }
            keys.append(key)
        }
        for (a, b) in zip(keys, keys.shuffled(using: &random)) {
            #expect((Self.text(a) == Self.text(b)) == (a == b), "\(a) \(b)")
        }
    }

    @Test("a page's texts are the value's, in the order its fields are visited, and replaced by the same order")
    func texts() {
        let texts = Texts(amount: "100", result: "88.87", others: ["74.47", "15,823"])
        #expect(texts.texts == ["100", "88.87", "74.47", "15,823"])
        #expect(texts.replacingTexts(with: ["a", "b", "c", "d"]) == Texts(amount: "a", result: "b", others: ["c", "d"]))
    }

    @Test("the validator of a key is the validator of its text; another key, language or build gives another")
    func validators() {
        let policy = HTTPCachePolicy(build: "b1", refreshInterval: 0, compresses: false)
        let key = Key(codes: ["USD"])
        #expect(policy.etag(key) == policy.etag([DerivedCacheKey(key).text]))
        #expect(policy.etag(key) != policy.etag(Key(codes: ["EUR"])))
        #expect(policy.etag(key, language: .de) != policy.etag(key, language: .ja))
        #expect(HTTPCachePolicy(build: "b2", refreshInterval: 0, compresses: false).etag(key) != policy.etag(key))
        let directive = policy.directive(
            DerivedCacheKey(key), texts: ["100"], language: .en, now: Date(), shared: true, variesWithCookie: false)
        #expect(directive.etag == policy.etag([DerivedCacheKey(key).text, "100"], language: .en))
    }
}
