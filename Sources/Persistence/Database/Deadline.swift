import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The work did not finish within its time limit.
package struct DeadlineExceeded: Error, Equatable {
    package let limit: Duration
}

package enum Deadline {
    /// `work`'s result, or ``DeadlineExceeded`` once `limit` has passed, whichever comes first.
    ///
    /// Unlike a task group, this returns at the deadline even when `work` cannot be cancelled
    /// (a future waiting on a silent socket): `work` then finishes, or fails, on its own in the
    /// background, and `onExpiry` is the chance to make it fail sooner (close its connection).
    package static func run<T: Sendable>(
        within limit: Duration,
        onExpiry: @escaping @Sendable () -> Void = {},
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let finished = NIOLockedValueBox(false)
            /// `true` for the first call only: it alone resumes the caller.
            @Sendable func isFirst() -> Bool {
                finished.withLockedValue { done in
                    defer { done = true }
                    return !done
                }
            }
            // A callback on an event loop, not a sleeping task: this runs for every database call.
            let (seconds, attoseconds) = limit.components
            let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(
                in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
            ) {
                guard isFirst() else { return }
                onExpiry() // before the caller goes on, so what it does next finds the work told
                continuation.resume(throwing: DeadlineExceeded(limit: limit))
            }
            Task {
                let result: Result<T, any Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                timer.cancel()
                if isFirst() { continuation.resume(with: result) }
            }
        }
    }
}
