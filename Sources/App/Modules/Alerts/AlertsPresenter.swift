import Core
import Foundation
import Web

/// Writes the alerts page, each watch's condition and state, the user's feed, and the e-mail of
/// a notice, in the visitor's (or the watch's) language.
struct AlertsPresenter: Sendable {
    let providers: ProviderCatalog
    let catalog: CurrencyCatalog

    func present(_ output: Alerts.Output, flash: String? = nil, in l: Localization) -> Alerts.ViewModel {
        let errors = output.errors.mapValues { l.text($0) }
        let input = output.input
        let choices = output.currencies.map { SelectOptions.Choice(value: $0.code, label: "\($0.code) — \(l.currencyName($0))") }
        let placeholder = l.text("Choose a currency")
        let chosenSource = input.source.flatMap { RateSourceID($0) } ?? output.sources.first?.id
        return Alerts.ViewModel(
            title: "\(l.text("Rate alerts")) · \(l.text("Currency Converter"))",
            flash: flash,
            alerts: output.alerts.map { present($0, in: l) },
            hasAlerts: !output.alerts.isEmpty,
            notices: output.notices.map { present($0, in: l) },
            hasNotices: !output.notices.isEmpty,
            feedURL: SiteURL.Route.alertFeed.path(output.feedToken + ".atom"),
            rotateURL: SiteURL.Route.alertFeedRotate.pattern,
            createURL: SiteURL.Route.alerts.pattern,
            fromOptions: SelectOptions(choices, selected: input.from?.uppercased(), placeholder: placeholder),
            toOptions: SelectOptions(choices, selected: input.to?.uppercased(), placeholder: placeholder),
            sourceOptions: output.sources.map {
                MenuOption(value: $0.id.rawValue, label: RatesSourceViewModel.name(of: $0, in: l), selected: $0.id == chosenSource)
            },
            kindOptions: AlertCondition.Kind.allCases.map {
                MenuOption(value: $0.rawValue, label: l.text(Self.kindLabel($0)), selected: $0.rawValue == (input.kind ?? "above"))
            },
            value: input.value ?? "",
            webhookURL: input.webhookURL ?? "",
            email: input.email ?? "",
            emailOffered: output.emailOffered,
            formError: errors[.form],
            fromError: errors[.from], toError: errors[.to], sourceError: errors[.source], kindError: errors[.kind],
            valueError: errors[.value], webhookURLError: errors[.webhookURL], emailError: errors[.email],
            hasErrors: !errors.isEmpty)
    }

    func present(_ alert: RateAlert, in l: Localization) -> Alerts.AlertViewModel {
        let id = alert.id.uuidString.lowercased()
        return Alerts.AlertViewModel(
            id: id, pair: pair(alert.from, alert.to, alert.source, in: l), condition: condition(alert.condition, in: l),
            webhookURL: alert.webhookURL, webhookSecret: alert.webhookSecret, webhookOff: alert.webhookOff.map { switchedOff($0, in: l) },
            resumeURL: SiteURL.Route.alertResume.path(id), email: alert.email, deleteURL: SiteURL.Route.alertDelete.path(id))
    }

    func present(_ notice: AlertNotice, in l: Localization) -> Alerts.NoticeViewModel {
        var deliveries: [String] = []
        if notice.webhook != .none { deliveries.append(l.text("Webhook: {state}", ["state": l.text(Self.stateLabel(notice.webhook))])) }
        if notice.email != .none { deliveries.append(l.text("E-mail: {state}", ["state": l.text(Self.stateLabel(notice.email))])) }
        return Alerts.NoticeViewModel(
            day: l.date(notice.day), dayISO: notice.day.description, text: headline(notice, in: l),
            deliveries: deliveries.joined(separator: " · "))
    }

    /// `USD → EUR · European Central Bank`.
    func pair(_ from: String, _ to: String, _ source: RateSourceID, in l: Localization) -> String {
        "\(l.text("{from} → {to}", ["from": from, "to": to])) · \(RatesSourceViewModel.name(of: providers.source(source), in: l))"
    }

    func condition(_ condition: AlertCondition, in l: Localization) -> String {
        switch condition {
        case .above(let figure): l.text("When the rate rises to {figure} or above", ["figure": l.number(figure.plainText)])
        case .below(let figure): l.text("When the rate falls to {figure} or below", ["figure": l.number(figure.plainText)])
        case .move(let percent): l.text("When the rate moves by {percent} % or more", ["percent": l.number(percent.plainText)])
        case .eachDay: l.text("Each new day’s rate")
        }
    }

    /// `Oct 30, 2026: 1 USD = 0.9234 EUR` with the condition met.
    func headline(_ notice: AlertNotice, in l: Localization) -> String {
        l.text(
            "{day}: 1 {from} = {rate} {to}",
            ["day": l.date(notice.day), "from": notice.from, "rate": l.number(notice.rate), "to": notice.to])
    }

    /// A notice's e-mail in its watch's language.
    func message(_ notice: AlertNotice, publicURL: URL?) -> MailMessage {
        let l = Localizations.of(Language(rawValue: notice.language) ?? .fallback)
        let link = SiteURL.noticed(notice).absolute(under: publicURL)
        let body = [
            headline(notice, in: l), pair(notice.from, notice.to, notice.source, in: l), condition(notice.condition, in: l),
            notice.previousRate.map { l.text("Before: {rate}", ["rate": l.number($0)]) }, "", link, "",
            l.text("You get this e-mail because of a rate alert you set. Delete the alert on your alerts page to stop it."),
        ].compactMap { $0 }.joined(separator: "\n")
        return MailMessage(
            subject: "\(headline(notice, in: l)) · \(l.text("Rate alerts"))", body: body, date: notice.createdAt,
            id: notice.id.uuidString.lowercased())
    }

    func switchedOff(_ stored: String, in l: Localization) -> String {
        let parts = stored.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "refused":
            return l.text("Switched off: the address was refused ({reason}).", ["reason": parts.dropFirst().joined(separator: "|")])
        case "failing" where parts.count == 3:
            return l.text(
                "Switched off after {count} notices in a row could not be delivered (the last: {reason}).",
                ["count": l.number(parts[1]), "reason": parts[2]])
        default:
            return l.text("Switched off.")
        }
    }

    static func kindLabel(_ kind: AlertCondition.Kind) -> Message {
        switch kind {
        case .above: Message("Rises to or above a rate")
        case .below: Message("Falls to or below a rate")
        case .move: Message("Moves by a percentage")
        case .eachDay: Message("Each new day")
        }
    }

    static func stateLabel(_ state: AlertNotice.DeliveryState) -> Message {
        switch state {
        case .none, .dropped: Message("not sent")
        case .pending: Message("waiting to be sent")
        case .sent: Message("sent")
        case .failed: Message("failed")
        }
    }
}
