import Core
import Foundation

/// The admin's view of the rates: what is current, where it came from, the recent refresh
/// attempts, and buttons to refresh now or import the ECB's 90-day history.
///
/// - `GET /admin/rates`: anonymous visitors are sent to sign in (303); non-admins get 403.
/// - `POST /admin/rates/refresh`, `POST /admin/rates/import-history` and
///   `POST /admin/rates/import-full-history` (CSRF-checked) run the
///   refresh and redirect (303) back with a flash message saying what happened.
package enum AdminRates {
    package static let attemptsShown = 20

    package struct Output: Sendable, Equatable {
        package let admin: User
        /// The provider a refresh fetches from.
        package let provider: RateSource
        package let snapshot: RateSnapshot?
        package let currencies: [Currency]
        package let attempts: [RefreshAttempt]
        package let flash: Flash?
        /// The bundled history's load on this instance, while it runs.
        package var historyLoad: BundledHistoryProgress.Stage? = nil

        package init(
            admin: User, provider: RateSource, snapshot: RateSnapshot?, currencies: [Currency], attempts: [RefreshAttempt], flash: Flash?,
            historyLoad: BundledHistoryProgress.Stage? = nil
        ) {
            self.admin = admin
            self.provider = provider
            self.snapshot = snapshot
            self.currencies = currencies
            self.attempts = attempts
            self.flash = flash
            self.historyLoad = historyLoad
        }
    }

    package enum Failure: Error, Equatable {
        /// Nobody is signed in: on to the sign-in form.
        case signInRequired
        /// Signed in, but not an admin.
        case forbidden
    }

    /// What `admin-rates.leaf` renders.
    package struct ViewModel: Encodable, Sendable, Equatable {
        package let title: String
        package let flash: String?
        package let flashIsError: Bool
        package let providerName: String
        package let providerURL: String
        package let snapshot: SnapshotViewModel?
        /// `Rates per 1 EUR`; empty without a snapshot.
        package let ratesTitle: String
        package let attempts: [AttemptViewModel]
        /// Leaf treats an empty array as true in `#if`, so emptiness is said explicitly.
        package let hasAttempts: Bool
        package let rates: [RateRowViewModel]
        package let refreshURL: String
        package let importHistoryURL: String
        package let importFullHistoryURL: String
        /// While the bundled history is being loaded: what it is doing, and how far it has come.
        package let historyLoad: HistoryLoadViewModel?

        package init(
            title: String, flash: String?, flashIsError: Bool, providerName: String, providerURL: String, snapshot: SnapshotViewModel?,
            ratesTitle: String, attempts: [AttemptViewModel], hasAttempts: Bool, rates: [RateRowViewModel], refreshURL: String,
            importHistoryURL: String, importFullHistoryURL: String, historyLoad: HistoryLoadViewModel?
        ) {
            self.title = title
            self.flash = flash
            self.flashIsError = flashIsError
            self.providerName = providerName
            self.providerURL = providerURL
            self.snapshot = snapshot
            self.ratesTitle = ratesTitle
            self.attempts = attempts
            self.hasAttempts = hasAttempts
            self.rates = rates
            self.refreshURL = refreshURL
            self.importHistoryURL = importHistoryURL
            self.importFullHistoryURL = importFullHistoryURL
            self.historyLoad = historyLoad
        }
    }

    package struct HistoryLoadViewModel: Encodable, Sendable, Equatable {
        /// `Storing the bundled ECB history: 3,200 of 7,126 days`
        package let text: String
        /// The `<progress>` bar's numbers, while days are being stored; `nil` while it reads or waits.
        package let value: String?
        package let max: String?

        package init(text: String, value: String?, max: String?) {
            self.text = text
            self.value = value
            self.max = max
        }
    }

    package struct SnapshotViewModel: Encodable, Sendable, Equatable {
        package let sourceName: String
        package let isBundled: Bool
        package let baseCurrency: String
        package let effectiveDate: String
        package let storedAt: String
        package let currencyCount: String

        package init(
            sourceName: String, isBundled: Bool, baseCurrency: String, effectiveDate: String, storedAt: String, currencyCount: String
        ) {
            self.sourceName = sourceName
            self.isBundled = isBundled
            self.baseCurrency = baseCurrency
            self.effectiveDate = effectiveDate
            self.storedAt = storedAt
            self.currencyCount = currencyCount
        }
    }

    package struct AttemptViewModel: Encodable, Sendable, Equatable {
        package let startedAt: String
        package let startedAtISO: String
        package let kind: String
        package let actor: String
        package let outcome: String
        package let outcomeClass: String
        package let duration: String
        package let message: String

        package init(
            startedAt: String, startedAtISO: String, kind: String, actor: String, outcome: String, outcomeClass: String, duration: String,
            message: String
        ) {
            self.startedAt = startedAt
            self.startedAtISO = startedAtISO
            self.kind = kind
            self.actor = actor
            self.outcome = outcome
            self.outcomeClass = outcomeClass
            self.duration = duration
            self.message = message
        }
    }

    package struct RateRowViewModel: Encodable, Sendable, Equatable {
        package let code: String
        package let name: String
        package let rate: String

        package init(code: String, name: String, rate: String) {
            self.code = code
            self.name = name
            self.rate = rate
        }
    }
}

/// What the admin page asks of the refresh machinery; a protocol for the interactor's tests.
package protocol RatesRefreshing: Sendable {
    func refresh(actor: String?) async -> RefreshAttempt
    func importHistory(actor: String?) async -> RefreshAttempt
    func importFullHistory(actor: String?) async -> RefreshAttempt
    func recentAttempts(limit: Int) async throws -> [RefreshAttempt]
}

extension RatesRefresher: RatesRefreshing {}
