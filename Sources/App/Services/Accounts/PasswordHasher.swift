import Vapor

/// Bcrypt, run on the thread pool so hashing never stalls an event loop.
struct PasswordHasher: Sendable {
    let cost: Int
    let threadPool: NIOThreadPool

    func hash(_ password: String) async throws -> String {
        try await threadPool.runIfActive { try Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        try await threadPool.runIfActive { try Bcrypt.verify(password, created: hash) }
    }
}
