import Fluent
import TestSupport
import Testing

@testable import Core
@testable import Persistence
@testable import ServiceInterfaces

/// Fluent records each migration it has run by name in `_fluent_migrations`; a database that
/// exists already is brought up to date by those names. Every migration shipped as `App.<Type>`
/// (they lived in the App target), so each keeps that name wherever its type lives: a new name
/// would run it again on every existing database, and `CREATE TABLE` would stop the start.
@Suite("Migrations keep the names they shipped with")
struct MigrationNamesTests {
    @Test("every migration, in order, under the name existing databases recorded it by")
    func shippedNames() {
        #expect(
            Migrations.all.map(\.name) == [
                "App.CreateRateSnapshots", "App.CreateUsers", "App.CreateSessions", "App.CreateLoginFailures",
                "App.CreateRateRefreshAttempts", "App.CreateContacts", "App.AddSnapshotRatesCurrencyIndex", "App.CreateThrottleEvents",
                "App.AddSessionChangeNotifications", "App.AddContactChangeNotifications", "App.AddRateChangeNotifications",
                "App.AddSessionFlashKind", "App.AddRefreshAttemptMessageParts", "Persistence.AddSnapshotQuotation",
                "Persistence.CreateLedgerConversions", "Persistence.AddRefreshAttemptSourceIndex",
                "Persistence.AddSnapshotReversedRates", "Persistence.AddRefreshAttemptRefusedDays",
                "Persistence.AddSnapshotRateSides", "Persistence.CreateBlendedSeries", "Persistence.CreateEarlierDays",
                "Persistence.CreateRateAlerts",
            ])
    }
}
