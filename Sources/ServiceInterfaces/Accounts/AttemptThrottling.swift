import Core
import Foundation

/// What sign-in needs of the throttle (the database's is `AttemptThrottle`); a protocol so the
/// interactor's tests count without a database.
package protocol SignInThrottling: Sendable {
    func signInRefusal(email: String, client: String, now: Date) async throws -> AttemptRefusal?
    func recordSignInFailure(email: String, client: String, at now: Date) async throws
    func forgiveSignInFailures(email: String, client: String) async throws
}

/// What sign-up needs of the throttle.
package protocol SignUpThrottling: Sendable {
    func signUpRefusal(client: String, now: Date) async throws -> AttemptRefusal?
    func recordSignUp(client: String, at now: Date) async throws
}
