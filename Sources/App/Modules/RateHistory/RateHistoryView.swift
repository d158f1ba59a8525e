import Core
import Vapor
import Web

/// The history page and its CSV over HTTP: the query checked where it comes in, 301 to the
/// canonical address, 404 for an unknown pair or page, 400 for a malformed parameter.
struct RateHistoryView: Sendable {
    let interactor: RateHistoryInteractor
    let presenter: RateHistoryPresenter
    let router: RateHistoryRouter
    let cachePolicy: HTTPCachePolicy
    let now: @Sendable () -> Date

    /// `GET /rates/{from}/{to}`, and `/rates/{from}/{to}.atom`: the pair's newest days as a feed.
    func show(_ request: Request) async throws -> Response {
        if let to = request.parameter(.to), to.hasSuffix(SiteURL.feedSuffix) {
            return try await respond(request, as: .feed, to: String(to.dropLast(SiteURL.feedSuffix.count))) { output in
                Response(
                    status: .ok,
                    headers: ["Content-Type": "application/atom+xml; charset=utf-8", "Content-Language": request.language.rawValue],
                    body: .init(string: presenter.feed(output, in: request.localization)))
            }
        }
        return try await respond(request, as: .page) { output in
            try await request.renderPage("rate-history", presenter.present(output, in: request.localization))
        }
    }

    /// `GET /rates/{from}/{to}/daily.csv`.
    func csv(_ request: Request) async throws -> Response {
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

    enum Format: String { case page, csv, feed }

    /// A feed lists the newest days of the default range (it takes no `range`, `date` or `page`).
    private func respond(
        _ request: Request, as format: Format, to: String? = nil,
        render: (RateHistory.Output) async throws -> Response
    ) async throws -> Response {
        let items = request.queryItems
        do {
            let query = try RateHistory.Query(
                checking: request.parameter(.from), to: to ?? request.parameter(.to), range: format == .feed ? nil : items["range"],
                date: format == .feed ? nil : items["date"], page: format == .page ? items["page"] : nil, source: items["source"],
                among: interactor.providers)
            let output = try await interactor.history(query)
            guard request.getsPublicPage || format != .page else { return try await render(output) }
            // The stored data's version stands for every rate on the page (cheaper than rendering).
            let directive = cachePolicy.directive(
                RateHistory.PageKey(format: format.rawValue, query: query, days: output.version), language: request.language, now: now(),
                shared: true, variesWithCookie: format == .page)
            return try await request.respondCaching(directive, keep: .byValidator) { try await render(output) }
        } catch RateHistory.Failure.notCanonical(let canonical) {
            switch format {
            case .page: return Response(router.canonical(canonical))
            case .csv: return Response(router.canonicalCSV(canonical))
            case .feed: return Response(router.canonicalFeed(canonical))
            }
        } catch RateHistory.Failure.unknownPair {
            throw PageAbort(.notFound, RateHistoryPresenter.unknownPair)
        } catch RateHistory.Failure.invalidParameter(let message) {
            throw PageAbort(.badRequest, message)
        } catch RateHistory.Failure.noSuchPage(let page) {
            throw PageAbort(.notFound, RateHistoryPresenter.noSuchPage(page))
        }
    }
}
