import Core
import Foundation

/// Accounts: who exists, who may sign in. Interactors depend on this protocol.
package protocol AccountService: Sendable {
    func user(withEmail email: String) async throws -> User?
    /// The account for `email` if `password` is its password; `nil` otherwise, taking about
    /// as long whether or not the email has an account.
    func authenticate(email: String, password: String) async throws -> User?
    /// Creates an account after checking the email and password rules.
    func register(email: String, password: String, role: User.Role) async throws -> User
}

/// Why an account cannot be created; each reads as a message at its form field.
package enum AccountError: Error, Equatable, CustomStringConvertible {
    case invalidEmail
    case weakPassword(Message)
    case emailTaken

    package var message: Message {
        switch self {
        case .invalidEmail: Message("Enter an email address like name@example.org.")
        case .weakPassword(let message): message
        case .emailTaken: Message("An account with this email already exists. Sign in instead.")
        }
    }

    package var description: String { message.english }
}
