import Foundation

/// A currency its issuer fixes to another by law or by its central bank's declared policy
/// (the dirham at 3.6725 per US dollar). The blend takes a pegged currency's rate from its
/// anchor and this rate, not from the providers' quotes of it. Read from `Resources/pegs.json`,
/// one entry per currency with the authority that asserts it and a link to it.
package struct Peg: Sendable, Equatable {
    /// The pegged currency.
    package let currency: String
    /// The currency it is fixed to.
    package let anchor: String
    /// Units of ``currency`` per one unit of ``anchor``.
    package let rate: Decimal
    /// The first day the peg holds at this rate.
    package let since: CalendarDate
    package let authority: String
    /// Where the authority states it.
    package let source: String

    /// The pegs shipped with the app.
    package static func bundled() throws -> [Peg] {
        guard let url = Bundle.module.url(forResource: "pegs", withExtension: "json", subdirectory: "Resources") else {
            throw CurrencyCatalog.LoadingError(description: "pegs.json is missing from the app's resources")
        }
        return try parse(Data(contentsOf: url))
    }

    /// Reads `[{"currency", "anchor", "rate" (decimal text), "since" (YYYY-MM-DD), "authority", "source"}]`,
    /// refusing an entry that is not exactly that, or a currency listed twice.
    package static func parse(_ data: Data) throws -> [Peg] {
        struct Entry: Decodable {
            let currency, anchor, rate, since, authority, source: String
        }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            throw CurrencyCatalog.LoadingError(description: "pegs.json is not a list of pegs: \(error)")
        }
        var seen: Set<String> = []
        return try entries.enumerated().map { index, entry in
            guard Currency.isWellFormedCode(entry.currency), Currency.isWellFormedCode(entry.anchor), entry.currency != entry.anchor,
                let rate = Decimal(plainText: entry.rate), rate > 0, let since = CalendarDate(iso8601: entry.since),
                !entry.authority.isEmpty, entry.source.hasPrefix("https://"), seen.insert(entry.currency).inserted
            else {
                throw CurrencyCatalog.LoadingError(description: "pegs.json entry \(index + 1) (\(entry.currency)) is not a valid peg")
            }
            return Peg(
                currency: entry.currency, anchor: entry.anchor, rate: rate, since: since, authority: entry.authority, source: entry.source)
        }
    }
}
