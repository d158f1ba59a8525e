import Foundation
import Testing

@testable import App
@testable import Core
@testable import ServiceInterfaces

/// What makes a notice, how it is signed, and where a webhook may not go.
@Suite("Rate alerts: conditions, signatures, refused addresses")
struct AlertRulesTests {
    static func d(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test("a line is crossed from the other side; a move is measured from the last notice; each day always")
    func conditions() {
        let above = AlertCondition.above(Self.d("0.92"))
        #expect(above.fires(rate: Self.d("0.92"), previous: Self.d("0.9199"), base: nil))
        #expect(!above.fires(rate: Self.d("0.93"), previous: Self.d("0.925"), base: nil), "already above: no new crossing")
        #expect(!above.fires(rate: Self.d("0.91"), previous: Self.d("0.90"), base: nil))
        #expect(above.fires(rate: Self.d("0.95"), previous: nil, base: nil), "the first day looked at, above")
        let below = AlertCondition.below(Self.d("150"))
        #expect(below.fires(rate: Self.d("149.99"), previous: Self.d("150.01"), base: nil))
        #expect(!below.fires(rate: Self.d("149"), previous: Self.d("150"), base: nil), "at the line is already there")
        let move = AlertCondition.move(percent: Self.d("2"))
        #expect(move.fires(rate: Self.d("1.02"), previous: Self.d("1.019"), base: 1))
        #expect(move.fires(rate: Self.d("0.98"), previous: nil, base: 1))
        #expect(!move.fires(rate: Self.d("1.0199"), previous: nil, base: 1))
        #expect(!move.fires(rate: 2, previous: nil, base: nil), "no base yet: nothing to move from")
        #expect(AlertCondition.eachDay.fires(rate: 1, previous: 1, base: 1))
        for kind in AlertCondition.Kind.allCases {
            let condition = AlertCondition(kind: kind, value: 3)
            #expect(condition?.kind == kind)
        }
        #expect(AlertCondition(kind: .above, value: nil) == nil)
    }

    @Test("signed as the Standard Webhooks specification's own example, and with a secret of a new watch")
    func signature() {
        // The specification's test vector (standard-webhooks, spec/standard-webhooks.md and its libraries' tests).
        let signature = StandardWebhook.signature(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Array(#"{"test": 2432232314}"#.utf8),
            secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        let secret = StandardWebhook.newSecret()
        #expect(secret.hasPrefix("whsec_") && Data(base64Encoded: String(secret.dropFirst(6)))?.count == 24)
        #expect(StandardWebhook.newSecret() != secret)
        #expect(StandardWebhook.signature(id: "a", timestamp: 1, body: [], secret: "not-a-secret") == nil)
    }

    @Test("loopback, private, link-local, metadata and reserved addresses are refused unless the operator allows them")
    func refusedAddresses() async throws {
        for refused in [
            "http://127.0.0.1:9000/hook", "http://169.254.169.254/latest/meta-data", "http://10.1.2.3/", "http://172.20.0.1/",
            "http://192.168.1.1/", "http://100.64.0.1/", "http://0.0.0.0/", "http://[::1]/", "http://[fe80::1]/", "http://[fd00:ec2::254]/",
            "http://[::ffff:127.0.0.1]/", "http://localhost:8080/", "http://metadata.google.internal/computeMetadata/v1/",
            "http://224.0.0.1/",
        ] {
            let url = try WebhookAddress.url(refused)
            await #expect(throws: WebhookAddress.Refusal.self, "\(refused)") {
                try await WebhookAddress.check(url, allowPrivate: false, resolve: HostResolver.addresses(of:))
            }
            try await WebhookAddress.check(url, allowPrivate: true, resolve: HostResolver.addresses(of:))
        }
        for allowed in ["http://93.184.215.14/hook", "https://[2606:4700::1111]/x", "http://8.8.8.8:8080/"] {
            try await WebhookAddress.check(try WebhookAddress.url(allowed), allowPrivate: false, resolve: HostResolver.addresses(of:))
        }
        for malformed in ["ftp://example.org/", "example.org/hook", "https://user:pass@example.org/", "http:///nohost", ""] {
            #expect(throws: WebhookAddress.Refusal.malformed, "\(malformed)") { try WebhookAddress.url(malformed) }
        }
        #expect(throws: WebhookAddress.Refusal.malformed) {
            try WebhookAddress.url("https://example.org/" + String(repeating: "a", count: 2_000))
        }
    }

    @Test("the webhook's body: the envelope, the day, the rate, the condition and the converter's address")
    func payload() throws {
        let notice = AlertNotice(
            id: UUID(), alertID: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!, ownerID: UUID(), from: "USD", to: "EUR",
            source: "ecb", day: CalendarDate(iso8601: "2026-10-30")!, rate: "0.9234", previousRate: "0.9199",
            condition: .above(Self.d("0.92")), createdAt: Date(timeIntervalSince1970: 1_793_318_400), webhook: .pending, email: .none)
        let json = String(decoding: try AlertPayload(notice, publicURL: URL(string: "https://rates.example.org/")).json(), as: UTF8.self)
        #expect(
            json
                == #"{"data":{"alert_id":"6f9619ff-8b86-d011-b42d-00cf4fc964ff","condition":{"kind":"above","value":"0.92"},"day":"2026-10-30","from":"USD","previous_rate":"0.9199","rate":"0.9234","source":"ecb","to":"EUR","url":"https://rates.example.org/?from=USD&to=EUR&amount=1&date=2026-10-30&source=ecb"},"timestamp":"2026-10-30T00:00:00Z","type":"rate.alert"}"#
        )
    }

    @Test("a mail server named by its address is checked against the address, not asked for it by name (SNI takes none)")
    func mailServerName() {
        #expect(MailSender.serverName("mail.example.org") == "mail.example.org")
        #expect(MailSender.serverName("127.0.0.1") == nil)
        #expect(MailSender.serverName("::1") == nil)
        #expect(MailSender.serverName("[2001:db8::25]") == nil)
    }
}
