import Vapor
import Web

/// The About page's HTTP side.
struct AboutView: Sendable {
    let interactor: AboutInteractor
    let presenter: AboutPresenter
    let router: AboutRouter
    let cachePolicy: HTTPCachePolicy
    let now: @Sendable () -> Date

    /// `GET /about`.
    func show(_ request: Request) async throws -> Response {
        let output = await interactor.about()
        guard request.getsPublicPage else {
            return try await request.renderPage("about", presenter.present(output, in: request.localization))
        }
        let directive = cachePolicy.directive(
            About.PageKey(rates: output.snapshot?.versionKey, today: output.today), language: request.language, now: now(), shared: true,
            variesWithCookie: true)
        // The page anonymous visitors get is rendered once per snapshot and day.
        return try await request.respondCaching(directive, keep: .lastAtAddress) {
            try await request.renderPage("about", presenter.present(output, in: request.localization))
        }
    }

    /// `GET /about/close`.
    func close(_ request: Request) async throws -> Response {
        Response(router.close(returningTo: LastConversionCookie.read(from: request)))
    }
}
