/// Turns passwords into hashes that can be checked but not reversed (the app's is Bcrypt, run off
/// the event loops); the account store keeps only the hash.
package protocol PasswordHashing: Sendable {
    func hash(_ password: String) async throws -> String
    func verify(_ password: String, against hash: String) async throws -> Bool
}
