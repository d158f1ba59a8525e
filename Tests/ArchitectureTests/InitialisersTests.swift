import Foundation
import Testing

/// Initialisers the compiler writes are not written by hand: a struct built only in its own
/// module (and its tests, through `@testable`) keeps its memberwise initialiser, and the
/// initialisers that derive something live in extensions beside it. What is left is where
/// another module builds the value and Swift's memberwise initialiser is internal.
@Suite("Initialisers: few written by hand")
struct InitialisersTests {
    /// At most this many lines in `Sources` assign a parameter to the property of its name.
    static let memberwiseAllowed = 250

    /// The lines of `text` that assign a parameter to the property of its name (`self.x = x`).
    static func memberwiseLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            guard let match = line.wholeMatch(of: /\s*self\.(\w+) = (\w+)/) else { return false }
            return match.1 == match.2
        }
    }

    @Test("at most 250 lines in Sources are a hand-written memberwise assignment")
    func fewMemberwiseAssignments() throws {
        let counts = try CommentsTests.sources().map { ($0.path, Self.memberwiseLines($0.text).count) }.filter { $0.1 > 0 }
        let total = counts.reduce(0) { $0 + $1.1 }
        let largest = counts.sorted { $0.1 > $1.1 }.prefix(10).map { "\($0.0): \($0.1)" }
        #expect(total <= Self.memberwiseAllowed, "\(total) lines; the most in \(largest.joined(separator: ", "))")
    }

    @Test("an assignment of a parameter to its property is found; one of anything else is not")
    func memberwiseFound() {
        let text = """
                self.source = source
                    self.rates = rates
                self.rates = Array(rates)
                self.source = other
                source = source
            """
        #expect(Self.memberwiseLines(text).count == 2)
    }
}
