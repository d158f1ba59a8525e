import Foundation

/// The admin page's wording: times in UTC, durations people read, outcomes as words.
struct AdminRatesPresenter: Sendable {
    func present(_ output: AdminRates.Output) -> AdminRates.ViewModel {
        AdminRates.ViewModel(
            title: "Rates · Admin · \(AppInfo.name)",
            flash: output.flash?.message,
            flashIsError: output.flash?.kind == .error,
            providerName: output.provider.name,
            providerURL: output.provider.website,
            snapshot: output.snapshot.map { snapshot in
                let source = snapshot.provider
                return AdminRates.SnapshotViewModel(
                    sourceName: source.name, isBundled: source.isBundled, baseCurrency: snapshot.baseCurrency,
                    effectiveDate: snapshot.effectiveDate.description, storedAt: DateText.timestamp(snapshot.storedAt),
                    currencyCount: snapshot.rates.count)
            },
            attempts: output.attempts.map(present),
            hasAttempts: !output.attempts.isEmpty,
            rates: output.currencies.compactMap { currency in
                output.snapshot?.rates[currency.code].map {
                    AdminRates.RateRowViewModel(code: currency.code, name: currency.name, rate: $0.plainText)
                }
            },
            refreshURL: SiteURL.adminRatesRefresh.path,
            importHistoryURL: SiteURL.adminRatesImportHistory.path,
            importFullHistoryURL: SiteURL.adminRatesImportFullHistory.path)
    }

    /// What the page says after a refresh or an import: its log message, as an error if it failed.
    func flash(for attempt: RefreshAttempt) -> Flash {
        Flash(kind: attempt.outcome == .failed ? .error : .success, message: attempt.message)
    }

    static func kind(_ kind: RefreshAttempt.Kind) -> String {
        switch kind {
        case .refresh: "Refresh"
        case .importHistory: "History import"
        case .importFullHistory: "Full history import"
        }
    }

    func present(_ attempt: RefreshAttempt) -> AdminRates.AttemptViewModel {
        let outcome =
            switch attempt.outcome {
            case .stored: "stored"
            case .unchanged: "unchanged"
            case .failed: "failed"
            case .busy: "skipped"
            }
        return AdminRates.AttemptViewModel(
            startedAt: DateText.timestamp(attempt.startedAt),
            startedAtISO: DateText.iso8601(attempt.startedAt),
            kind: Self.kind(attempt.kind),
            actor: attempt.actor ?? "schedule",
            outcome: outcome,
            outcomeClass: "outcome-\(attempt.outcome.rawValue)",
            duration: Self.duration(attempt.duration),
            message: attempt.message)
    }

    /// `85 ms`, `1.2 s`, `12 s`
    static func duration(_ seconds: TimeInterval) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        if seconds < 10 { return String(format: "%.1f s", seconds) }
        return "\(Int(seconds.rounded())) s"
    }
}
