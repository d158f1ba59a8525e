import Core
import Foundation
import ServiceInterfaces

/// Signing in: throttling, checking the password, and where to go next.
struct LoginInteractor: Sendable {
    let accounts: any AccountService
    let throttle: any SignInThrottling
    let now: @Sendable () -> Date

    /// The same message for an unknown email and a wrong password.
    static let rejection = Message("The email or password is not right.")

    /// `client` is who is asking (see ``ClientAddressResolver``): limits apply per client.
    func signIn(_ input: Login.Input, client: String) async throws -> Login.Outcome {
        let kept = Login.Input(email: input.email?.trimmingCharacters(in: .whitespacesAndNewlines), password: nil, next: input.next)
        guard let email = kept.email, !email.isEmpty, let password = input.password, !password.isEmpty else {
            return .rejected(message: Message("Enter your email and password."), input: kept)
        }
        guard email.count <= EmailAddress.maxLength, password.utf8.count <= 1024 else {
            return .rejected(message: Self.rejection, input: kept)
        }
        let now = now()
        if let refusal = try await throttle.signInRefusal(email: email, client: client, now: now) {
            return .throttled(refusal, input: kept)
        }
        guard let user = try await accounts.authenticate(email: email, password: password) else {
            try await throttle.recordSignInFailure(email: email, client: client, at: now)
            return .rejected(message: Self.rejection, input: kept)
        }
        try await throttle.forgiveSignInFailures(email: email, client: client)
        return .signedIn(user, next: LocalPath(input.next))
    }
}
