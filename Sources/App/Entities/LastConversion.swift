/// The last conversion a visitor looked at, remembered so the converter opens where they left
/// off (the original app restored its last state at launch). Holds text exactly as it appears in
/// the canonical URL; it is validated again whenever it is used.
struct LastConversion: Sendable, Equatable, CustomStringConvertible {
    let from: String
    let to: String
    /// Canonical amount text (`100`, `12.5`); empty when no amount was entered.
    let amount: String

    /// `USD-EUR-100`, as the cookie keeps it.
    var description: String { "\(from)-\(to)-\(amount)" }

    /// The first visit's conversion.
    static let firstVisit = LastConversion(from: "USD", to: "EUR", amount: "100")
}
