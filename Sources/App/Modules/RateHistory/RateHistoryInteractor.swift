/// Looks up a pair's history.
struct RateHistoryInteractor: Sendable {
    let history: any RateHistoryService
    let rates: any CurrentRatesReading
    let catalog: CurrencyCatalog

    func history(from: String?, to: String?) async throws -> RateHistory.Output {
        let fromCode = (from ?? "").uppercased(), toCode = (to ?? "").uppercased()
        guard Currency.isWellFormedCode(fromCode), Currency.isWellFormedCode(toCode) else { throw RateHistory.Failure.unknownPair }
        guard from == fromCode, to == toCode else { throw RateHistory.Failure.notCanonical(from: fromCode, to: toCode) }
        let history = try await history.history(from: fromCode, to: toCode)
        if history.points.isEmpty {
            // No stored day has both: a pair the current rates know still gets a page (it says
            // there is too little history); any other pair does not exist.
            guard let current = await rates.currentSnapshot(), current.rates[fromCode] != nil, current.rates[toCode] != nil else {
                throw RateHistory.Failure.unknownPair
            }
        }
        return RateHistory.Output(
            from: catalog.currency(for: fromCode), to: catalog.currency(for: toCode),
            points: history.points, version: history.version)
    }
}
