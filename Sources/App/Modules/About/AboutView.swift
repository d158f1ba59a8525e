import Vapor
import Web

/// The About page's HTTP side.
package struct AboutView: Sendable {
    package let interactor: AboutInteractor
    package let presenter: AboutPresenter
    package let router: AboutRouter
    package let cachePolicy: HTTPCachePolicy
    package let now: @Sendable () -> Date
    /// The page anonymous visitors get, rendered once per snapshot and day.
    package let publicPage = LastPublicPage()

    package init(
        interactor: AboutInteractor, presenter: AboutPresenter, router: AboutRouter, cachePolicy: HTTPCachePolicy,
        now: @escaping @Sendable () -> Date
    ) {
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
        self.cachePolicy = cachePolicy
        self.now = now
    }

    /// `GET /about`.
    package func show(_ request: Request) async throws -> Response {
        let output = await interactor.about()
        guard request.getsPublicPage else {
            return try await request.renderPage("about", presenter.present(output, in: request.localization))
        }
        let directive = cachePolicy.directive(
            ["about", output.snapshot?.versionKey ?? "no rates", output.today.description],
            language: request.language, now: now(), shared: true, variesWithCookie: true)
        return try await request.respondCaching(directive) {
            try await publicPage.response(to: request, etag: directive.etag) {
                try await request.renderPage("about", presenter.present(output, in: request.localization))
            }
        }
    }

    /// `GET /about/close`.
    package func close(_ request: Request) async throws -> Response {
        router.close(returningTo: LastConversionCookie.read(from: request))
    }
}
