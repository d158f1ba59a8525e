import Core

/// The answer to a request that needs a day of the bundled history that is not stored yet: after
/// a first start the app stores the newest day at once and the other 27 years in the background,
/// for a few seconds. Until they are, such a request is a 503 to retry (never a "not found" that
/// clients and caches would take as final).
package struct HistoryStillLoading: Error, Equatable, Sendable {
    /// The archive's days stored so far, and in all.
    package let stored: Int
    package let total: Int

    package init(stored: Int, total: Int) {
        self.stored = stored
        self.total = total
    }

    /// Seconds a client should wait before asking again: the load takes a few.
    package static let retryAfterSeconds = 5

    /// What a page and an API's error say.
    package var message: Message {
        Message(
            "The rate history is still being stored ({stored} of {total} days); try again in a few seconds.",
            ["stored": .number(String(stored)), "total": .number(String(total))])
    }
}

/// Where a load of the bundled history stands, as the admin page shows it.
package enum HistoryLoadStage: Sendable, Equatable {
    /// Reading the archive; the rates lock is not taken yet.
    case reading
    /// The rates lock is held elsewhere (a refresh, or another instance's load); the load asks again later.
    case waiting
    /// Holding the rates lock: `stored` of the archive's `total` days are stored, those stored
    /// before the load began included.
    case storing(stored: Int, total: Int)
}

/// Whether the days an answer needs are stored yet, while the bundled history (the ECB's days)
/// loads: the app's load progress; tests hand interactors a fake.
package protocol HistoryLoadReading: Sendable {
    /// The load's stage; `nil` while none is under way.
    var current: HistoryLoadStage? { get }

    /// Throws when an answer from `source` that reads its days from `day` on (`nil`: all of
    /// them) may miss days the load has not stored yet. Sources whose days are not the
    /// archive's (another central bank's) never wait.
    func check(from day: CalendarDate?, of source: RateSourceID) throws(HistoryStillLoading)
}
