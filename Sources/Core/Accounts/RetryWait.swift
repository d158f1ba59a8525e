import Foundation

/// A wait before trying again, as a `Retry-After` header (whole seconds, rounded up) and as
/// words a person can act on ("13 minutes").
package struct RetryWait: Sendable, Equatable {
    package let seconds: TimeInterval

    package init(seconds: TimeInterval) {
        self.seconds = seconds
    }

    package var header: String { String(Int(max(1, seconds.rounded(.up)))) }

    package var minutes: Int { max(1, Int((seconds / 60).rounded(.up))) }
}
