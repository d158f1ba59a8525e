import NIOConcurrencyHelpers

/// Values made lately, by key (``PageFrames``' frames). At most `capacity`, all dropped when it
/// is full: keys that name data which changed (a snapshot's version) are simply never asked for
/// again.
final class RecentValues<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = NIOLockedValueBox<[Key: Value]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value kept for `key`, if any.
    subscript(_ key: Key) -> Value? { values.withLockedValue { $0[key] } }

    /// Keeps `value` for `key`.
    func keep(_ value: Value, for key: Key) {
        values.withLockedValue { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
    }
}
