/// The sign-in form's wording.
struct LoginPresenter: Sendable {
    let allowSignup: Bool

    func present(_ input: Login.Input, error: String? = nil) -> Login.ViewModel {
        let next = LocalPath(input.next)
        return Login.ViewModel(
            title: "Sign in · \(AppInfo.name)",
            email: input.email ?? "",
            next: next?.value ?? "",
            error: error,
            actionURL: SiteURL.login(next: nil).path,
            signupURL: allowSignup ? SiteURL.signup(next: next).path : "")
    }

    /// "Too many attempts" for a throttled email, in minutes a person can act on.
    func presentThrottled(_ input: Login.Input, retryAfter seconds: Int) -> Login.ViewModel {
        let minutes = max(1, (seconds + 59) / 60)
        return present(input, error: "Too many failed attempts for this email. Try again in \(minutes) minute\(minutes == 1 ? "" : "s").")
    }
}
