import Vapor

/// Bcrypt, run on the thread pool so hashing never stalls an event loop.
package struct PasswordHasher: Sendable {
    package let cost: Int
    package let threadPool: NIOThreadPool

    package init(cost: Int, threadPool: NIOThreadPool) {
        self.cost = cost
        self.threadPool = threadPool
    }

    package func hash(_ password: String) async throws -> String {
        try await threadPool.runIfActive { try Bcrypt.hash(password, cost: cost) }
    }

    package func verify(_ password: String, against hash: String) async throws -> Bool {
        try await threadPool.runIfActive { try Bcrypt.verify(password, created: hash) }
    }
}
