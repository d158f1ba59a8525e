import Foundation
import Testing

@testable import Core
@testable import RateSources

/// The hostile versions of a provider's recorded document every kit provider must refuse with
/// a reason: an HTML error page, a truncated file, nothing, and the document with one of its
/// rates made negative or zero.
enum HostileDocuments {
    /// Checks that `declaration` refuses each; `rate` is one rate as the document writes it,
    /// with whatever quotes or tags the format puts around its digits.
    static func check(
        _ declaration: ProviderDeclaration, _ fixture: String, rate: String, series: ProviderDeclaration.Series? = nil,
        month: CalendarDate? = nil, zeroIsARate: Bool = true
    ) throws {
        let served = try OfficialDocumentTests.fixture(fixture)
        let text = String(decoding: served, as: UTF8.self)
        #expect(text.contains(rate), "\(fixture) has \(rate)")
        let digits = rate.trimmingCharacters(in: CharacterSet(charactersIn: "\"<>"))
        func with(_ replacement: String) -> Data {
            Data(text.replacingOccurrences(of: rate, with: rate.replacingOccurrences(of: digits, with: replacement)).utf8)
        }
        var hostile: [(String, Data)] = [
            ("an HTML error page", Data("<!DOCTYPE html><html><body><h1>Service unavailable</h1></body></html>".utf8)),
            ("a truncated file", served.prefix(served.count / 2)),
            ("nothing", Data()),
            ("a negative rate", with("-" + digits)),
        ]
        if zeroIsARate { hostile.append(("a zero rate", with("0"))) }
        for (what, data) in hostile {
            #expect(throws: RatesProviderError.self, "\(declaration.source.id): \(what)") {
                try declaration.parse(data, series: series, month: month)
            }
        }
    }
}
