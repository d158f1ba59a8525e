import Core
import Vapor
import Web

/// The sign-up form over HTTP.
struct SignupView: Sendable {
    let interactor: SignupInteractor
    let presenter: SignupPresenter
    let router: SignupRouter
    let clients: ClientAddressResolver

    /// `GET /signup`.
    func show(_ request: Request) async throws -> Response {
        try open()
        let next = request.queryItems["next"]
        if request.currentUser != nil { return Response(router.afterSignUp(next: LocalPath(next))) }
        try await request.browserSession.ensure() // carries the form's CSRF token
        return try await request.renderPage("signup", presenter.present(Signup.Input(next: next), in: request.localization))
    }

    /// `POST /signup` (CSRF-checked).
    func signUp(_ request: Request) async throws -> Response {
        try open()
        let input = try request.form(Signup.Input.self)
        switch try await interactor.signUp(input, client: clients.client(of: request)) {
        case let .created(user, next):
            try await request.browserSession.signIn(user)
            return Response(router.afterSignUp(next: next))
        case let .invalid(errors, kept):
            return try await request.renderPage(
                "signup", presenter.present(kept, errors: errors, in: request.localization), status: .unprocessableEntity)
        case let .throttled(retryAfter, kept):
            return try await request.renderPage(
                "signup", presenter.presentThrottled(kept, retryAfter: retryAfter, in: request.localization),
                status: .tooManyRequests,
                headers: ["Retry-After": RetryWait(seconds: retryAfter).header])
        }
    }

    private func open() throws {
        do { try interactor.checkOpen() } catch {
            throw PageAbort(.forbidden, SignupPresenter.closed)
        }
    }
}
