import NIOPosix
import ServiceInterfaces
import Vapor

/// Bcrypt (Vapor's), run on the thread pool so hashing never stalls an event loop.
struct BcryptPasswordHasher: PasswordHashing {
    let cost: Int
    let threadPool: NIOThreadPool

    func hash(_ password: String) async throws -> String {
        try await threadPool.runIfActive { try Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, against hash: String) async throws -> Bool {
        try await threadPool.runIfActive { try Bcrypt.verify(password, created: hash) }
    }

    /// A hash made now, on the calling thread (at start, before any request).
    func hashNow(_ password: String) throws -> String {
        try Bcrypt.hash(password, cost: cost)
    }
}
