import Vapor

/// The history page over HTTP.
struct RateHistoryView: Sendable {
    let interactor: RateHistoryInteractor
    let presenter: RateHistoryPresenter
    let router: RateHistoryRouter

    /// `GET /rates/{from}/{to}`.
    func show(_ request: Request) async throws -> Response {
        do {
            let output = try await interactor.history(from: request.parameters.get("from"), to: request.parameters.get("to"))
            return try await request.renderPage("rate-history", presenter.present(output))
        } catch RateHistory.Failure.notCanonical(let from, let to) {
            return router.canonical(from: from, to: to)
        } catch RateHistory.Failure.unknownPair {
            throw Abort(.notFound, reason: "There are no rates for this currency pair.")
        }
    }
}
