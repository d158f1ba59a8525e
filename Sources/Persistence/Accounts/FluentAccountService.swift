import Core
import Fluent
import Foundation
import ServiceInterfaces

/// Accounts in the `users` table; passwords as Bcrypt hashes that never leave this type.
package struct FluentAccountService: AccountService {
    package let database: DatabaseAccess
    package let hasher: any PasswordHashing
    /// A hash of a random password nobody knows, made with the same cost as real ones.
    package let unknownUserHash: String

    package func user(withEmail email: String) async throws -> User? {
        try await model(withEmail: EmailAddress.normalized(email))?.toEntity()
    }

    package func authenticate(email: String, password: String) async throws -> User? {
        guard let model = try await model(withEmail: EmailAddress.normalized(email)) else {
            // Spend the time a real check takes, so timing does not tell which emails exist.
            _ = try await hasher.verify(password, against: unknownUserHash)
            return nil
        }
        guard try await hasher.verify(password, against: model.passwordHash) else { return nil }
        return try model.toEntity()
    }

    package func register(email: String, password: String, role: User.Role) async throws -> User {
        let email = EmailAddress.normalized(email)
        guard EmailAddress.isPlausible(email) else { throw AccountError.invalidEmail }
        if let problem = Password.problem(with: password) { throw AccountError.weakPassword(problem) }
        guard try await model(withEmail: email) == nil else { throw AccountError.emailTaken }
        let model = UserModel(email: email, passwordHash: try await hasher.hash(password), role: role)
        do {
            try await database.run { try await model.create(on: $0) }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AccountError.emailTaken // registered concurrently, between the check and the insert
        }
        return try model.toEntity()
    }

    private func model(withEmail email: String) async throws -> UserModel? {
        try await database.run { try await UserModel.query(on: $0).filter(\.$email == email).first() }
    }
}
