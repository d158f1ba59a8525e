import Vapor
import Web

/// The converter's HTTP side: reads the request, asks the interactor, renders the presenter's
/// view model or returns the router's redirect, and keeps the last-conversion cookie.
struct ConverterView: Sendable {
    let interactor: ConverterInteractor
    let presenter: ConverterPresenter
    let router: ConverterRouter
    let cookieSecure: Bool
    let cachePolicy: HTTPCachePolicy
    let now: @Sendable () -> Date

    /// `GET /` and `GET /?from=&to=&amount=`.
    func index(_ request: Request) async throws -> Response {
        let items = request.queryFields
        let input = Converter.Input(
            from: items["from"], to: items["to"], amount: items["amount"], date: items["date"], source: items["source"],
            side: items["side"])
        let query = Converter.Query(input)
        let remembered = LastConversionCookie.read(from: request)
        let output: Converter.Output
        do {
            output = input.isEmpty ? try await interactor.restore(remembered) : try await interactor.show(query)
        } catch .historyLoading(let loading) {
            throw loading
        } catch {
            return try await renderUnavailable(for: request)
        }
        // Opening a result remembers it, unless the browser already remembers exactly that.
        let remember = input.isEmpty ? nil : output.accepted.flatMap { $0 == remembered ? nil : $0 }
        let frame = Self.frame(of: output, in: request.localization)
        guard request.getsPublicPage, let frame else {
            let response = try await render(output, frame: frame, for: request)
            if let remember { response.remember(remember, secure: cookieSecure) }
            return response
        }
        // The page is its frame's (everything but the amount's texts: what was asked or, at `/`,
        // the remembered conversion, the rates, the day, the language) with those texts;
        // other query parameters change nothing.
        let directive = cachePolicy.directive(
            frame.key, texts: frame.texts.texts, language: request.language, now: now(), maxAge: input.isEmpty ? 0 : nil,
            shared: remember == nil && !input.isEmpty, variesWithCookie: true)
        return try await request.respondCaching(directive, adding: .remembering(remember, secure: cookieSecure)) {
            try await render(output, frame: frame, for: request)
        }
    }

    /// `POST /convert`.
    func convert(_ request: Request) async throws -> Response {
        try await respond(to: request, with: interactor.submit)
    }

    /// `POST /swap`.
    func swap(_ request: Request) async throws -> Response {
        try await respond(to: request, with: interactor.swap)
    }

    private func respond(
        to request: Request,
        with submit: (Converter.Query) async throws(Converter.Failure) -> Converter.Submission
    ) async throws -> Response {
        let query = Converter.Query(try request.form(Converter.Input.self))
        let submission: Converter.Submission
        do {
            submission = try await submit(query)
        } catch .historyLoading(let loading) {
            throw loading
        } catch {
            return try await renderUnavailable(for: request)
        }
        switch submission {
        case .redirect(let accepted):
            let response = Response(router.showResult(accepted))
            response.remember(accepted, secure: cookieSecure)
            return response
        case .invalid(let output):
            return try await render(output, for: request)
        }
    }

    /// A converted page is the same for every amount of its pair but for the amount's texts.
    private func render(_ output: Converter.Output, for request: Request) async throws -> Response {
        try await render(output, frame: Self.frame(of: output, in: request.localization), for: request)
    }

    /// A converted page's key, derived once per request, and its amount's texts (``ConverterPresenter/frame(of:in:)``).
    private static func frame(of output: Converter.Output, in l: Localization) -> (key: DerivedCacheKey, texts: Converter.AmountTexts)? {
        ConverterPresenter.frame(of: output, in: l).map { (DerivedCacheKey($0.key), $0.texts) }
    }

    /// A converted page from its frame's key and its amount's texts; any other page whole.
    private func render(
        _ output: Converter.Output, frame: (key: DerivedCacheKey, texts: Converter.AmountTexts)?, for request: Request
    ) async throws -> Response {
        let l = request.localization
        guard let frame else {
            let status: HTTPStatus = if case .invalid = output.outcome { .unprocessableEntity } else { .ok }
            return try await request.renderPage("converter", presenter.present(output, in: l), status: status)
        }
        return try await request.renderPage("converter", key: frame.key, texts: frame.texts) {
            presenter.present(output, amount: $0, in: l)
        }
    }

    private func renderUnavailable(for request: Request) async throws -> Response {
        try await request.renderPage(
            "rates-unavailable", presenter.presentUnavailable(in: request.localization),
            status: .serviceUnavailable, headers: ["Retry-After": "60"])
    }
}
