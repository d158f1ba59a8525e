import Core
import Foundation
import ServiceInterfaces

/// The admin's rate use cases: see the state of the rates, refresh them, backfill a provider,
/// import history. Each checks that the actor is an admin first.
package struct AdminRatesInteractor: Sendable {
    package let rates: any CurrentRatesReading
    package let refresher: any RatesRefreshing
    package let catalog: CurrencyCatalog
    /// The enabled providers, in the catalogue's order.
    package let providers: [RateSource]
    package let outliers: any OutlierReading
    /// The bundled history's load on this instance, shown while it runs.
    package var historyProgress = BundledHistoryProgress()
    package let now: @Sendable () -> Date

    package init(
        rates: any CurrentRatesReading, refresher: any RatesRefreshing, catalog: CurrencyCatalog, providers: [RateSource],
        outliers: any OutlierReading, historyProgress: BundledHistoryProgress = BundledHistoryProgress(),
        now: @escaping @Sendable () -> Date
    ) {
        self.rates = rates
        self.refresher = refresher
        self.catalog = catalog
        self.providers = providers
        self.outliers = outliers
        self.historyProgress = historyProgress
        self.now = now
    }

    package func overview(for actor: User?, flash: Flash?) async throws -> AdminRates.Output {
        let admin = try authorize(actor)
        let snapshot = await rates.currentSnapshot()
        var statuses: [AdminRates.ProviderStatus] = []
        for provider in providers { statuses.append(.init(source: provider, snapshot: await rates.currentSnapshot(of: provider.id))) }
        var output = AdminRates.Output(
            admin: admin, providers: statuses, snapshot: snapshot,
            currencies: snapshot.map { catalog.currencies(for: $0.currencyCodes) } ?? [],
            attempts: try await refresher.recentAttempts(limit: AdminRates.attemptsShown),
            flash: flash, historyLoad: historyProgress.current,
            // The page shows without them while the blend's history is out of reach.
            outliers: (try? await outliers.recentOutliers(limit: AdminRates.outliersShown)) ?? [],
            backfillable: refresher.backfillable)
        output.today = CalendarDate(containing: now())
        return output
    }

    package func refresh(by actor: User?) async throws -> [RefreshAttempt] {
        await refresher.refresh(actor: try authorize(actor).email)
    }

    /// `input`'s provider over its days, or the page again with what is wrong.
    package func backfill(_ input: AdminRates.BackfillInput, by actor: User?) async throws -> AdminRates.Backfill {
        let admin = try authorize(actor)
        var errors: [AdminRates.BackfillField: Message] = [:]
        let source = refresher.backfillable.first { $0.id == input.provider }
        if source == nil { errors[.provider] = Message("Choose a provider from the list.") }
        let today = CalendarDate(containing: now())
        let from = Self.day(input.from, field: .from, errors: &errors)
        let to = Self.day(input.to, field: .to, errors: &errors)
        if let from, let to, let source, errors.isEmpty {
            let latest = today.adding(days: source.datesAhead ? 1 : 0)
            let most = source.id == RateSource.cbr.id ? AdminRates.maxBackfillDaysOneByOne : AdminRates.maxBackfillDays
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
        output.backfill = input
        output.backfillErrors = errors
        return .invalid(output)
    }

    package func importHistory(by actor: User?) async throws -> RefreshAttempt {
        await refresher.importHistory(actor: try authorize(actor).email)
    }

    package func importFullHistory(by actor: User?) async throws -> RefreshAttempt {
        await refresher.importFullHistory(actor: try authorize(actor).email)
    }

    private static func day(
        _ typed: String?, field: AdminRates.BackfillField, errors: inout [AdminRates.BackfillField: Message]
    ) -> CalendarDate? {
        guard let typed, !typed.isEmpty else {
            errors[field] = field == .from ? Message("Choose the first day.") : Message("Choose the last day.")
            return nil
        }
        guard let day = CalendarDate(iso8601: typed) else {
            errors[field] = Message(
                "“{typed}” is not a date. Write it as YYYY-MM-DD, for example 2020-03-15.", ["typed": .text(String(typed.prefix(16)))])
            return nil
        }
        return day
    }

    private func authorize(_ actor: User?) throws(AdminRates.Failure) -> User {
        guard let actor else { throw .signInRequired }
        guard actor.isAdmin else { throw .forbidden }
        return actor
    }
}
