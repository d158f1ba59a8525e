import Foundation
import Testing

@testable import Core
@testable import RateSources

/// What the operator's documents say about the providers is what the kit declares.
@Suite("The docs name every declared provider")
struct ProviderDocsTests {
    static func document(_ path: String) throws -> String {
        try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../" + path), encoding: .utf8
        )
    }

    @Test("docs/CONFIGURATION.md gives RATES_PROVIDERS' default as the catalogue's central banks, then its tax authorities, in order")
    func defaultList() throws {
        let catalog = ProviderKit.catalog()
        let row = try #require(
            try Self.document("docs/CONFIGURATION.md").split(separator: "\n").first { $0.hasPrefix("| `RATES_PROVIDERS` |") })
        let written = try #require(row.split(separator: "`").dropFirst(3).first)
        #expect(
            written
                == (catalog.official + catalog.taxAndCustoms + catalog.reference).map(\.id.rawValue).joined(separator: ","))
    }

    @Test("docs/OPERATIONS.md names every provider's host, to allow out of the network")
    func hosts() throws {
        let operations = try Self.document("docs/OPERATIONS.md")
        // An uploaded provider's host (ICTax's) is never contacted.
        for declaration in ProviderKit.declarations where ProviderFeed(declaration).uploaded == nil {
            let host = try #require(URL(string: declaration.origin)?.host)
            #expect(operations.contains("`\(host)`"), "\(declaration.source.id)")
        }
    }
}
