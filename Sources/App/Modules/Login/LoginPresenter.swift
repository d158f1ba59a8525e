import Core
import Web

/// The sign-in form's wording, in the visitor's language.
struct LoginPresenter: Sendable {
    let allowSignup: Bool

    func present(_ input: Login.Input, error: Message? = nil, in l: Localization) -> Login.ViewModel {
        let next = LocalPath(input.next)
        return Login.ViewModel(
            title: "\(l.text("Sign in")) · \(l.text("Currency Converter"))",
            email: input.email ?? "",
            next: next?.value ?? "",
            error: error.map(l.text),
            actionURL: SiteURL.login(next: nil).path,
            signupURL: allowSignup ? SiteURL.signup(next: next).path : nil)
    }

    /// "Too many attempts", in minutes a person can act on.
    func presentThrottled(_ input: Login.Input, refusal: AttemptRefusal, in l: Localization) -> Login.ViewModel {
        let wait = l.text(RetryWait(seconds: refusal.retryAfter))
        let message =
            switch refusal.scope {
            case .account:
                Message("Too many failed attempts for this email from your connection. Try again in {wait}.", ["wait": .text(wait)])
            case .client: Message("Too many failed sign-ins from your connection. Try again in {wait}.", ["wait": .text(wait)])
            }
        return present(input, error: message, in: l)
    }
}
