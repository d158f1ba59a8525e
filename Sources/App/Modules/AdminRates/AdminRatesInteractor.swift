import Core
import Foundation
import ServiceInterfaces

/// The admin's rate use cases: see the state of the rates, refresh them, backfill a provider,
/// import history. Each checks that the actor is an admin first.
struct AdminRatesInteractor: Sendable {
    let rates: any CurrentRatesReading
    let refresher: any RatesRefreshing
    let catalog: CurrencyCatalog
    /// The enabled providers, in the catalogue's order.
    let providers: [RateSource]
    let outliers: any OutlierReading
    /// The bundled history's load on this instance, shown while it runs.
    let historyProgress: any HistoryLoadReading
    let now: @Sendable () -> Date

    func overview(for actor: User?, flash: Flash?) async throws -> AdminRates.Output {
        let admin = try authorize(actor)
        let snapshot = await rates.currentSnapshot()
        // The page shows without the health columns if the log cannot be read.
        let health = Dictionary(((try? await refresher.health()) ?? []).map { ($0.source.id, $0) }, uniquingKeysWith: { first, _ in first })
        var statuses: [AdminRates.ProviderStatus] = []
        for provider in providers {
            statuses.append(
                .init(source: provider, snapshot: await rates.currentSnapshot(of: provider.id), health: health[provider.id]))
        }
        var output = AdminRates.Output(
            admin: admin, providers: statuses, snapshot: snapshot,
            currencies: snapshot.map { catalog.currencies(for: $0.currencyCodes) } ?? [],
            attempts: try await refresher.recentAttempts(limit: AdminRates.attemptsShown),
            flash: flash, historyLoad: historyProgress.current,
            // The page shows without them while the blend's history is out of reach.
            outliers: (try? await outliers.recentOutliers(limit: AdminRates.outliersShown)) ?? [],
            backfillable: refresher.backfillable)
        output.uploadable = refresher.uploadable
        output.today = CalendarDate(containing: now())
        return output
    }

    func refresh(by actor: User?) async throws -> [RefreshAttempt] {
        await refresher.refresh(actor: try authorize(actor).email)
    }

    /// `query`'s provider over its days, or the page again with what is wrong.
    func backfill(_ query: AdminRates.BackfillQuery, by actor: User?) async throws -> AdminRates.Backfill {
        let admin = try authorize(actor)
        var errors = query.problems
        let source = refresher.backfillable.first { $0.id == query.provider }
        if source == nil { errors[.provider] = AdminRates.chooseProvider }
        let today = CalendarDate(containing: now())
        if let from = query.from, let to = query.to, let source, errors.isEmpty {
            let latest = today.adding(days: source.datesAhead ? 1 : 0)
            let most = refresher.fetchesDayByDay(source.id) ? AdminRates.maxBackfillDaysOneByOne : AdminRates.maxBackfillDays
            if from > to {
                errors[.to] = Message("The last day comes before the first ({day}).", ["day": .day(from)])
            } else if to > latest {
                errors[.to] = Message(
                    "{day} is in the future. Choose {latest} or an earlier day.", ["day": .day(to), "latest": .day(latest)])
            } else if from.days(until: to) >= most {
                errors[.to] = Message(
                    "At most {count} days at a time from {source}: split the range.",
                    ["count": .number(String(most)), "source": .message(source.displayName)])
            } else if let attempt = await refresher.backfill(source.id, days: from...to, actor: admin.email) {
                return .done(attempt)
            }
        }
        var output = try await overview(for: admin, flash: nil)
        output.backfill = query.typed
        output.backfillErrors = errors
        return .invalid(output)
    }

    /// Who may upload, checked before a byte of the file is read.
    func authorizeUpload(by actor: User?) throws(AdminRates.Failure) -> User {
        try authorize(actor)
    }

    /// The largest file any upload may be.
    var largestUpload: Int { refresher.uploadable.map(\.maxBytes).max() ?? 0 }

    /// The uploaded file at `file` (the kind `document` names) stored for each provider it
    /// fills, one attempt each; the page again with the refusal where it cannot be read.
    func upload(_ document: String, file: URL, by actor: User?) async throws -> Result<[RefreshAttempt], AdminRates.UploadRefusal> {
        let admin = try authorize(actor)
        guard let attempts = await refresher.importUpload(named: document, file: file, actor: admin.email) else {
            return .failure(.unknownDocument)
        }
        return .success(attempts)
    }

    /// The page again (422, 413 or 415), `refusal` at the upload's field.
    func refusedUpload(_ refusal: AdminRates.UploadRefusal, by actor: User?) async throws -> AdminRates.Output {
        var output = try await overview(for: try authorize(actor), flash: nil)
        output.uploadRefusal = refusal
        return output
    }

    func importHistory(by actor: User?) async throws -> RefreshAttempt {
        await refresher.importHistory(actor: try authorize(actor).email)
    }

    func importFullHistory(by actor: User?) async throws -> RefreshAttempt {
        await refresher.importFullHistory(actor: try authorize(actor).email)
    }

    private func authorize(_ actor: User?) throws(AdminRates.Failure) -> User {
        guard let actor else { throw .signInRequired }
        guard actor.isAdmin else { throw .forbidden }
        return actor
    }
}
