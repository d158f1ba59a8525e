import Core
import Vapor
import Web

/// Sign-in and sign-out over HTTP: the form, the session, the status codes.
struct LoginView: Sendable {
    let interactor: LoginInteractor
    let presenter: LoginPresenter
    let router: LoginRouter
    let clients: ClientAddressResolver

    /// `GET /login`: the form (or straight on, if already signed in).
    func show(_ request: Request) async throws -> Response {
        let next = request.queryItems["next"]
        if request.currentUser != nil { return Response(router.afterSignIn(next: LocalPath(next))) }
        try await request.browserSession.ensure() // carries the form's CSRF token
        return try await request.renderPage("login", presenter.present(Login.Input(next: next), in: request.localization))
    }

    /// `POST /login` (CSRF-checked).
    func signIn(_ request: Request) async throws -> Response {
        let input = try request.form(Login.Input.self)
        switch try await interactor.signIn(input, client: clients.client(of: request)) {
        case let .signedIn(user, next):
            try await request.browserSession.signIn(user)
            return Response(router.afterSignIn(next: next))
        case let .rejected(message, kept):
            return try await request.renderPage(
                "login", presenter.present(kept, error: message, in: request.localization), status: .unprocessableEntity)
        case let .throttled(refusal, kept):
            return try await request.renderPage(
                "login", presenter.presentThrottled(kept, refusal: refusal, in: request.localization),
                status: .tooManyRequests,
                headers: ["Retry-After": RetryWait(seconds: refusal.retryAfter).header])
        }
    }

    /// `POST /logout` (CSRF-checked).
    func signOut(_ request: Request) async throws -> Response {
        try await request.browserSession.signOut()
        return Response(router.afterSignOut())
    }
}
