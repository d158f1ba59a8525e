/// A task's value, waited for only so long.
extension Task where Success: Sendable, Failure == any Error {
    /// The task's value if it finishes within `limit`; `nil` if it fails or takes longer (it goes
    /// on, and whoever started it keeps what it makes). Whichever comes first resumes the caller.
    package func value(within limit: Duration) async -> Success? {
        let waiting = Locked<CheckedContinuation<Success?, Never>?>(nil)
        @Sendable func finish(_ value: Success?) {
            waiting.withLock { continuation in
                continuation?.resume(returning: value)
                continuation = nil
            }
        }
        return await withCheckedContinuation { continuation in
            waiting.withLock { $0 = continuation }
            Task<Void, Never> { finish(try? await self.value) }
            Task<Void, Never> {
                try? await Task<Never, Never>.sleep(for: limit)
                finish(nil)
            }
        }
    }
}
