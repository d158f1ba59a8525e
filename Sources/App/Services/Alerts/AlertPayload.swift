import Core
import Foundation

/// A notice as its webhook's JSON body (documented in `openapi.yaml` under `webhooks`): the
/// Standard Webhooks envelope (`type`, `timestamp`, `data`) around the day, the rate and the condition.
struct AlertPayload: Encodable, Equatable {
    struct Condition: Encodable, Equatable {
        let kind: String
        /// The figure (`above`, `below`) or the percentage (`move`); absent for `each-day`.
        let value: String?
    }

    struct Notice: Encodable, Equatable {
        let alertID: String
        let from: String
        let to: String
        let source: String
        let day: String
        let rate: String
        let previousRate: String?
        let condition: Condition
        /// The converter on that day (absolute with `PUBLIC_URL`, else a path).
        let url: String

        enum CodingKeys: String, CodingKey {
            case from, to, source, day, rate, condition, url
            case alertID = "alert_id"
            case previousRate = "previous_rate"
        }
    }

    let type: String
    let timestamp: String
    let data: Notice

    static let type = "rate.alert"

    init(_ notice: AlertNotice, publicURL: URL?) {
        type = Self.type
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        timestamp = formatter.string(from: notice.createdAt)
        data = Notice(
            alertID: notice.alertID.uuidString.lowercased(), from: notice.from, to: notice.to, source: notice.source.rawValue,
            day: notice.day.description, rate: notice.rate, previousRate: notice.previousRate,
            condition: Condition(kind: notice.condition.kind.rawValue, value: notice.condition.value?.plainText),
            url: SiteURL.noticed(notice).absolute(under: publicURL))
    }

    func json() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }
}
