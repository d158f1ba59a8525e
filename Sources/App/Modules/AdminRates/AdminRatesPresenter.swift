import Core
import Foundation
import ServiceInterfaces
import Web

/// The admin page's wording, in the visitor's language: times in UTC, durations people read,
/// outcomes as words, each attempt's details in the visitor's language (what a library or a
/// provider wrote is quoted as it is, and attempts logged before messages had parts are shown as recorded).
struct AdminRatesPresenter: Sendable {
    /// 403: signed in without admin rights.
    static let adminsOnly = Message("This page is for administrators. You are signed in without admin rights.")
    /// Names each provider an attempt, a quote or the rates name.
    let providers: ProviderCatalog

    func present(_ output: AdminRates.Output, in l: Localization) -> AdminRates.ViewModel {
        AdminRates.ViewModel(
            title: "\(l.text("Exchange rates")) · \(l.text("Admin")) · \(l.text("Currency Converter"))",
            flash: output.flash?.message,
            flashIsError: output.flash?.kind == .error,
            providerName: output.snapshot.map { RatesSourceViewModel.name(of: providers.source($0.source), in: l) } ?? "",
            providerURL: output.snapshot.flatMap {
                providers.source($0.source).website.isEmpty ? nil : providers.source($0.source).website
            },
            providers: output.providers.map { status in
                let behind = status.health?.daysBehind(on: output.today) ?? 0
                return AdminRates.ProviderRowViewModel(
                    name: RatesSourceViewModel.name(of: status.source, in: l),
                    url: status.source.website.isEmpty ? nil : status.source.website,
                    base: status.source.homeCurrency ?? status.snapshot?.baseCurrency ?? "–",
                    newestDay: (status.health?.newestDay ?? status.snapshot?.effectiveDate).map(l.date) ?? "–",
                    daysBehind: behind > 0 ? l.number(String(behind)) : "–", isLate: behind > 0,
                    currencyCount: status.snapshot.map { l.number(String($0.rates.count)) } ?? "–",
                    inBlend: status.source.isOfficial,
                    lastSuccess: status.health?.lastSuccess.map { ContactDetailPresenter.moment($0.startedAt, in: l) } ?? "–",
                    lastFailure: status.health?.lastFailure.map { ContactDetailPresenter.moment($0.startedAt, in: l) } ?? "–",
                    failureReason: (status.health?.skipped ?? status.health?.lastFailure?.message).map(l.text) ?? "",
                    refusedDays: (status.health?.refusedDays).flatMap { $0 > 0 ? l.number(String($0)) : nil } ?? "–",
                    isFailing: status.health?.isFailing ?? false)
            },
            outliers: output.outliers.map { outlier in
                AdminRates.OutlierRowViewModel(
                    day: l.date(outlier.date), provider: RatesSourceViewModel.name(of: providers.source(outlier.source), in: l),
                    currency: outlier.currency, value: l.number(outlier.value.plainText(significantDigits: 6)),
                    median: l.number(outlier.median.plainText(significantDigits: 6)),
                    deviation: l.text(
                        "{deviation} %",
                        ["deviation": l.number((outlier.deviation * 100).plainText(minimumFractionDigits: 1, significantDigits: 2))]))
            },
            hasOutliers: !output.outliers.isEmpty,
            backfill: output.backfillable.isEmpty
                ? nil
                : AdminRates.BackfillViewModel(
                    url: SiteURL.adminRatesBackfill.path,
                    options: output.backfillable.map {
                        MenuOption(
                            value: $0.id.rawValue, label: RatesSourceViewModel.name(of: $0, in: l),
                            selected: $0.id.rawValue == output.backfill.provider)
                    },
                    from: output.backfill.from ?? "", to: output.backfill.to ?? "", maxDate: output.today.adding(days: 1).description,
                    providerError: output.backfillErrors[.provider].map(l.text), fromError: output.backfillErrors[.from].map(l.text),
                    toError: output.backfillErrors[.to].map(l.text)),
            snapshot: output.snapshot.map { snapshot in
                let source = providers.source(snapshot.source)
                return AdminRates.SnapshotViewModel(
                    sourceName: snapshot.blend.map { RatesSourceViewModel.blendName($0.sources.map(providers.source), in: l) }
                        ?? RatesSourceViewModel.name(of: source, in: l),
                    isBundled: snapshot.blend?.isBundled ?? source.isBundled,
                    baseCurrency: snapshot.baseCurrency, effectiveDate: l.date(snapshot.effectiveDate),
                    storedAt: snapshot.isBlend ? nil : ContactDetailPresenter.moment(snapshot.storedAt, in: l),
                    currencyCount: l.number(String(snapshot.rates.count))
                )
            },
            ratesTitle: output.snapshot.map { l.text("Rates per 1 {base}", ["base": $0.baseCurrency]) } ?? "",
            attempts: output.attempts.map { present($0, in: l) },
            hasAttempts: !output.attempts.isEmpty,
            rates: output.currencies.compactMap { currency in
                output.snapshot?.rates[currency.code].map {
                    AdminRates.RateRowViewModel(code: currency.code, name: l.currencyName(currency), rate: l.number($0.plainText))
                }
            },
            refreshURL: SiteURL.adminRatesRefresh.path,
            importHistoryURL: SiteURL.adminRatesImportHistory.path,
            importFullHistoryURL: SiteURL.adminRatesImportFullHistory.path,
            uploads: output.uploadable.map { upload($0, refusal: output.uploadRefusal, in: l) },
            historyLoad: output.historyLoad.map { Self.historyLoad($0, in: l) })
    }

