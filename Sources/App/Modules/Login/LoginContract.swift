import Foundation

/// Signing in and out.
///
/// - `GET /login?next=/path` shows the form; `POST /login` signs in and redirects (303) to `next`
///   if it is a local path, else to the converter.
/// - After 5 failed attempts for one email within 15 minutes, that email gets 429 with
///   `Retry-After` until the window passes. Messages never tell whether an email has an account.
/// - `POST /logout` ends the session on the server.
enum Login {
    /// The form as posted (field names `email`, `password`, `next`).
    struct Input: Sendable, Equatable, Codable {
        var email: String?
        var password: String?
        var next: String?
    }

    enum Outcome: Sendable, Equatable {
        case signedIn(User, next: LocalPath?)
        /// Back to the form (422) with a message; the email is kept, the password never is.
        case rejected(message: String, input: Input)
        /// Too many failures for this email: 429 until `retryAfter` seconds have passed.
        case throttled(retryAfter: Int, input: Input)
    }

    /// What `login.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let email: String
        let next: String
        let error: String?
        let actionURL: String
        /// Empty when sign-ups are turned off.
        let signupURL: String
    }
}

/// Checks on sign-in attempts; a protocol so the interactor's tests can count without a database.
protocol LoginThrottling: Sendable {
    func retryAfter(email: String, now: Date) async throws -> TimeInterval?
    func recordFailure(email: String, at now: Date) async throws
    func reset(email: String) async throws
}

extension LoginThrottle: LoginThrottling {}
