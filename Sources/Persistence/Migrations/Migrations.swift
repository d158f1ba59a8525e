import Fluent

/// Every migration, in the order they shipped; append new ones, never edit or reorder these.
package enum Migrations {
    package static let all: [any Migration] = [
        CreateRateSnapshots(), CreateUsers(), CreateSessions(), CreateLoginFailures(), CreateRateRefreshAttempts(),
        CreateContacts(), AddSnapshotRatesCurrencyIndex(), CreateThrottleEvents(), AddSessionChangeNotifications(),
        AddContactChangeNotifications(), AddRateChangeNotifications(), AddSessionFlashKind(), AddRefreshAttemptMessageParts(),
        AddSnapshotQuotation(), CreateLedgerConversions(), AddRefreshAttemptSourceIndex(),
        AddSnapshotReversedRates(), AddRefreshAttemptRefusedDays(), AddSnapshotRateSides(), CreateBlendedSeries(), CreateEarlierDays(),
        CreateRateAlerts(),
    ]
}
