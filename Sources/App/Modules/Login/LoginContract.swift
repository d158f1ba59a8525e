import Core
import Foundation
import Web

/// Signing in and out.
///
/// - `GET /login?next=/path` shows the form; `POST /login` signs in and redirects (303) to `next`
///   if it is a local path, else to the converter.
/// - Failures are limited per client (see ``AttemptThrottle``): 5 for one account or 20 in all
///   within 15 minutes, then that client gets 429 with `Retry-After`. Another client (the
///   account's owner) is not affected. Messages never tell whether an email has an account.
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
        case rejected(message: Message, input: Input)
        /// Too many failures from this client: 429 until the refusal's `retryAfter` has passed.
        case throttled(AttemptRefusal, input: Input)
    }

    /// What `login.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let email: String
        let next: String
        let error: String?
        let actionURL: String
        /// None when sign-ups are turned off (absent, not empty: Leaf's `#if` reads an empty
        /// text as true, and the page offered an account it could not make).
        let signupURL: String?
    }
}
