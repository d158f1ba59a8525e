import Vapor

/// The history page over HTTP.
struct RateHistoryView: Sendable {
    let interactor: RateHistoryInteractor
    let presenter: RateHistoryPresenter
    let router: RateHistoryRouter
    let cachePolicy: HTTPCachePolicy
    let now: @Sendable () -> Date

    /// `GET /rates/{from}/{to}`.
    func show(_ request: Request) async throws -> Response {
        do {
            let output = try await interactor.history(from: request.parameters.get("from"), to: request.parameters.get("to"))
            guard request.getsPublicPage else { return try await request.renderPage("rate-history", presenter.present(output)) }
            // Every day's rate is on the page: they are the validator (cheaper than rendering).
            let days = output.points.map { "\($0.date)=\($0.rate)" }.joined(separator: ";")
            let directive = cachePolicy.directive(["history", output.from.code, output.to.code, days],
            now: now(), shared: true, variesWithCookie: true)
            return try await request.respondCaching(directive) {
                try await request.renderPage("rate-history", presenter.present(output))
            }
        } catch RateHistory.Failure.notCanonical(let from, let to) {
            return router.canonical(from: from, to: to)
        } catch RateHistory.Failure.unknownPair {
            throw Abort(.notFound, reason: "There are no rates for this currency pair.")
        }
    }
}
