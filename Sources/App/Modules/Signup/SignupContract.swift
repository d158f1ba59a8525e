import Core
import Foundation
import Web

/// Creating an account (on by default; `ALLOW_SIGNUP=false` turns it off).
///
/// `GET /signup` shows the form; `POST /signup` creates a `user` account, signs it in and
/// redirects (303) to `next` or the converter. Invalid input: 422 with a message per field.
/// The form says when an email already has an account, so attempts are limited per client
/// (``AttemptThrottle/signUpPerClient``): past the limit, 429 with `Retry-After`.
package enum Signup {
    /// The form as posted.
    package struct Input: Sendable, Equatable, Codable {
        package var email: String?
        package var password: String?
        package var passwordConfirmation: String?
        package var next: String?

        package init(email: String? = nil, password: String? = nil, passwordConfirmation: String? = nil, next: String? = nil) {
            self.email = email
            self.password = password
            self.passwordConfirmation = passwordConfirmation
            self.next = next
        }

        package enum CodingKeys: String, CodingKey {
            case email, password, next
            case passwordConfirmation = "password_confirmation"
        }
    }

    package enum Field: String, Sendable {
        case email, password, passwordConfirmation
    }

    package enum Outcome: Sendable, Equatable {
        case created(User, next: LocalPath?)
        /// Back to the form with a message per field; passwords are never sent back.
        case invalid([Field: Message], input: Input)
        /// Too many attempts from this client: 429 until `retryAfter` seconds have passed.
        case throttled(retryAfter: TimeInterval, input: Input)
    }

    package enum Failure: Error, Equatable {
        /// Sign-ups are turned off on this server.
        case closed
    }

    /// What `signup.leaf` renders.
    package struct ViewModel: Encodable, Sendable, Equatable {
        package let title: String
        package let email: String
        package let next: String
        /// A message for the whole form (too many attempts).
        package let formError: String?
        package let emailError: String?
        package let passwordError: String?
        package let passwordConfirmationError: String?
        package let minimumPasswordLength: Int
        /// `At least 8 characters.`
        package let passwordHint: String
        package let actionURL: String
        package let loginURL: String

        package init(
            title: String, email: String, next: String, formError: String?, emailError: String?, passwordError: String?,
            passwordConfirmationError: String?, minimumPasswordLength: Int, passwordHint: String, actionURL: String, loginURL: String
        ) {
            self.title = title
            self.email = email
            self.next = next
            self.formError = formError
            self.emailError = emailError
            self.passwordError = passwordError
            self.passwordConfirmationError = passwordConfirmationError
            self.minimumPasswordLength = minimumPasswordLength
            self.passwordHint = passwordHint
            self.actionURL = actionURL
            self.loginURL = loginURL
        }
    }
}