    /// The upload form of `file` (the Kursliste's: what it fills, where an admin downloads it).
    private func upload(_ file: UploadableFile, refusal: AdminRates.UploadRefusal?, in l: Localization) -> AdminRates.UploadViewModel {
        let size = ["size": l.number(String(file.maxBytes >> 20))]
        return AdminRates.UploadViewModel(
            url: SiteURL.adminRatesUpload.path, document: file.name,
            title: file.name == "kursliste" ? l.text("Upload the ESTV’s Kursliste") : l.text("Upload a file"),
            hint: file.name == "kursliste"
                ? l.text(
                    "A tax year’s Kursliste from ICTax (“Kursliste Initial”, XML, as the zip ICTax serves or unzipped; at most {size} MB). Its year-end rates, monthly means and year means are stored; its securities are not read. ICTax allows no automated download, so it is uploaded here.",
                    size)
                : l.text("At most {size} MB.", size),
            downloadURL: file.sources.first?.website ?? "",
            error: refusal.map { Self.message(for: $0) }.map(l.text))
    }

    /// Why an upload was refused before its file was read.
    static func message(for refusal: AdminRates.UploadRefusal) -> Message {
        switch refusal {
        case .noFile: Message("Choose the file to upload.")
        case .tooLarge(let megabytes):
            Message("The file is larger than {size} MB. Upload the zip as ICTax serves it.", ["size": .number(String(megabytes))])
        case .notMultipart: Message("The upload form is sent as multipart/form-data; nothing else is accepted here.")
        case .unknownDocument: Message("No enabled provider takes that file.")
        }
    }

    static func historyLoad(_ stage: HistoryLoadStage, in l: Localization) -> AdminRates.HistoryLoadViewModel {
        switch stage {
        case .reading:
            .init(text: l.text("Reading the bundled ECB history…"), value: nil, max: nil)
        case .waiting:
            .init(
                text: l.text("The bundled ECB history waits for the rates lock, held by a refresh here or on another instance."),
                value: nil, max: nil)
        case .storing(let stored, let total):
            .init(
                text: l.text(
                    "Storing the bundled ECB history: {stored} of {total} days",
                    ["stored": l.number(String(stored)), "total": l.number(String(total))]),
                value: String(stored), max: String(total))
        }
    }

