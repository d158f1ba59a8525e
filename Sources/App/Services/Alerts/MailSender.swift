import Core
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Persistence

/// Sends an alert's e-mail through the operator's SMTP server (`SMTP_URL`): EHLO, STARTTLS
/// (required, and the server's certificate verified, unless the URL is `smtp+insecure://` to a
/// server on loopback), AUTH PLAIN with the URL's user and password when it has them, then one
/// message. Bounded: ``timeout`` for the whole exchange, each reply at most ``maxReplyBytes``.
struct MailSender: Sendable {
    let server: URL
    let from: String
    let group: any EventLoopGroup
    /// Certificates to trust besides the system's (`SMTP_CA_FILE`), for a server with its own.
    var caFile: String? = nil
    var timeout: Duration = .seconds(20)
    static let maxReplyBytes = 64 * 1024

    struct Failure: Error {
        let reason: String
    }

    /// Sends `message` to `recipient`.
    func send(_ message: MailMessage, to recipient: String) async -> WebhookSender.Outcome {
        guard let host = server.host else { return .refused("SMTP_URL has no host") }
        let insecure = server.scheme?.lowercased() == "smtp+insecure"
        let port = server.port ?? (insecure ? 25 : 587)
        do {
            try await Deadline.run(within: timeout) {
                try await exchange(host: host, port: port, insecure: insecure, message: message, recipient: recipient)
            }
            return .sent
        } catch let failure as Failure {
            return .failed(failure.reason)
        } catch let error as NIOSSLError {
            return .failed(String("TLS with the mail server failed (is its certificate trusted? See SMTP_CA_FILE): \(error)".prefix(240)))
        } catch is DeadlineExceeded {
            return .failed("no answer from the mail server within \(timeout.components.seconds) s")
        } catch {
            return .failed(String(String(describing: error).prefix(120)))
        }
    }

    private func exchange(host: String, port: Int, insecure: Bool, message: MailMessage, recipient: String) async throws {
        let channel = try await ClientBootstrap(group: group).connectTimeout(.seconds(10)).connect(host: host, port: port) { channel in
            channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
        }
        try await channel.executeThenClose { inbound, outbound in
            var session = Session(inbound: inbound.makeAsyncIterator(), outbound: outbound)
            try await session.expect(220)
            var extensions = try await session.command("EHLO currency-converter", expect: 250)
            if !insecure {
                guard extensions.contains(where: { $0.uppercased().hasPrefix("STARTTLS") }) else {
                    throw Failure(reason: "the mail server does not offer STARTTLS")
                }
                _ = try await session.command("STARTTLS", expect: 220)
                var configuration = TLSConfiguration.makeClientConfiguration()
                if let caFile { configuration.additionalTrustRoots = [.file(caFile)] }
                let handler = try NIOSSLClientHandler(
                    context: NIOSSLContext(configuration: configuration), serverHostname: Self.serverName(host))
                try await channel.channel.pipeline.addHandler(handler, position: .first)
                extensions = try await session.command("EHLO currency-converter", expect: 250)
            }
            if let user = server.user?.removingPercentEncoding, !user.isEmpty {
                let password = server.password?.removingPercentEncoding ?? ""
                let credentials = Data(([0] + Array(user.utf8) + [0] + Array(password.utf8))).base64EncodedString()
                _ = try await session.command("AUTH PLAIN " + credentials, expect: 235)
            }
            _ = try await session.command("MAIL FROM:<\(from)>", expect: 250)
            _ = try await session.command("RCPT TO:<\(recipient)>", expect: 250, or: 251)
            _ = try await session.command("DATA", expect: 354)
            try await session.write(message.data(from: from, to: recipient))
            try await session.expect(250)
            try? await session.write("QUIT\r\n")
        }
    }

    /// The name to ask the server's certificate for: a server named by its address has none to
    /// send (SNI takes no address), and its certificate is checked against the address instead.
    static func serverName(_ host: String) -> String? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return (try? SocketAddress(ipAddress: bare, port: 0)) == nil ? host : nil
    }

    /// One SMTP conversation's reading and writing.
    private struct Session {
        var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
        var pending: [UInt8] = []

        mutating func write(_ text: String) async throws {
            try await outbound.write(ByteBuffer(string: text))
        }

        /// Sends `line` and reads the reply, which must be `code` (or `other`); its lines' texts.
        mutating func command(_ line: String, expect code: Int, or other: Int? = nil) async throws -> [String] {
            try await write(line + "\r\n")
            return try await expect(code, or: other)
        }

        @discardableResult
        mutating func expect(_ code: Int, or other: Int? = nil) async throws -> [String] {
            var lines: [String] = []
            while true {
                let line = try await readLine()
                guard line.count >= 3, let replied = Int(line.prefix(3)) else {
                    throw Failure(reason: "the mail server said \(line.prefix(80))")
                }
                lines.append(String(line.dropFirst(4)))
                if line.count == 3 || line[line.index(line.startIndex, offsetBy: 3)] == " " {
                    guard replied == code || replied == other else {
                        throw Failure(reason: "the mail server answered \(line.prefix(120))")
                    }
                    return lines
                }
            }
        }

        private mutating func readLine() async throws -> String {
            while true {
                if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[..<end].last == UInt8(ascii: "\r") ? pending[..<(end - 1)] : pending[..<end]
                    defer { pending.removeSubrange(...end) }
                    return String(decoding: line, as: UTF8.self)
                }
                guard pending.count <= MailSender.maxReplyBytes else { throw Failure(reason: "the mail server's reply is too long") }
                guard var buffer = try await inbound.next() else { throw Failure(reason: "the mail server closed the connection") }
                pending += buffer.readBytes(length: buffer.readableBytes) ?? []
            }
        }
    }
}
