import Core
import Foundation
import ServiceInterfaces

/// Creating an account from the sign-up form.
struct SignupInteractor: Sendable {
    let accounts: any AccountService
    let throttle: any SignUpThrottling
    let isOpen: Bool
    let now: @Sendable () -> Date

    /// Whether the form may be shown at all.
    func checkOpen() throws(Signup.Failure) {
        guard isOpen else { throw .closed }
    }

    /// `client` is who is asking (see ``ClientAddressResolver``); every attempt counts.
    func signUp(_ input: Signup.Input, client: String) async throws -> Signup.Outcome {
        try checkOpen()
        let kept = Signup.Input(email: input.email?.trimmingCharacters(in: .whitespacesAndNewlines), next: input.next)
        let now = now()
        if let refusal = try await throttle.signUpRefusal(client: client, now: now) {
            return .throttled(retryAfter: refusal.retryAfter, input: kept)
        }
        try await throttle.recordSignUp(client: client, at: now)
        let password = input.password ?? ""
        if password != (input.passwordConfirmation ?? "") {
            var errors: [Signup.Field: Message] = [.passwordConfirmation: Message("The two passwords differ.")]
            if let problem = Password.problem(with: password) { errors[.password] = problem }
            return .invalid(errors, input: kept)
        }
        do {
            let user = try await accounts.register(email: kept.email ?? "", password: password, role: .user)
            return .created(user, next: LocalPath(input.next))
        } catch let error as AccountError {
            switch error {
            case .invalidEmail, .emailTaken: return .invalid([.email: error.message], input: kept)
            case .weakPassword: return .invalid([.password: error.message], input: kept)
            }
        }
    }
}
