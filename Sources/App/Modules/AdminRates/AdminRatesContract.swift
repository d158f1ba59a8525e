import Core
import Foundation

/// The admin's view of the rates: what is current, where it came from, the recent refresh
/// attempts, and buttons to refresh now or import the ECB's 90-day history.
///
/// - `GET /admin/rates`: anonymous visitors are sent to sign in (303); non-admins get 403.
/// - `POST /admin/rates/refresh`, `POST /admin/rates/import-history` and
///   `POST /admin/rates/import-full-history` (CSRF-checked) run the
///   refresh and redirect (303) back with a flash message saying what happened.
enum AdminRates {
    static let attemptsShown = 20

    struct Output: Sendable, Equatable {
        let admin: User
        /// The provider a refresh fetches from.
        let provider: RateSource
        let snapshot: RateSnapshot?
        let currencies: [Currency]
        let attempts: [RefreshAttempt]
        let flash: Flash?
        /// The bundled history's load on this instance, while it runs.
        var historyLoad: BundledHistoryProgress.Stage? = nil
    }

    enum Failure: Error, Equatable {
        /// Nobody is signed in: on to the sign-in form.
        case signInRequired
        /// Signed in, but not an admin.
        case forbidden
    }

    /// What `admin-rates.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        let flash: String?
        let flashIsError: Bool
        let providerName: String
        let providerURL: String
        let snapshot: SnapshotViewModel?
        /// `Rates per 1 EUR`; empty without a snapshot.
        let ratesTitle: String
        let attempts: [AttemptViewModel]
        /// Leaf treats an empty array as true in `#if`, so emptiness is said explicitly.
        let hasAttempts: Bool
        let rates: [RateRowViewModel]
        let refreshURL: String
        let importHistoryURL: String
        let importFullHistoryURL: String
        /// While the bundled history is being loaded: what it is doing, and how far it has come.
        let historyLoad: HistoryLoadViewModel?
    }

    struct HistoryLoadViewModel: Encodable, Sendable, Equatable {
        /// `Storing the bundled ECB history: 3,200 of 7,126 days`
        let text: String
        /// The `<progress>` bar's numbers, while days are being stored; `nil` while it reads or waits.
        let value: String?
        let max: String?
    }

    struct SnapshotViewModel: Encodable, Sendable, Equatable {
        let sourceName: String
        let isBundled: Bool
        let baseCurrency: String
        let effectiveDate: String
        let storedAt: String
        let currencyCount: String
    }

    struct AttemptViewModel: Encodable, Sendable, Equatable {
        let startedAt: String
        let startedAtISO: String
        let kind: String
        let actor: String
        let outcome: String
        let outcomeClass: String
        let duration: String
        let message: String
    }

    struct RateRowViewModel: Encodable, Sendable, Equatable {
        let code: String
        let name: String
        let rate: String
    }
}

/// What the admin page asks of the refresh machinery; a protocol for the interactor's tests.
protocol RatesRefreshing: Sendable {
    func refresh(actor: String?) async -> RefreshAttempt
    func importHistory(actor: String?) async -> RefreshAttempt
    func importFullHistory(actor: String?) async -> RefreshAttempt
    func recentAttempts(limit: Int) async throws -> [RefreshAttempt]
}

extension RatesRefresher: RatesRefreshing {}
