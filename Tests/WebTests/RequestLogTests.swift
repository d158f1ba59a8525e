import Synchronization
import Testing
import Vapor

@testable import Web

@Suite("One log line per request")
struct RequestLogTests {
    /// Keeps each message logged at or above its level.
    final class Captured: LogHandler, @unchecked Sendable {
        let lines = Mutex<[String]>([])
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        init(level: Logger.Level) { logLevel = level }

        func log(event: LogEvent) {
            lines.withLock { $0.append("\(event.level) \(event.message)") }
        }
    }

    /// The lines logged for a GET of `path` with the logger at `level`.
    func logged(_ path: String, at level: Logger.Level) async throws -> [String] {
        let app = try await Application.make(.testing)
        let captured = Captured(level: level)
        let request = Request(application: app, url: URI(path: path), on: app.eventLoopGroup.next())
        request.logger = Logger(label: "test") { _ in captured }
        let answer = Responder { _ in Response(status: .ok, body: "ok") }
        _ = try await RequestLogMiddleware(quiet: ["/healthz"]).respond(to: request, chainingTo: answer).get()
        try await app.asyncShutdown()
        return captured.lines.withLock { $0 }.map { $0.replacing(/\s\d+\.\dms$/, with: " <time>") }
    }

    @Test("at info, a page's line with its status and time; health checks only at debug")
    func levels() async throws {
        #expect(try await logged("/contacts", at: .info) == ["info GET /contacts 200 <time>"])
        #expect(try await logged("/healthz", at: .info).isEmpty)
        #expect(try await logged("/healthz", at: .debug) == ["debug GET /healthz 200 <time>"])
    }

    @Test("above info (production's warning) nothing at all")
    func quietAboveInfo() async throws {
        #expect(try await logged("/contacts", at: .warning).isEmpty)
        #expect(try await logged("/healthz", at: .error).isEmpty)
    }

    @Test("a path's escapes and control characters are written visibly")
    func escapedPath() async throws {
        #expect(try await logged("/a%0Ab", at: .info) == ["info GET /a\\nb 200 <time>"])
    }

    /// A responder answering with `respond`.
    struct Responder: Vapor.Responder {
        let respond: @Sendable (Request) -> Response
        init(_ respond: @escaping @Sendable (Request) -> Response) { self.respond = respond }
        func respond(to request: Request) -> EventLoopFuture<Response> {
            request.eventLoop.makeSucceededFuture(respond(request))
        }
    }
}
