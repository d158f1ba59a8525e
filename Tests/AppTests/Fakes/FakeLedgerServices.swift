import Foundation
import NIOConcurrencyHelpers

@testable import App
@testable import Core
@testable import ServiceInterfaces

/// Signed-in users' kept conversions in memory, as the database keeps them: each owner sees only
/// their own.
final class FakeLedgerStore: LedgerStore {
    private let kept = NIOLockedValueBox<[(id: UUID, owner: UUID, receipt: LedgerReceipt, result: Data, at: Date)]>([])

    func save(owner: UUID, receipt: LedgerReceipt, result: Data, at: Date) async throws -> UUID {
        let id = UUID()
        kept.withLockedValue { $0.insert((id, owner, receipt, result, at), at: 0) }
        return id
    }

    func entries(owner: UUID, now: Date) async throws -> [LedgerEntry] {
        kept.withLockedValue { $0.filter { $0.owner == owner }.map { LedgerEntry(id: $0.id, createdAt: $0.at, receipt: $0.receipt) } }
    }

    func conversion(_ id: UUID, owner: UUID, now: Date) async throws -> (receipt: LedgerReceipt, result: Data)? {
        kept.withLockedValue { $0.first { $0.id == id && $0.owner == owner }.map { ($0.receipt, $0.result) } }
    }

    func delete(_ id: UUID, owner: UUID) async throws -> Bool {
        kept.withLockedValue { kept in
            let before = kept.count
            kept.removeAll { $0.id == id && $0.owner == owner }
            return kept.count < before
        }
    }
}

/// One source's days, the same whatever source is asked for (`nil`: none stored); a side's
/// are the snapshots' sides, a day without them empty, as the store reads them.
struct FakeLedgerRates: LedgerRatesReading {
    let snapshots: [RateSnapshot]

    init(_ snapshots: [RateSnapshot]) {
        self.snapshots = snapshots.sorted { $0.effectiveDate < $1.effectiveDate }
    }

    var days: LedgerDays? { Self.days(of: snapshots, side: .mid) }

    /// The snapshots' days of `side` against their base, as one provider's.
    static func days(of snapshots: [RateSnapshot], side: RateSide) -> LedgerDays? {
        var builder = RateDays.Builder()
        for snapshot in snapshots {
            let rates = snapshot.at(side)?.rates ?? [:]
            builder.add(
                snapshot: UUID(), date: snapshot.effectiveDate, rates: rates,
                source: snapshot.source, quotation: snapshot.quotation)
        }
        return snapshots.first.map { LedgerDays(days: builder.build(), base: $0.baseCurrency, providers: ["ECB"]) }
    }

    func ledgerDays(of source: RateSourceID, side: RateSide) async throws -> LedgerDays? { Self.days(of: snapshots, side: side) }
}

/// The bundled history's load as an interactor sees it: stored, or still loading (every source
/// and day waits).
struct FakeHistoryLoad: HistoryLoadReading {
    var loading: HistoryStillLoading? = nil

    var current: HistoryLoadStage? { loading.map { .storing(stored: $0.stored, total: $0.total) } }

    func check(from day: CalendarDate?, of source: RateSourceID) throws(HistoryStillLoading) {
        if let loading { throw loading }
    }
}
