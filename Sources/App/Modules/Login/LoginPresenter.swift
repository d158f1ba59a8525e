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

    /// "Too many attempts", in minutes a person can act on.
    func presentThrottled(_ input: Login.Input, refusal: AttemptThrottle.Refusal) -> Login.ViewModel {
        let wait = RetryWait(seconds: refusal.retryAfter).text
        let message =
            switch refusal.scope {
            case .account: "Too many failed attempts for this email from your connection. Try again in \(wait)."
            case .client: "Too many failed sign-ins from your connection. Try again in \(wait)."
            }
        return present(input, error: message)
    }
}