    /// What the page says after a refresh of every provider: one provider's log message, or
    /// how many stored, were unchanged or failed (the log below has each); an error if all failed.
    func flash(for attempts: [RefreshAttempt], in l: Localization) -> Flash {
        guard attempts.count > 1 else { return attempts.first.map { flash(for: $0, in: l) } ?? .success(l.text("Nothing to refresh.")) }
        func count(_ outcome: RefreshAttempt.Outcome) -> String { l.number(String(attempts.filter { $0.outcome == outcome }.count)) }
        let failed = attempts.filter { $0.outcome == .failed }
        return Flash(
            kind: failed.count == attempts.count ? .error : .success,
            message: l.text(
                "Refreshed {count} providers: {stored} stored, {unchanged} unchanged, {failed} failed, {busy} skipped.",
                [
                    "count": l.number(String(attempts.count)), "stored": count(.stored), "unchanged": count(.unchanged),
                    "failed": count(.failed), "busy": count(.busy),
                ]))
    }

    /// What the page says after an upload: each provider's log message (one, where all say the
    /// same), as an error if one failed.
    func flash(forUpload attempts: [RefreshAttempt], in l: Localization) -> Flash {
        var messages: [String] = []
        for attempt in attempts {
            let message = flash(for: attempt, in: l).message
            if !messages.contains(message) { messages.append(message) }
        }
        return Flash(kind: attempts.contains { $0.outcome == .failed } ? .error : .success, message: messages.joined(separator: " "))
    }

    /// What the page says after a refresh or an import: its log message, as an error if it failed.
    func flash(for attempt: RefreshAttempt, in l: Localization) -> Flash {
        Flash(
            kind: attempt.outcome == .failed ? .error : .success,
            message: l.text(
                "{what}: {outcome}. {details}",
                [
                    "what": Self.kind(attempt.kind, in: l), "outcome": Self.outcome(attempt.outcome, in: l),
                    "details": l.text(attempt.message),
                ]))
    }

    static func kind(_ kind: RefreshAttempt.Kind, in l: Localization) -> String {
        switch kind {
        case .refresh: l.text("Refresh")
        case .backfill: l.text("Backfill")
        case .importHistory: l.text("History import")
        case .importFullHistory: l.text("Full history import")
        case .upload: l.text("Upload")
        }
    }

    static func outcome(_ outcome: RefreshAttempt.Outcome, in l: Localization) -> String {
        switch outcome {
        case .stored: l.text("stored")
        case .unchanged: l.text("unchanged")
        case .failed: l.text("failed")
        case .busy: l.text("skipped")
        }
    }

    func present(_ attempt: RefreshAttempt, in l: Localization) -> AdminRates.AttemptViewModel {
        AdminRates.AttemptViewModel(
            startedAt: ContactDetailPresenter.moment(attempt.startedAt, in: l),
            startedAtISO: DateText.iso8601(attempt.startedAt),
            kind: Self.kind(attempt.kind, in: l),
            source: RatesSourceViewModel.name(of: providers.source(attempt.source), in: l),
            actor: attempt.actor ?? l.text("schedule"),
            outcome: Self.outcome(attempt.outcome, in: l),
            outcomeClass: "outcome-\(attempt.outcome.rawValue)",
            duration: Self.duration(attempt.duration, in: l),
            message: l.text(attempt.message))
    }

    /// A duration as people read it (milliseconds below a second, tenths below ten), the number in the language's style.
    static func duration(_ seconds: TimeInterval, in l: Localization = Localizations.of(.en)) -> String {
        if seconds < 1 { return l.text("{count} ms", ["count": l.number(String(Int((seconds * 1000).rounded())))]) }
        if seconds < 10 { return l.text("{count} s", ["count": l.number(String(format: "%.1f", seconds))]) }
        return l.text("{count} s", ["count": l.number(String(Int(seconds.rounded())))])
    }
}
