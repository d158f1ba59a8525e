import Foundation

/// The sign-up form's wording.
struct SignupPresenter: Sendable {
    func present(_ input: Signup.Input, errors: [Signup.Field: String] = [:], formError: String? = nil) -> Signup.ViewModel {
        let next = LocalPath(input.next)
        return Signup.ViewModel(
            title: "Create an account · \(AppInfo.name)",
            email: input.email ?? "",
            next: next?.value ?? "",
            formError: formError,
            emailError: errors[.email],
            passwordError: errors[.password],
            passwordConfirmationError: errors[.passwordConfirmation],
            minimumPasswordLength: Password.minimumLength,
            actionURL: SiteURL.signup(next: nil).path,
            loginURL: SiteURL.login(next: next).path)
    }

    /// Too many attempts from this connection, in minutes a person can act on.
    func presentThrottled(_ input: Signup.Input, retryAfter seconds: TimeInterval) -> Signup.ViewModel {
        present(input, formError: "Too many sign-up attempts from your connection. Try again in \(RetryWait(seconds: seconds).text).")
    }
}
