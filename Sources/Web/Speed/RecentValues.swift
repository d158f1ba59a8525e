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
        if let kept = values.withLockedValue({ $0[key] }) { return kept }
        let made = make()
        values.withLockedValue { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = made
        }
        return made
    }
}
