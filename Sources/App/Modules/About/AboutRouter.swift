import Core

/// Where the About page sends the browser next.
struct AboutRouter: Sendable {
    /// Close: back to exactly the conversion the visitor left, its day included (303).
    func close(returningTo last: LastConversion?) -> Redirection {
        .seeOther(last.map { .conversion(from: $0.from, to: $0.to, amount: $0.amount, date: $0.date, source: $0.source) } ?? .converter)
    }

    init() {}
}
