import AsyncHTTPClient
import Core
import Foundation
import NIOCore
import NIOHTTP1
import Persistence
import ServiceInterfaces

/// Posts a notice to a watch's webhook, signed (``StandardWebhook``), bounded both ways: the
/// body is a few hundred bytes; the answer is given ``timeout`` in all (connecting, the head,
/// and the body, of which at most ``maxAnswerBytes`` are read before the connection is closed);
/// redirects are not followed (the app's client refuses them: a redirect could lead anywhere).
struct WebhookSender: Sendable {
    let client: @Sendable () -> HTTPClient
    let allowPrivate: Bool
    var timeout: Duration = .seconds(10)
    static let maxAnswerBytes = 64 * 1024

    enum Outcome: Equatable {
        /// A 2xx answer.
        case sent
        /// Worth trying again: no answer, or one other than 2xx (its reason, in English for the admin and the owner).
        case failed(String)
        /// Never to be sent: the address is refused.
        case refused(String)
    }

    func send(_ body: [UInt8], id: String, timestamp: Int, to address: String, secret: String) async -> Outcome {
        let url: URL
        do {
            url = try WebhookAddress.url(address)
            try await WebhookAddress.check(url, allowPrivate: allowPrivate, resolve: HostResolver.addresses(of:))
        } catch .malformed {
            return .refused("not an http(s) address")
        } catch .privateAddress(let host) {
            return .refused("\(host) is a loopback, private, link-local or metadata address")
        } catch {
            return .failed("the host does not resolve")
        }
        guard let signature = StandardWebhook.signature(id: id, timestamp: timestamp, body: body, secret: secret) else {
            return .refused("the secret is not a whsec_ secret")
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers = [
            "Content-Type": "application/json", "User-Agent": "\(AppInfo.name)/\(AppInfo.version)", "webhook-id": id,
            "webhook-timestamp": String(timestamp), "webhook-signature": signature,
        ]
        request.body = .bytes(ByteBuffer(bytes: body))
        let client = self.client(), timeout = self.timeout, prepared = request
        do {
            let status = try await Deadline.run(within: timeout) {
                let response = try await client.execute(prepared, timeout: .seconds(timeout.components.seconds))
                var read = 0
                for try await chunk in response.body {
                    read += chunk.readableBytes
                    if read > Self.maxAnswerBytes { break }
                }
                return Int(response.status.code)
            }
            return (200..<300).contains(status) ? .sent : .failed("HTTP \(status)")
        } catch is DeadlineExceeded {
            return .failed("no answer within \(timeout.components.seconds) s")
        } catch {
            return .failed(Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}
