import Vapor
import Web

/// The HTTP side of working offline: the service worker's script, a source's rates for it to
/// keep, and the page it shows offline in place of one that needs the server.
struct OfflineView: Sendable {
    let interactor: OfflineInteractor
    let presenter: OfflinePresenter
    let cachePolicy: HTTPCachePolicy
    /// The worker's script with this build's fingerprint, written at start.
    let worker: [UInt8]

    /// `GET /service-worker.js`. Checked by the browser on every visit (`no-cache`): a new build
    /// is a new script, which replaces the kept shell.
    func script(_ request: Request) -> Response {
        Response(
            status: .ok,
            headers: ["Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache"],
            body: .init(data: Data(worker)))
    }

    /// `GET /offline/rates.json?source=&lang=`: the document in `lang`'s language (the
    /// visitor's without it), revalidated on each use by its validator.
    func rates(_ request: Request) async throws -> Response {
        let language = request.queryItems["lang"].flatMap(Language.init(rawValue:)) ?? request.language
        let output: Offline.Output
        do {
            output = try await interactor.rates(of: request.queryItems["source"])
        } catch .noSuchSource(let typed) {
            // Read by the worker, which forgets a source that no longer has rates: a problem document.
            return try ProblemDetails(
                type: "about:blank", title: "Not Found", status: 404, detail: "No source named “\(typed)” has rates now.",
                instance: request.url.string
            ).response()
        } catch {
            return try ProblemDetails(
                type: ProblemDetails.Kind.ratesUnavailable.uri, title: "Service Unavailable", status: 503,
                detail: "Exchange rates are not available yet.", instance: request.url.string
            ).response(headers: ["Retry-After": "60"])
        }
        let directive = cachePolicy.directive(
            Offline.DocumentKey(rates: output.snapshot.versionKey, source: output.source.id, language: language), maxAge: 0)
        if request.hasCopy(matching: directive.etag) {
            let response = Response(status: .notModified)
            directive.apply(to: response)
            return response
        }
        let response = Response(
            status: .ok, headers: ["Content-Type": "application/json; charset=utf-8", "Content-Language": language.rawValue],
            body: .init(data: Data(try presenter.json(output, in: Localizations.of(language)))))
        directive.apply(to: response)
        return response
    }

    /// `GET /offline`: what the worker shows offline for a page only the server can make.
    func page(_ request: Request) async throws -> Response {
        let response = try await request.renderPage("offline", presenter.page(in: request.localization))
        // A signed-in visitor's page (its menu names them) stays `no-store`; the worker keeps an anonymous one.
        guard request.getsPublicPage else { return response }
        var headers = response.headers
        headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        headers.addVary(["Cookie", "Accept-Language"])
        response.headers = headers
        return response
    }
}
