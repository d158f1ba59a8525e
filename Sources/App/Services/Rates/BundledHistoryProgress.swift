import NIOConcurrencyHelpers

/// Where this instance's load of the bundled history stands (``BundledHistoryLoader``): the
/// admin page shows it, and a refresh that finds the rates lock taken by the load says so
/// instead of "a refresh is already running". Another instance's load is not seen here: its
/// rows are invisible until it commits, and the lock does not say who holds it.
final class BundledHistoryProgress: Sendable {
    enum Stage: Sendable, Equatable {
        /// Reading the archive; the rates lock is not taken yet.
        case reading
        /// The rates lock is held elsewhere (a refresh, or another instance's load); the load
        /// asks again every ``BundledHistoryLoader/retryDelay``.
        case waiting
        /// Holding the rates lock: `stored` of the archive's `total` days are stored, those
        /// stored before the load began included.
        case storing(stored: Int, total: Int)
    }

    private let stage = NIOLockedValueBox<Stage?>(nil)

    /// `nil` while no load is under way.
    var current: Stage? { stage.withLockedValue { $0 } }

    func set(_ new: Stage?) { stage.withLockedValue { $0 = new } }
}
