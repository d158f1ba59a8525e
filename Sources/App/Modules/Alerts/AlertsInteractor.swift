import Core
import Foundation
import ServiceInterfaces

/// The alerts' use cases over the alerts store and the current rates: a user's page, a new watch
/// checked against what the source quotes now (and the webhook's address against the refused
/// ones), deleting one, switching its webhook back on, a new feed address, and a feed by its token.
struct AlertsInteractor: Sendable {
    let alerts: any AlertsService
    let rates: any CurrentRatesReading
    let catalog: CurrencyCatalog
    let providers: ProviderCatalog
    let allowPrivateTargets: Bool
    /// A host's addresses, for the webhook's check (the system's resolver; a test's own).
    let resolve: @Sendable (String) async -> [[UInt8]]
    let emailOffered: Bool
    let now: @Sendable () -> Date

    /// The notices a page lists, and a feed holds.
    static let noticesShown = 30

    func page(for user: User?) async throws -> Alerts.Output {
        let user = try Self.required(user)
        let current = await rates.currentSnapshot()
        return Alerts.Output(
            alerts: try await alerts.alerts(owner: user.id), notices: try await alerts.notices(owner: user.id, limit: Self.noticesShown),
            feedToken: try await alerts.feedToken(owner: user.id), sources: await rates.availableSources(),
            currencies: catalog.currencies(for: current?.currencyCodes ?? []), emailOffered: emailOffered)
    }

    /// A new watch from `input`, starting from the source's current day (only days after it
    /// are noticed), in `language` for its e-mails.
    func create(_ input: Alerts.Input, for user: User?, language: String) async throws -> Alerts.Outcome {
        let owner = try Self.required(user)
        var errors: [Alerts.Field: Message] = [:]
        let sources = await rates.availableSources()
        let source = input.source.flatMap { RateSourceID($0) }.flatMap { id in sources.first { $0.id == id }?.id }
        if source == nil { errors[.source] = Message("Choose a source from the list.") }
        let snapshot = await source.asyncMap { await rates.currentSnapshot(of: $0) } ?? nil
        let from = Self.code(input.from), to = Self.code(input.to)
        for (field, code) in [(Alerts.Field.from, from), (.to, to)] {
            guard let code else {
                errors[field] = Message("Choose a currency from the list.")
                continue
            }
            if let snapshot, snapshot.rates[code] == nil {
                errors[field] = Message(
                    "{source} has no rate for {code}.", ["source": .message(providers.source(source!).displayName), "code": .text(code)])
            }
        }
        if let from, from == to { errors[.to] = Message("Choose two different currencies.") }
        let kind = input.kind.flatMap(AlertCondition.Kind.init(rawValue:))
        if kind == nil { errors[.kind] = Message("Choose when to be told.") }
        var condition: AlertCondition?
        if let kind {
            let value = Self.number(input.value)
            switch kind {
            case .eachDay: condition = .eachDay
            case .move:
                if let value, value > 0, value <= 1_000 {
                    condition = .move(percent: value)
                } else {
                    errors[.value] = Message("Enter a percentage from 0.01 to 1000, for example 2.5.")
                }
            case .above, .below:
                if let value, value > 0 {
                    condition = AlertCondition(kind: kind, value: value)
                } else {
                    errors[.value] = Message("Enter the rate to watch for, a number above zero, for example 0.92.")
                }
            }
        }
        var webhook: String?
        if let typed = input.webhookURL?.trimmingCharacters(in: .whitespaces), !typed.isEmpty {
            do {
                let url = try WebhookAddress.url(typed)
                try await WebhookAddress.check(url, allowPrivate: allowPrivateTargets, resolve: resolve)
                webhook = typed
            } catch .privateAddress(let address) {
                errors[.webhookURL] = Message(
                    "Webhooks may not go to {address}: a loopback, private, link-local or metadata address.", ["address": .text(address)])
            } catch .unresolvable {
                errors[.webhookURL] = Message("This address’s host cannot be found.")
            } catch {
                errors[.webhookURL] = Message("Enter an http or https address, such as https://example.org/hooks/rates.")
            }
        }
        var email: String?
        if emailOffered, let typed = input.email?.trimmingCharacters(in: .whitespaces), !typed.isEmpty {
            if EmailAddress.isPlausible(typed), AppConfiguration.isMailbox(typed) {
                email = typed
            } else {
                errors[.email] = Message("Enter an email address like name@example.org, or leave it empty.")
            }
        }
        guard errors.isEmpty, let source, let snapshot, let from, let to, let condition,
            let ratio = snapshot.ratio(from: from, to: to)
        else {
            var output = try await page(for: owner)
            output.input = input
            output.errors = errors.isEmpty ? [.form: Message("Please correct the fields marked below.")] : errors
            return .invalid(output)
        }
        let rate = ratio.numerator / ratio.denominator
        let alert = RateAlert(
            id: UUID(), ownerID: owner.id, from: from, to: to, source: source, condition: condition, webhookURL: webhook,
            webhookSecret: StandardWebhook.newSecret(), email: email, lastDay: snapshot.effectiveDate, lastRate: rate, baseRate: rate,
            language: language, createdAt: now())
        guard try await alerts.create(alert) else {
            var output = try await page(for: owner)
            output.input = input
            output.errors = [
                .form: Message(
                    "You have {count} alerts, the most one account may keep. Delete one first.",
                    ["count": .number(String(type(of: alerts).maxPerUser))])
            ]
            return .invalid(output)
        }
        return .created
    }

    func delete(_ id: String?, for user: User?) async throws {
        let owner = try Self.required(user)
        guard let id = id.flatMap(UUID.init(uuidString:)), try await alerts.delete(id: id, owner: owner.id) else {
            throw Alerts.Failure.notFound
        }
    }

    /// The watch's webhook on again after it was switched off.
    func resume(_ id: String?, for user: User?) async throws {
        let owner = try Self.required(user)
        guard let id = id.flatMap(UUID.init(uuidString:)), var alert = try await alerts.alert(id: id, owner: owner.id) else {
            throw Alerts.Failure.notFound
        }
        alert.webhookOff = nil
        _ = try await alerts.update(alert)
    }

    func rotateFeed(for user: User?) async throws {
        _ = try await alerts.rotateFeedToken(owner: Self.required(user).id)
    }

    /// The notices of the feed `token` names (`{token}.atom`); a 404 for any other.
    func feed(_ path: String?) async throws -> [AlertNotice] {
        guard let path, path.hasSuffix(".atom"), case let token = String(path.dropLast(".atom".count)), !token.isEmpty, token.count <= 64,
            let owner = try await alerts.owner(ofFeedToken: token)
        else { throw Alerts.Failure.notFound }
        return try await alerts.notices(owner: owner, limit: Self.noticesShown)
    }

    static func required(_ user: User?) throws(Alerts.Failure) -> User {
        guard let user else { throw .signInRequired }
        return user
    }

    private static func code(_ text: String?) -> String? {
        guard let code = text?.trimmingCharacters(in: .whitespaces).uppercased(), Currency.isWellFormedCode(code) else { return nil }
        return code
    }

    /// A positive number as typed (a comma as the decimal point), at most 15 + 8 digits.
    private static func number(_ text: String?) -> Decimal? {
        guard let text = text?.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: "."), !text.isEmpty,
            text.utf8.count <= 24, let amount = try? Amount.parse(text)
        else { return nil }
        return amount.value
    }
}

extension Optional {
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async -> T) async -> T? {
        switch self {
        case .some(let value): await transform(value)
        case .none: nil
        }
    }
}
