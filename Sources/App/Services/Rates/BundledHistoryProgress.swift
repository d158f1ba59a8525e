import Core
import NIOConcurrencyHelpers
import ServiceInterfaces

/// Where this instance's load of the bundled history stands (``BundledHistoryLoader``): the
/// admin page shows it, a refresh that finds the rates lock taken by the load says so instead
/// of "a refresh is already running", and an answer that needs a day not stored yet waits for
/// it (``check(_:)``: a 503 to retry, not a "not found"). Another instance's load is not seen
/// here: its rows are invisible until it commits, and the lock does not say who holds it; this
/// instance waits for the same days because its own load runs too (and finds them stored).
final class BundledHistoryProgress: HistoryLoadReading {
    /// The load's stage (waiting asks again every ``BundledHistoryLoader/retryDelay``).
    typealias Stage = HistoryLoadStage

    /// The archive's days not stored when the load was found due: every day on or before
    /// `through` may be missing until it ends; `stored` of `total` were stored then.
    struct Pending: Sendable, Equatable {
        let through: CalendarDate
        let stored: Int
        let total: Int
    }

    private let state = NIOLockedValueBox<(stage: Stage?, pending: Pending?)>((nil, nil))

    /// `nil` while no load is under way.
    var current: Stage? { state.withLockedValue { $0.stage } }

    /// The days a load due or under way has not stored yet.
    var pending: Pending? { state.withLockedValue { $0.pending } }

    /// A load's stage; `nil` when it ends, whatever became of it (what it did not store is left
    /// to the next start: answers no longer wait for it).
    func set(_ new: Stage?) {
        state.withLockedValue { state in
            state.stage = new
            if new == nil { state.pending = nil }
        }
    }

    /// Before the load begins: the days it will add, waited for from now on.
    func expect(_ pending: Pending) { state.withLockedValue { $0.pending = pending } }

    func check(from day: CalendarDate?, of source: RateSourceID) throws(HistoryStillLoading) {
        guard Self.waitingSources.contains(source) else { return }
        let (stage, pending) = state.withLockedValue { ($0.stage, $0.pending) }
        guard let pending, day.map({ $0 <= pending.through }) ?? true else { return }
        if case .storing(let stored, let total) = stage { throw HistoryStillLoading(stored: stored, total: total) }
        throw HistoryStillLoading(stored: pending.stored, total: pending.total)
    }

    /// The sources whose days the archive's are, or are made of: the ECB's, and the blend.
    private static let waitingSources = Set([RateSourceID.blend] + RateSourceID.ecb.family)
}
