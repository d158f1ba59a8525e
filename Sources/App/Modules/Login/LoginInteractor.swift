import Foundation

/// Signing in: throttling, checking the password, and where to go next.
struct LoginInteractor: Sendable {
    let accounts: any AccountService
    let throttle: any LoginThrottling
    let now: @Sendable () -> Date

    /// The same message for an unknown email and a wrong password.
    static let rejection = "The email or password is not right."

    func signIn(_ input: Login.Input) async throws -> Login.Outcome {
        let kept = Login.Input(email: input.email?.trimmingCharacters(in: .whitespacesAndNewlines), password: nil, next: input.next)
        guard let email = kept.email, !email.isEmpty, let password = input.password, !password.isEmpty else {
            return .rejected(message: "Enter your email and password.", input: kept)
        }
        guard email.count <= EmailAddress.maxLength, password.utf8.count <= 1024 else {
            return .rejected(message: Self.rejection, input: kept)
        }
        let now = now()
        if let wait = try await throttle.retryAfter(email: email, now: now) {
            return .throttled(retryAfter: Int(wait.rounded(.up)), input: kept)
        }
        guard let user = try await accounts.authenticate(email: email, password: password) else {
            try await throttle.recordFailure(email: email, at: now)
            return .rejected(message: Self.rejection, input: kept)
        }
        try await throttle.reset(email: email)
        return .signedIn(user, next: LocalPath(input.next))
    }
}
