import Foundation

/// Runs CPU-heavy synchronous `work` (reading a provider's year of rates, blending 27 years) on a
/// Dispatch thread: Swift's concurrency pool has a thread per core, which every request's async
/// work shares, and a second of parsing there holds every request on that thread up.
package func offThePool<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .utility).async {
            continuation.resume(returning: Result { () throws(Failure) -> T in try work() })
        }
    }
    return try result.get()
}
