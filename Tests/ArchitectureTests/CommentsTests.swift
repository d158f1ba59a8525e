import Foundation
import Testing

/// Comments say why; measurements live in docs/BENCHMARKS.md, which a comment names by the
/// heading of its subsection (`docs/BENCHMARKS.md, *Stored days*`).
@Suite("Comments: few timings, and every docs/BENCHMARKS.md section they name exists")
struct CommentsTests {
    /// At most this many comment lines in `Sources` may quote a timing.
    static let timingsAllowed = 5

    /// A duration written as a measurement is: a number and a unit of time.
    nonisolated(unsafe) static let timing = /\b\d[\d.,]*\s?(?:ms|µs|ns)\b|\b\d[\d.,]*\s(?:s|seconds?|minutes?)\b/

    /// The lines of `text` that are comments (`//`, `///`) and quote a timing.
    static func timingLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            let trimmed = line.drop { $0 == " " }
            return trimmed.hasPrefix("//") && trimmed.contains(timing)
        }
    }

    /// Each section `text`'s comments name (`docs/BENCHMARKS.md, *Heading*`), a comment's lines joined.
    static func namedSections(_ text: String) -> [String] {
        let comments = text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("//") }
            .map { $0.drop { $0 == "/" }.drop { $0 == " " } }.joined(separator: " ")
        return comments.matches(of: /docs\/BENCHMARKS\.md, \*([^*]+)\*/).map { String($0.1) }
    }

    static func sources() throws -> [(path: String, text: String)] {
        try LayerRules.swiftFiles(under: LayerRulesTests.root).filter { $0.hasPrefix("Sources/") }.map {
            ($0, try String(contentsOf: LayerRulesTests.root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test("at most five comment lines in Sources quote a timing")
    func fewTimings() throws {
        let lines = try Self.sources().flatMap { file in Self.timingLines(file.text).map { "\(file.path): \($0)" } }
        #expect(lines.count <= Self.timingsAllowed, "\(lines.joined(separator: "\n"))")
    }

    @Test("a timing in a comment is found; one in code, or a count that is no duration, is not")
    func timingFound() {
        let text = """
            // reading it took 0.94 s in a debug build
            /// 2.1 µs of its 21 µs
            //   12.3ms
            let timeout = 10 // seconds, not a quote
            // 304s and CRC-32s are answers and checksums
            // after 15 minutes
            """
        #expect(Self.timingLines(text).count == 4)
    }

    @Test("every docs/BENCHMARKS.md section a comment names is a heading there")
    func namedSectionsExist() throws {
        let headings = Set(
            try String(contentsOf: LayerRulesTests.root.appendingPathComponent("docs/BENCHMARKS.md"), encoding: .utf8)
                .split(separator: "\n").filter { $0.hasPrefix("#") }.map { $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) })
        var named: [String] = []
        for file in try Self.sources() { named += Self.namedSections(file.text) }
        #expect(named.count > 15)
        let missing = Set(named).filter { name in !headings.contains { $0 == name || $0.hasPrefix(name + " (") } }
        #expect(missing.isEmpty, "\(missing.sorted())")
        #expect(Self.namedSections("/// one (docs/BENCHMARKS.md, *Stored\n/// days*)") == ["Stored days"])
    }
}
