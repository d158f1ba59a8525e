import Fluent
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

/// The account store over a recording hasher (the app's is Bcrypt): the store keeps only what the
/// hasher made, asks it to check every password, and spends a check on an unknown email too, so
/// timing does not tell which emails have accounts.
@Suite("Accounts on PostgreSQL, with a hasher of the tests' own")
struct AccountStoreTests {
    /// "Hashes" by reversing, and notes each password it was asked to check.
    final class RecordingHasher: PasswordHashing {
        let checked = NIOLockedValueBox<[(password: String, hash: String)]>([])

        func hash(_ password: String) async throws -> String { "reversed:" + String(password.reversed()) }

        func verify(_ password: String, against hash: String) async throws -> Bool {
            checked.withLockedValue { $0.append((password, hash)) }
            return hash == (try await self.hash(password))
        }
    }

    @Test("only the hasher's hash is stored; sign-in checks through it, for unknown emails too")
    func storesOnlyTheHash() async throws {
        let hasher = RecordingHasher()
        try await withStores(hasher: hasher) { stores, database in
            let accounts = stores.accounts
            let ann = try await accounts.register(email: " Ann@Example.org ", password: "correct-horse-battery", role: .user)
            #expect(ann.email == "ann@example.org")
            let stored = try #require(try await UserModel.query(on: database).filter(\.$email == "ann@example.org").first())
            #expect(stored.passwordHash == "reversed:yrettab-esroh-tcerroc")

            #expect(try await accounts.authenticate(email: "ann@example.org", password: "correct-horse-battery")?.id == ann.id)
            #expect(try await accounts.authenticate(email: "ann@example.org", password: "wrong-horse-battery") == nil)
            #expect(try await accounts.authenticate(email: "bob@example.org", password: "any-password-at-all") == nil)
            #expect(hasher.checked.withLockedValue { $0.map(\.hash) } == [stored.passwordHash, stored.passwordHash, "nobody's"])
        }
    }
}
