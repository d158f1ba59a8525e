import Core
import Foundation
import Web

/// Creating an account (on by default; `ALLOW_SIGNUP=false` turns it off).
///
/// `GET /signup` shows the form; `POST /signup` creates a `user` account, signs it in and
/// redirects (303) to `next` or the converter. Invalid input: 422 with a message per field.
/// The form says when an email already has an account, so attempts are limited per client
/// (``AttemptThrottle/signUpPerClient``): past the limit, 429 with `Retry-After`.
enum Signup {
    /// The form as posted.
    struct Input: Sendable, Equatable, Codable {
        var email: String?
        var password: String?
        var passwordConfirmation: String?
        var next: String?

        enum CodingKeys: String, CodingKey {
            case email, password, next
            case passwordConfirmation = "password_confirmation"
        }
    }

    enum Field: String, Sendable {
        case email, password, passwordConfirmation
    }

    enum Outcome: Sendable, Equatable {
        case created(User, next: LocalPath?)
        /// Back to the form with a message per field; passwords are never sent back.
        case invalid([Field: Message], input: Input)
        /// Too many attempts from this client: 429 until `retryAfter` seconds have passed.
        case throttled(retryAfter: TimeInterval, input: Input)
    }

    enum Failure: Error, Equatable {
        /// Sign-ups are turned off on this server.
        case closed
    }

    /// What `signup.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let email: String
        let next: String
        /// A message for the whole form (too many attempts).
        let formError: String?
        let emailError: String?
        let passwordError: String?
        let passwordConfirmationError: String?
        let minimumPasswordLength: Int
        /// `At least 8 characters.`
        let passwordHint: String
        let actionURL: String
        let loginURL: String
    }
}
