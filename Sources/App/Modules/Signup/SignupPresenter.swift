import Core
import Foundation
import Web

/// The sign-up form's wording, in the visitor's language.
struct SignupPresenter: Sendable {
    /// 403: this server creates no accounts.
    static let closed = Message("New accounts cannot be created on this server. Ask an administrator for one.")

    func present(
        _ input: Signup.Input, errors: [Signup.Field: Message] = [:], formError: String? = nil, in l: Localization
    ) -> Signup.ViewModel {
        let next = LocalPath(input.next)
        return Signup.ViewModel(
            title: "\(l.text("Create an account")) · \(l.text("Currency Converter"))",
            email: input.email ?? "",
            next: next?.value ?? "",
            formError: formError,
            emailError: errors[.email].map(l.text),
            passwordError: errors[.password].map(l.text),
            passwordConfirmationError: errors[.passwordConfirmation].map(l.text),
            minimumPasswordLength: Password.minimumLength,
            passwordHint: l.plural("At least {count} character.", "At least {count} characters.", count: Password.minimumLength),
            actionURL: SiteURL.signup(next: nil).path,
            loginURL: SiteURL.login(next: next).path)
    }

    /// Too many attempts from this connection, in minutes a person can act on.
    func presentThrottled(_ input: Signup.Input, retryAfter seconds: TimeInterval, in l: Localization) -> Signup.ViewModel {
        present(
            input,
            formError: l.text(
                "Too many sign-up attempts from your connection. Try again in {wait}.", ["wait": l.text(RetryWait(seconds: seconds))]),
            in: l)
    }

    init() {}
}
