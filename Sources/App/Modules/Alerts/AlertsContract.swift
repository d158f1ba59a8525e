import Core
import Foundation
import Web

/// Rate alerts: a signed-in user's watches on pairs at sources, their feed, and what they sent.
enum Alerts {
    /// The new watch's form as posted.
    struct Input: Decodable, Sendable, Equatable {
        var from: String?
        var to: String?
        var source: String?
        var kind: String?
        var value: String?
        var webhookURL: String?
        var email: String?

        enum CodingKeys: String, CodingKey {
            case from, to, source, kind, value, email
            case webhookURL = "webhook_url"
        }
    }

    enum Field: String, Sendable, Hashable {
        case from, to, source, kind, value, email, form
        case webhookURL = "webhook_url"
    }

    /// Why a page cannot be shown: sign in first, or a 404 (missing, malformed or someone else's).
    enum Failure: Error, Equatable {
        case signInRequired
        case notFound
    }

    /// What the page shows.
    struct Output: Sendable, Equatable {
        let alerts: [RateAlert]
        let notices: [AlertNotice]
        let feedToken: String
        let sources: [RateSource]
        let currencies: [Currency]
        /// E-mail is offered only when the operator has set a mail server.
        let emailOffered: Bool
        var input: Input = Input()
        var errors: [Field: Message] = [:]
    }

    enum Outcome: Sendable, Equatable {
        case created
        case invalid(Output)
    }

    /// What `alerts.leaf` renders.
    struct ViewModel: Encodable, Sendable, Equatable {
        let title: String
        /// What the last form did (`The alert is set.`).
        let flash: String?
        let alerts: [AlertViewModel]
        let hasAlerts: Bool
        let notices: [NoticeViewModel]
        let hasNotices: Bool
        let feedURL: String
        let rotateURL: String
        let createURL: String
        let fromOptions: SelectOptions
        let toOptions: SelectOptions
        let sourceOptions: [MenuOption]
        let kindOptions: [MenuOption]
        let value: String
        let webhookURL: String
        let email: String
        let emailOffered: Bool
        let formError: String?
        let fromError: String?
        let toError: String?
        let sourceError: String?
        let kindError: String?
        let valueError: String?
        let webhookURLError: String?
        let emailError: String?
        let hasErrors: Bool
    }

    struct AlertViewModel: Encodable, Sendable, Equatable {
        let id: String
        /// `USD → EUR · European Central Bank`
        let pair: String
        /// `When the rate rises to 0.92 or above`
        let condition: String
        let webhookURL: String?
        let webhookSecret: String
        /// Why the webhook is off, in the page's language.
        let webhookOff: String?
        let resumeURL: String
        let email: String?
        let deleteURL: String
    }

    struct NoticeViewModel: Encodable, Sendable, Equatable {
        let day: String
        let dayISO: String
        let text: String
        /// `Webhook: sent · E-mail: to be retried`
        let deliveries: String
    }
}
