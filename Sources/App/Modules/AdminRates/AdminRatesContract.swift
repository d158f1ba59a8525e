import Core
import Foundation
import ServiceInterfaces
import Web

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
/// - `POST /admin/rates/upload` (multipart, its CSRF token first; `document`, `file`): a
///   publisher's file no script may fetch (the Kursliste), stored for each provider it fills,
///   then 303 back; no file, a file too large or not a form is the page again (422, 413, 415)
///   with the message at the field.
enum AdminRates {
    static let attemptsShown = 20
    static let outliersShown = 20
    /// The longest backfill: a year of days, or a month from a publisher without ranges (a document a day).
    static let maxBackfillDays = 366
    static let maxBackfillDaysOneByOne = 31

    struct Output: Sendable, Equatable {
        let admin: User
        /// The enabled providers, each with its newest stored day.
        let providers: [ProviderStatus]
        /// The default source's current snapshot (the blend, or one provider's).
        let snapshot: RateSnapshot?
        let currencies: [Currency]
        let attempts: [RefreshAttempt]
        let flash: Flash?
        /// The bundled history's load on this instance, while it runs.
        var historyLoad: HistoryLoadStage? = nil
        /// Quotes the blend screened out on recent days, newest first.
        var outliers: [Outlier] = []
        /// The providers a backfill can fetch, and the form as typed (with what is wrong with it).
        var backfillable: [RateSource] = []
        var backfill = BackfillInput()
        var backfillErrors: [BackfillField: Message] = [:]
        /// The files an admin may upload, and why the last upload was refused before it was read.
        var uploadable: [UploadableFile] = []
        var uploadRefusal: UploadRefusal? = nil
        /// The admin's today, the last day the backfill form offers (a day more for a publisher dating ahead).
        var today = CalendarDate(year: 1999, month: 1, day: 4)!
    }

    /// An enabled provider and its newest stored snapshot, if it has one.
    struct ProviderStatus: Sendable, Equatable {
        let source: RateSource
        let snapshot: RateSnapshot?
        /// Its newest day, last success and last failure (`nil` where not read).
        var health: ProviderHealth? = nil
    }

    /// The backfill form as typed.
    struct BackfillInput: Sendable, Equatable, Codable {
        var provider: String?
        var from: String?
        var to: String?
    }

    /// The backfill form read once, where it comes in: a provider's id and two days, or a
    /// problem for a field that cannot be one (the interactor adds what the providers and the
    /// calendar say).
    struct BackfillQuery: Sendable, Equatable {
        /// What was typed, to fill the form in again.
        let typed: BackfillInput
        let provider: RateSourceID?
        let from: CalendarDate?
        let to: CalendarDate?
        let problems: [BackfillField: Message]

        init(_ typed: BackfillInput) {
            var problems: [BackfillField: Message] = [:]
            self.typed = typed
            provider = typed.provider.flatMap { RateSourceID($0) }
            if provider == nil { problems[.provider] = AdminRates.chooseProvider }
            from = Self.day(typed.from, field: .from, problems: &problems)
            to = Self.day(typed.to, field: .to, problems: &problems)
            self.problems = problems
        }

        private static func day(_ typed: String?, field: BackfillField, problems: inout [BackfillField: Message]) -> CalendarDate? {
            guard let typed, !typed.isEmpty else {
                problems[field] = field == .from ? Message("Choose the first day.") : Message("Choose the last day.")
                return nil
            }
            guard let day = CalendarDate(iso8601: typed) else {
                problems[field] = Message(
                    "“{typed}” is not a date. Write it as YYYY-MM-DD, for example 2020-03-15.", ["typed": .text(String(typed.prefix(16)))])
                return nil
            }
            return day
        }
    }

    /// A provider that is not one a backfill can fetch.
    static let chooseProvider = Message("Choose a provider from the list.")

    enum BackfillField: String, Sendable, CaseIterable {
        case provider, from, to
    }

    /// What a backfill request came to.
    enum Backfill: Sendable, Equatable {
        /// Fetched (or tried): back to the page with what happened.
        case done(RefreshAttempt)
        /// The form again (422) with a message per field.
        case invalid(Output)
    }

    /// Why an upload was refused before its file was read: the page again, with this at the field.
    enum UploadRefusal: Error, Equatable {
        case noFile
        case tooLarge(megabytes: Int)
        case notMultipart
        /// No enabled provider takes a file of that name.
        case unknownDocument
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
        /// The default source's name (`All official sources`, or a provider's).
        let providerName: String
        /// Its site; none for the blend or a provider the app no longer knows (Leaf's `#if`
        /// reads an empty text as true).
        let providerURL: String?
        /// Each enabled provider: its newest day and how many currencies it quotes.
        let providers: [ProviderRowViewModel]
        let outliers: [OutlierRowViewModel]
        let hasOutliers: Bool
        let backfill: BackfillViewModel?
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
        let uploads: [UploadViewModel]
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
        /// When it was stored; none for a blend, which is made from the providers' stored days.
        let storedAt: String?
        let currencyCount: String
    }

    struct ProviderRowViewModel: Encodable, Sendable, Equatable {
        let name: String
        /// Its site, if it has one.
        let url: String?
        let base: String
        /// The newest stored day, or a dash.
        let newestDay: String
        /// Days behind its cadence (a dash when on time or without days), and whether that is late.
        let daysBehind: String
        let isLate: Bool
        let currencyCount: String
        let inBlend: Bool
        /// Its newest success and failure (when, and for the failure why), or dashes.
        let lastSuccess: String
        let lastFailure: String
        let failureReason: String
        /// Days of its answers refused by validation over the last week, or a dash.
        let refusedDays: String
        /// Its newest attempt failed.
        let isFailing: Bool
    }

    struct OutlierRowViewModel: Encodable, Sendable, Equatable {
        let day: String
        let provider: String
        let currency: String
        /// Units per euro, as the provider's quote rebased and the median of the others'.
        let value: String
        let median: String
        /// `+9.1 %`
        let deviation: String
    }

    /// A file an admin may upload: where the form goes, which file, what it fills, and where to get it.
    struct UploadViewModel: Encodable, Sendable, Equatable {
        let url: String
        let document: String
        let title: String
        let hint: String
        let downloadURL: String
        let error: String?
    }

    struct BackfillViewModel: Encodable, Sendable, Equatable {
        let url: String
        let options: [MenuOption]
        let from: String
        let to: String
        let maxDate: String
        let providerError: String?
        let fromError: String?
        let toError: String?
    }

    struct AttemptViewModel: Encodable, Sendable, Equatable {
        let startedAt: String
        let startedAtISO: String
        let kind: String
        /// The provider asked.
        let source: String
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
