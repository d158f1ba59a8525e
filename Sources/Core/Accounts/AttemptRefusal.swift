import Foundation

/// Why an attempt is refused, and for how long.
package struct AttemptRefusal: Sendable, Equatable {
    package enum Scope: Sendable, Equatable {
        /// This account, from this client.
        case account
        /// Anything, from this client.
        case client
    }

    package let scope: Scope
    /// Seconds until the oldest counted attempt leaves the window (at least 1).
    package let retryAfter: TimeInterval

    package init(scope: Scope, retryAfter: TimeInterval) {
        self.scope = scope
        self.retryAfter = retryAfter
    }
}
