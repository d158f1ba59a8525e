import Core
import Foundation
import ServiceInterfaces

/// The app's stores over one database, wired once at start: each service, with a cache in
/// front where the settings keep one. On PostgreSQL a cache is trusted only while
/// ``ChangeListener`` hears the other instances' changes (``caches``); the embedded SQLite file
/// has one instance, which hears its own.
package struct Stores: Sendable {
    package let database: DatabaseAccess
    package let snapshots: FluentRateSnapshotStore
    package let refreshes: FluentRateRefreshStore
    /// Every stored day, read from the database when asked.
    package let storedDays: FluentRateHistoryService
    /// The same days held in memory (``RateDaysCache``) and read again once they change.
    package let cachedDays: CachedRateHistoryService
    /// The history pages' and `/v1`'s days: ``cachedDays`` unless the cache is off.
    package let rateHistory: any RateHistoryService & ReferenceRateDays
    package let caches: ChangeListener.Caches
    package let accounts: FluentAccountService
    package let sessions: SessionStore
    package let contacts: any ContactsService
    package let alerts: any AlertsService
    package let throttle: AttemptThrottle
    package let ledgers: FluentLedgerStore

    /// `sessionCacheSize` and `contactPageCacheSize` are entries (0: no cache), `providers` the
    /// number of sources whose days may be held, `historyYearsInMemory` how many years before
    /// this one of each provider's days are held (`nil`: all), `fetchTimeout` how long a refresh
    /// may hold the rates lock beyond the database's own limit.
    package init(
        database: DatabaseAccess, onPostgres: Bool, sessionCacheSize: Int, contactPageCacheSize: Int, rateHistoryCache: Bool,
        historyYearsInMemory: Int? = nil, providers: Int, fetchTimeout: Duration, hasher: any PasswordHashing, unknownUserHash: String,
        now: @escaping @Sendable () -> Date
    ) {
        self.database = database
        let rateDays = RateDaysCache(enabled: rateHistoryCache, isLive: !onPostgres, providers: providers)
        caches = ChangeListener.Caches(
            sessions: SessionCache(capacity: sessionCacheSize, isLive: !onPostgres && sessionCacheSize > 0),
            contactPages: ContactPageCache(capacity: contactPageCacheSize, isLive: !onPostgres && contactPageCacheSize > 0),
            rateDays: rateDays)
        snapshots = FluentRateSnapshotStore(database: database, stored: { rateDays.snapshotsChanged() })
        refreshes = FluentRateRefreshStore(
            database: database, lockTimeout: database.timeout + fetchTimeout, stored: { rateDays.snapshotsChanged() })
        storedDays = FluentRateHistoryService(database: database)
        cachedDays = CachedRateHistoryService(base: storedDays, cache: rateDays, now: now, yearsHeld: historyYearsInMemory)
        rateHistory = rateHistoryCache ? cachedDays : storedDays
        accounts = FluentAccountService(database: database, hasher: hasher, unknownUserHash: unknownUserHash)
        sessions = SessionStore(database: database, cache: sessionCacheSize > 0 ? caches.sessions : nil)
        let contacts = FluentContactsService(database: database)
        alerts = FluentAlertsService(database: database)
        self.contacts =
            contactPageCacheSize > 0 ? CachedContactsService(base: contacts, cache: caches.contactPages, now: now) : contacts
        throttle = AttemptThrottle(database: database)
        ledgers = FluentLedgerStore(database: database)
    }
}
