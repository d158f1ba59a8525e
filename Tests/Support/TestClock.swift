import Foundation
import NIOConcurrencyHelpers

/// A clock the test moves by hand; with a `tick`, every reading is a little later than the last,
/// like a real clock (so two snapshots stored in one test never share a timestamp).
package final class TestClock: Sendable {
    private let current: NIOLockedValueBox<Date>
    private let tick: TimeInterval

    package init(_ start: Date = testNow, tick: TimeInterval = 0) {
        current = NIOLockedValueBox(start)
        self.tick = tick
    }

    package var now: Date {
        current.withLockedValue { now in
            defer { now = now.addingTimeInterval(tick) }
            return now
        }
    }
    package func advance(by seconds: TimeInterval) { current.withLockedValue { $0 = $0.addingTimeInterval(seconds) } }
    package func set(_ date: Date) { current.withLockedValue { $0 = date } }
    package var closure: @Sendable () -> Date { { self.now } }
}
