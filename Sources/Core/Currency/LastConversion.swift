/// The last conversion a visitor looked at, remembered so the converter opens where they left
/// off (the original app restored its last state at launch). Holds text exactly as it appears in
/// the canonical URL; it is validated again whenever it is used.
package struct LastConversion: Sendable, Equatable, CustomStringConvertible {
    package let from: String
    package let to: String
    /// Canonical amount text (`100`, `12.5`); empty when no amount was entered.
    package let amount: String
    /// The day whose rates were asked for; `nil` for the latest rates.
    package var date: CalendarDate? = nil
    /// The source chosen (a provider's id, or the blend); `nil` for the default source.
    package var source: RateSourceID? = nil
    /// The publisher's buying or selling rate; `nil` for the mid. Always with its `source`: an
    /// address that names a side names whose.
    package var side: RateSide? = nil

    package init(
        from: String, to: String, amount: String, date: CalendarDate? = nil, source: RateSourceID? = nil, side: RateSide? = nil
    ) {
        (self.from, self.to, self.amount, self.date, self.source) = (from, to, amount, date, source)
        self.side = side == .mid ? nil : side
    }

    /// `USD-EUR-100`, `USD-EUR-100-2020-03-15` on a chosen day, and `~nbp` after either from a
    /// chosen source (`~tcmb/buying` at a side), as the cookie keeps it.
    package var description: String {
        Self.text(from: from, to: to, amount: amount, date: date?.description) + Self.sourceSuffix(source, side: side)
    }

    /// The cookie's format, in one place (the live script fills in the same text's placeholders).
    package static func text(from: String, to: String, amount: String, date: String?) -> String {
        "\(from)-\(to)-\(amount)" + (date.map { "-\($0)" } ?? "")
    }

    /// `~nbp` after the conversion for a chosen source (`~tcmb/buying` at a side), nothing for the default.
    package static func sourceSuffix(_ source: RateSourceID?, side: RateSide? = nil) -> String {
        guard let source else { return "" }
        return "~\(source)" + (side.map { $0 == .mid ? "" : "/\($0.rawValue)" } ?? "")
    }

    /// The first visit's conversion.
    package static let firstVisit = LastConversion(from: "USD", to: "EUR", amount: "100")
}
