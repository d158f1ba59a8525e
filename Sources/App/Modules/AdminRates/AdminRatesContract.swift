import Core
import Foundation

/// The admin's view of the rates: what is current and where it came from, each provider's
/// newest day, the quotes the blend screened out, the recent refresh attempts, and buttons to
/// refresh every provider now, backfill one over a range of days, or import the ECB's history.
///
/// - `GET /admin/rates`: anonymous visitors are sent to sign in (303); non-admins get 403.
/// - `POST /admin/rates/refresh`, `POST /admin/rates/import-history` and
///   `POST /admin/rates/import-full-history` (CSRF-checked) run the
///   refresh and redirect (303) back with a flash message saying what happened.
/// - `POST /admin/rates/backfill` (CSRF-checked; `provider`, `from`, `to`): the provider's days
///   over that range, then 303 back; a range that cannot be fetched is the page again, 422, with
///   a message at the field and the input kept.
package enum AdminRates {
    package static let attemptsShown = 20
    package static let outliersShown = 20
    /// The longest backfill: a year of days, or a month from a publisher without ranges (a document a day).
    package static let maxBackfillDays = 366
    package static let maxBackfillDaysOneByOne = 31

    package struct Output: Sendable, Equatable {
        package let admin: User
        /// The enabled providers, each with its newest stored day.
        package let providers: [ProviderStatus]
        /// The default source's current snapshot (the blend, or one provider's).
        package let snapshot: RateSnapshot?
        package let currencies: [Currency]
        package let attempts: [RefreshAttempt]
        package let flash: Flash?
        /// The bundled history's load on this instance, while it runs.
        package var historyLoad: BundledHistoryProgress.Stage? = nil
        /// Quotes the blend screened out on recent days, newest first.
        package var outliers: [Outlier] = []
        /// The providers a backfill can fetch, and the form as typed (with what is wrong with it).
        package var backfillable: [RateSource] = []
        package var backfill = BackfillInput()
        package var backfillErrors: [BackfillField: Message] = [:]
        /// The admin's today, the last day the backfill form offers (a day more for a publisher dating ahead).
        package var today = CalendarDate(year: 1999, month: 1, day: 4)!

        package init(
            admin: User, providers: [ProviderStatus], snapshot: RateSnapshot?, currencies: [Currency], attempts: [RefreshAttempt],
            flash: Flash?, historyLoad: BundledHistoryProgress.Stage? = nil, outliers: [Outlier] = [], backfillable: [RateSource] = []
        ) {
            self.admin = admin
            self.providers = providers
            self.snapshot = snapshot
            self.currencies = currencies
            self.attempts = attempts
            self.flash = flash
            self.historyLoad = historyLoad
            self.outliers = outliers
            self.backfillable = backfillable
        }
    }

    /// An enabled provider and its newest stored snapshot, if it has one.
    package struct ProviderStatus: Sendable, Equatable {
        package let source: RateSource
        package let snapshot: RateSnapshot?

        package init(source: RateSource, snapshot: RateSnapshot?) {
            self.source = source
            self.snapshot = snapshot
        }
    }

    /// The backfill form as typed.
    package struct BackfillInput: Sendable, Equatable, Codable {
        package var provider: String?
        package var from: String?
        package var to: String?

        package init(provider: String? = nil, from: String? = nil, to: String? = nil) {
            self.provider = provider
            self.from = from
            self.to = to
        }
    }

    package enum BackfillField: String, Sendable, CaseIterable {
        case provider, from, to
    }

    /// What a backfill request came to.
    package enum Backfill: Sendable, Equatable {
        /// Fetched (or tried): back to the page with what happened.
        case done(RefreshAttempt)
        /// The form again (422) with a message per field.
        case invalid(Output)
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
        /// The default source's name (`All official sources`, or a provider's).
        package let providerName: String
        /// Its site; none for the blend or a provider the app no longer knows (Leaf's `#if`
        /// reads an empty text as true).
        package let providerURL: String?
        /// Each enabled provider: its newest day and how many currencies it quotes.
        package let providers: [ProviderRowViewModel]
        package let outliers: [OutlierRowViewModel]
        package let hasOutliers: Bool
        package let backfill: BackfillViewModel?
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
            title: String, flash: String?, flashIsError: Bool, providerName: String, providerURL: String?,
            providers: [ProviderRowViewModel],
            outliers: [OutlierRowViewModel], backfill: BackfillViewModel?, snapshot: SnapshotViewModel?, ratesTitle: String,
            attempts: [AttemptViewModel], hasAttempts: Bool, rates: [RateRowViewModel], refreshURL: String, importHistoryURL: String,
            importFullHistoryURL: String, historyLoad: HistoryLoadViewModel?
        ) {
            self.title = title
            self.flash = flash
            self.flashIsError = flashIsError
            self.providerName = providerName
            self.providerURL = providerURL
            self.providers = providers
            self.outliers = outliers
            self.hasOutliers = !outliers.isEmpty
            self.backfill = backfill
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
        /// When it was stored; none for a blend, which is made from the providers' stored days.
        package let storedAt: String?
        package let currencyCount: String

        package init(
            sourceName: String, isBundled: Bool, baseCurrency: String, effectiveDate: String, storedAt: String?, currencyCount: String
        ) {
            self.sourceName = sourceName
            self.isBundled = isBundled
            self.baseCurrency = baseCurrency
            self.effectiveDate = effectiveDate
            self.storedAt = storedAt
            self.currencyCount = currencyCount
        }
    }

    package struct ProviderRowViewModel: Encodable, Sendable, Equatable {
        package let name: String
        /// Its site, if it has one.
        package let url: String?
        package let base: String
        /// The newest stored day, or a dash.
        package let newestDay: String
        package let currencyCount: String
        package let inBlend: Bool

        package init(name: String, url: String?, base: String, newestDay: String, currencyCount: String, inBlend: Bool) {
            self.name = name
            self.url = url
            self.base = base
            self.newestDay = newestDay
            self.currencyCount = currencyCount
            self.inBlend = inBlend
        }
    }

    package struct OutlierRowViewModel: Encodable, Sendable, Equatable {
        package let day: String
        package let provider: String
        package let currency: String
        /// Units per euro, as the provider's quote rebased and the median of the others'.
        package let value: String
        package let median: String
        /// `+9.1 %`
        package let deviation: String

        package init(day: String, provider: String, currency: String, value: String, median: String, deviation: String) {
            self.day = day
            self.provider = provider
            self.currency = currency
            self.value = value
            self.median = median
            self.deviation = deviation
        }
    }

    package struct BackfillViewModel: Encodable, Sendable, Equatable {
        package let url: String
        package let options: [OptionViewModel]
        package let from: String
        package let to: String
        package let maxDate: String
        package let providerError: String?
        package let fromError: String?
        package let toError: String?

        package init(
            url: String, options: [OptionViewModel], from: String, to: String, maxDate: String, providerError: String?, fromError: String?,
            toError: String?
        ) {
            self.url = url
            self.options = options
            self.from = from
            self.to = to
            self.maxDate = maxDate
            self.providerError = providerError
            self.fromError = fromError
            self.toError = toError
        }
    }

    package struct OptionViewModel: Encodable, Sendable, Equatable {
        package let value: String
        package let label: String
        package let selected: Bool

        package init(value: String, label: String, selected: Bool) {
            self.value = value
            self.label = label
            self.selected = selected
        }
    }

    package struct AttemptViewModel: Encodable, Sendable, Equatable {
        package let startedAt: String
        package let startedAtISO: String
        package let kind: String
        /// The provider asked.
        package let source: String
        package let actor: String
        package let outcome: String
        package let outcomeClass: String
        package let duration: String
        package let message: String

        package init(
            startedAt: String, startedAtISO: String, kind: String, source: String, actor: String, outcome: String, outcomeClass: String,
            duration: String, message: String
        ) {
            self.startedAt = startedAt
            self.startedAtISO = startedAtISO
            self.kind = kind
            self.source = source
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
