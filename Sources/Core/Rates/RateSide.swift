import Foundation

/// Which of a publisher's quotations a rate is: the mid the app stores and blends for every
/// publisher, or, where one writes them, the rate it buys or sells a currency at. Tax rules name
/// a side (Brazil's PTAX buying or selling rate, Türkiye's forex buying rate); a side is never blended.
package enum RateSide: String, Sendable, CaseIterable, Codable {
    case mid, buying, selling

    /// A side as an address or a form names it, in any case (`buying`, `SELLING`); `nil` for anything else.
    package init?(asked text: String) {
        self.init(rawValue: text.lowercased())
    }

    /// What a menu, a receipt and a refusal call it.
    package var name: Message {
        switch self {
        case .mid: Message("Mid rate")
        case .buying: Message("Buying rate")
        case .selling: Message("Selling rate")
        }
    }
}

extension RateSource {
    /// Why `side` cannot be asked of this source, naming the source as `name` and the sides it
    /// writes; `nil` when it writes that side. Every API that takes a side refuses with it.
    package func refusal(of side: RateSide, named name: String) -> String? {
        sides.contains(side)
            ? nil : "\(name) publishes no \(side.rawValue) rate: side can be \(sides.map(\.rawValue).joined(separator: ", "))"
    }
}

/// A day's buying and selling rates, per one unit and written the way its mid is (the day's
/// ``Quotation`` and reversed currencies): both or neither for each currency.
package struct RateSides: Sendable, Equatable {
    package var buying: [String: Decimal] = [:]
    package var selling: [String: Decimal] = [:]

    package init() {}

    package var isEmpty: Bool { buying.isEmpty }

    /// The rates of `side` (`nil` for the mid, which is the day's own rates).
    package subscript(side: RateSide) -> [String: Decimal]? {
        switch side {
        case .mid: nil
        case .buying: buying
        case .selling: selling
        }
    }
}
