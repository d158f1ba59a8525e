import NIOConcurrencyHelpers

/// Values made lately, by key: what a view keeps so that its presenter does not make the same
/// parts of a page again (a result page's parts that follow from its pair and rates, not its
/// amount). At most `capacity`, all dropped when it is full: keys that name data which changed
/// (a snapshot's version) are simply never asked for again.
package final class RecentValues<Value: Sendable>: Sendable {
    private let values = NIOLockedValueBox<[String: Value]>([:])
    package let capacity: Int

    package init(capacity: Int) {
        self.capacity = capacity
    }

    package var count: Int { values.withLockedValue { $0.count } }

    /// The value kept for `key`, else `make()`'s, kept.
    package func value(_ key: String, make: () -> Value) -> Value {
        if let kept = self[key] { return kept }
        let made = make()
        keep(made, for: key)
        return made
    }

    /// The value kept for `key`, if any.
    package subscript(_ key: String) -> Value? { values.withLockedValue { $0[key] } }

    /// Keeps `value` for `key`.
    package func keep(_ value: Value, for key: String) {
        values.withLockedValue { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
    }
}
