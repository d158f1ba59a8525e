import Vapor

/// The About page's HTTP side.
struct AboutView: Sendable {
    let interactor: AboutInteractor
    let presenter: AboutPresenter
    let router: AboutRouter

    /// `GET /about`.
    func show(_ request: Request) async throws -> Response {
        try await request.renderPage("about", presenter.present(interactor.about()))
    }

    /// `GET /about/close`.
    func close(_ request: Request) async throws -> Response {
        router.close(returningTo: LastConversionCookie.read(from: request))
    }
}
