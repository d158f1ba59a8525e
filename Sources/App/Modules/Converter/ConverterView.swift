import Vapor
import Web

/// The converter's HTTP side: reads the request, asks the interactor, renders the presenter's
/// view model or returns the router's redirect, and keeps the last-conversion cookie.
package struct ConverterView: Sendable {
    package let interactor: ConverterInteractor
    package let presenter: ConverterPresenter
    /// The currency menus, built once per set of currencies rather than per page.
    package let menus: CurrencyMenuCache
    package let router: ConverterRouter
    package let cookieSecure: Bool
    package let cachePolicy: HTTPCachePolicy
    package let now: @Sendable () -> Date
    /// The parts of pages that follow from their pair and rates, not their amount (the banks'
    /// details, the source line and menu, the rates both ways), wanted for a pair's first two pages:
    /// later ones come from its frame.
    private let parts = RecentValues<Converter.PairParts>(capacity: 128)
    /// Result pages cut where their amount's texts go, per pair, rates, source and language.
    private let frames = PageFrames(capacity: 1_024)

    package init(
        interactor: ConverterInteractor, presenter: ConverterPresenter, menus: CurrencyMenuCache, router: ConverterRouter,
        cookieSecure: Bool, cachePolicy: HTTPCachePolicy, now: @escaping @Sendable () -> Date
    ) {
        self.interactor = interactor
        self.presenter = presenter
        self.menus = menus
        self.router = router
        self.cookieSecure = cookieSecure
        self.cachePolicy = cachePolicy
        self.now = now
    }

    /// `GET /` and `GET /?from=&to=&amount=`.
    package func index(_ request: Request) async throws -> Response {
        let query = request.queryItems
        let input = Converter.Input(
            from: query["from"], to: query["to"], amount: query["amount"], date: query["date"], source: query["source"])
        let output: Converter.Output
        do {
            output =
                input.isEmpty
                ? try await interactor.restore(LastConversionCookie.read(from: request))
                : try await interactor.show(input)
        } catch {
            return try await renderUnavailable(for: request)
        }
        // Opening a result remembers it, unless the browser already remembers exactly that.
        let remember = input.isEmpty ? nil : output.accepted.flatMap { $0 == LastConversionCookie.read(from: request) ? nil : $0 }
        guard request.getsPublicPage, case .converted = output.outcome else {
            let response = try await render(output, for: request)
            if let remember { response.remember(remember, secure: cookieSecure) }
            return response
        }
        // The page follows from what was asked (or, at `/`, the remembered conversion), the
        // rates and the day (it says how old the rates are); other query parameters change nothing.
        let directive = cachePolicy.directive(
            [
                "converter", input.from ?? "\u{1}", input.to ?? "\u{1}", input.amount ?? "\u{1}", input.date ?? "\u{1}",
                input.source ?? "\u{1}", output.accepted.map(String.init(describing:)) ?? "", output.snapshot.versionKey,
                output.today.description,
            ],
            language: request.language, now: now(), maxAge: input.isEmpty ? 0 : nil, shared: remember == nil && !input.isEmpty,
            variesWithCookie: true)
        let response = try await request.respondCaching(directive) { try await render(output, for: request) }
        if let remember { response.remember(remember, secure: cookieSecure) }
        return response
    }

    /// `POST /convert`.
    package func convert(_ request: Request) async throws -> Response {
        try await respond(to: request, with: interactor.submit)
    }

    /// `POST /swap`.
    package func swap(_ request: Request) async throws -> Response {
        try await respond(to: request, with: interactor.swap)
    }

    private func respond(
        to request: Request,
        with submit: (Converter.Input) async throws(Converter.Failure) -> Converter.Submission
    ) async throws -> Response {
        let input = try request.form(Converter.Input.self)
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
        let l = request.localization
        func model(_ texts: Converter.AmountTexts? = nil) -> Converter.ViewModel {
            let parts = parts.value(ConverterPresenter.partsKey(of: output, in: l)) { presenter.parts(of: output, in: l) }
            return presenter.present(output, in: l, menu: menus.menu(for: output.currencies, in: l), parts: parts, texts: texts)
        }
        // Pages of a pair differ only in their amount's texts: filled into the pair's frame.
        guard let texts = ConverterPresenter.amountTexts(of: output, in: l) else {
            return try await request.renderPage("converter", model(), status: status)
        }
        return try await frames.renderPage(
            "converter", key: ConverterPresenter.frameKey(of: output, in: l), texts: texts.all, for: request, model: { model(texts) },
            marked: { model(.markers(alternatives: texts.alternatives.count)) })
    }

    private func renderUnavailable(for request: Request) async throws -> Response {
        try await request.renderPage(
            "rates-unavailable", presenter.presentUnavailable(in: request.localization),
            status: .serviceUnavailable, headers: ["Retry-After": "60"])
    }
}
