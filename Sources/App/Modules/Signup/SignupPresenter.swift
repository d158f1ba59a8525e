/// The sign-up form's wording.
struct SignupPresenter: Sendable {
    func present(_ input: Signup.Input, errors: [Signup.Field: String] = [:]) -> Signup.ViewModel {
        let next = LocalPath(input.next)
        return Signup.ViewModel(
            title: "Create an account · \(AppInfo.name)",
            email: input.email ?? "",
            next: next?.value ?? "",
            emailError: errors[.email],
            passwordError: errors[.password],
            passwordConfirmationError: errors[.passwordConfirmation],
            minimumPasswordLength: Password.minimumLength,
            actionURL: SiteURL.signup(next: nil).path,
            loginURL: SiteURL.login(next: next).path)
    }
}
