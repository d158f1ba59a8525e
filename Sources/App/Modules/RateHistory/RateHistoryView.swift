import Core
import Vapor
import Web

/// The history page over HTTP, and its data as CSV.
package struct RateHistoryView: Sendable {
    package let interactor: RateHistoryInteractor
    package let presenter: RateHistoryPresenter
    package let router: RateHistoryRouter
    package let cachePolicy: HTTPCachePolicy
    /// Pages and CSVs rendered lately, by ETag: a popular pair's 27 years are rendered once per
    /// set of stored days, not per request.
    package let rendered: RenderedPageCache
    package let now: @Sendable () -> Date

    package init(
        interactor: RateHistoryInteractor, presenter: RateHistoryPresenter, router: RateHistoryRouter, cachePolicy: HTTPCachePolicy,
        rendered: RenderedPageCache, now: @escaping @Sendable () -> Date
    ) {
        self.interactor = interactor
        self.presenter = presenter
        self.router = router
        self.cachePolicy = cachePolicy
        self.rendered = rendered
        self.now = now
    }

    /// `GET /rates/{from}/{to}`.
    package func show(_ request: Request) async throws -> Response {
        try await respond(request, as: .page) { output in
            try await request.renderPage("rate-history", presenter.present(output, in: request.localization))
        }
    }

    /// `GET /rates/{from}/{to}/daily.csv?range=…&date=…`: every day's rate of the range.
    package func csv(_ request: Request) async throws -> Response {
        try await respond(request, as: .csv) { output in
            Response(
                status: .ok,
                headers: [
                    "Content-Type": "text/csv; charset=utf-8; header=present",
                    "Content-Disposition": "attachment; filename=\"\(presenter.csvFileName(output))\"",
                    "Content-Language": request.language.rawValue,
                ], body: .init(string: presenter.csv(output, in: request.localization)))
        }
    }

    package enum Format: String { case page, csv }

    private func respond(
        _ request: Request, as format: Format,
        render: (RateHistory.Output) async throws -> Response
    ) async throws -> Response {
        let query = request.queryItems
        do {
            let output = try await interactor.history(
                from: request.parameter(.from), to: request.parameter(.to), range: query["range"], date: query["date"],
                page: format == .page ? query["page"] : nil, source: query["source"])
            guard request.getsPublicPage || format == .csv else { return try await render(output) }
            // The stored data's version stands for every rate on the page (cheaper than rendering).
            let asked = output.query ?? RateHistory.Query(from: output.from.code, to: output.to.code)
            let directive = cachePolicy.directive(
                [
                    format.rawValue, output.from.code, output.to.code, asked.range.rawValue, asked.date?.description ?? "",
                    String(asked.page), asked.source ?? RateSnapshot.blendSource, output.version,
                ],
                language: request.language, now: now(), shared: true, variesWithCookie: format == .page)
            return try await request.respondCaching(directive) {
                if let kept = rendered.response(for: directive.etag, gzip: cachePolicy.sendsGzip(to: request)) { return kept }
                let response = try await render(output)
                rendered.keep(response, for: directive.etag)
                return response
            }
        } catch RateHistory.Failure.notCanonical(let canonical) {
            return format == .page ? router.canonical(canonical) : router.canonicalCSV(canonical)
        } catch RateHistory.Failure.unknownPair {
            throw PageAbort(.notFound, Message("There are no rates for this currency pair."))
        } catch RateHistory.Failure.invalidParameter(let message) {
            throw PageAbort(.badRequest, message)
        } catch RateHistory.Failure.noSuchPage(let page) {
            throw PageAbort(.notFound, Message("There is no page {page} of this table.", ["page": .number(String(page))]))
        }
    }
}
