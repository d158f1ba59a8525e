import Vapor

/// The converter's HTTP side: reads the request, asks the interactor, renders the presenter's
/// view model or returns the router's redirect, and keeps the last-conversion cookie.
struct ConverterView: Sendable {
    let interactor: ConverterInteractor
    let presenter: ConverterPresenter
    let router: ConverterRouter
    let cookieSecure: Bool

    /// `GET /` and `GET /?from=&to=&amount=`.
    func index(_ request: Request) async throws -> Response {
        let query = request.queryItems
        let input = Converter.Input(from: query["from"], to: query["to"], amount: query["amount"])
        let output: Converter.Output
        do {
            output = input.isEmpty
                ? try await interactor.restore(LastConversionCookie.read(from: request))
                : try await interactor.show(input)
        } catch {
            return try await renderUnavailable(for: request)
        }
        let response = try await render(output, for: request)
        if !input.isEmpty, let accepted = output.accepted {
            response.remember(accepted, secure: cookieSecure)
        }
        return response
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
        with submit: (Converter.Input) async throws(Converter.Failure) -> Converter.Submission
    ) async throws -> Response {
        let input = try request.content.decode(Converter.Input.self)
        let submission: Converter.Submission
        do {
            submission = try await submit(input)
        } catch {
            return try await renderUnavailable(for: request)
        }
        switch submission {
        case .redirect(let accepted):
            let response = router.showResult(accepted)
            response.remember(accepted, secure: cookieSecure)
            return response
        case .invalid(let output):
            return try await render(output, for: request)
        }
    }

    private func render(_ output: Converter.Output, for request: Request) async throws -> Response {
        let status: HTTPStatus = if case .invalid = output.outcome { .unprocessableEntity } else { .ok }
        return try await request.renderPage("converter", presenter.present(output), status: status)
    }

    private func renderUnavailable(for request: Request) async throws -> Response {
        try await request.renderPage("rates-unavailable", presenter.presentUnavailable(),
                                     status: .serviceUnavailable, headers: ["Retry-After": "60"])
    }
}
