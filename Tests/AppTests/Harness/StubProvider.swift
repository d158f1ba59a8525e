import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

/// A rates provider on loopback that serves the real formats and every fault a refresh must
/// survive, one path per behaviour. `/current.json` serves whatever the test sets.
final class StubProvider: Sendable {
    enum Path: String, CaseIterable, Sendable {
        case exchangeRateAPI = "/er-api/latest/USD"
        case exchangeRateAPIError = "/er-api/error"
        case ecbDaily = "/ecb/daily.xml"
        /// The same document dated the tests' today (2025-05-12), with USD at 1.1300.
        case ecbDailyToday = "/ecb/daily-today.xml"
        case ecbHistory = "/ecb/hist-90d.xml"
        /// The ECB's full-history zip, cut to five days (``Fixtures/sampleArchive``).
        case ecbFullHistory = "/ecb/eurofxref-hist.zip"
        /// A 100 kB zip whose CSV inflates to 100 MB (``ZipBomb/hundredMegabytes``).
        case ecbFullHistoryBomb = "/ecb/bomb.zip"
        case html = "/html"
        case garbage = "/garbage"
        case partialJSON = "/partial.json"
        case partialXML = "/partial.xml"
        case negativeRate = "/negative.json"
        case fewCurrencies = "/few.json"
        case futureDate = "/future.json"
        case badCode = "/bad-code.json"
        case serverError = "/500"
        case empty = "/empty"
        case current = "/current.json"
        /// The ExchangeRate-API document after a delay, so two refreshes overlap.
        case slowExchangeRateAPI = "/slow/er-api"
        /// 400 MB of whitespace, chunked, without a length: sent as fast as the client reads.
        case huge = "/huge"
        /// A redirect to the ExchangeRate-API document on this same host.
        case redirectSameHost = "/redirect/same"
        /// A redirect to the same stub, but named `localhost`: another host.
        case redirectOtherHost = "/redirect/other"
        /// A redirect to itself, forever.
        case redirectLoop = "/redirect/loop"
        /// The ExchangeRate-API document, its length declared, a byte every half second: a
        /// publisher that answers at once and never finishes within any sensible limit.
        case drip = "/drip"
    }

    static let hugeBytes = 400 << 20

    private final class State: Sendable {
        let current = NIOLockedValueBox("")
        let hits = NIOLockedValueBox<[Path: Int]>([:])
        let hugeBytesSent = NIOLockedValueBox(0)
        let dripBytesSent = NIOLockedValueBox(0)
        let port = NIOLockedValueBox(0)
    }

    private let app: Application
    private let state: State
    let port: Int

    private init(app: Application, state: State, port: Int) {
        self.app = app
        self.state = state
        self.port = port
    }

    static func document(_ name: String) throws -> String {
        let url = Fixtures.resource(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The ExchangeRate-API fixture (162 currencies, 2023-12-03) with its time or some rates changed.
    static func exchangeRateAPI(time: Int = exchangeRateAPITime, rates replacements: [String: String] = [:]) throws -> String {
        var text = try document("exchangerate-api-latest-USD.json")
            .replacingOccurrences(of: "\"time_last_update_unix\":1701561751", with: "\"time_last_update_unix\":\(time)")
        for (code, value) in replacements {
            text = text.replacing(try Regex("\"\(code)\":[0-9.eE+-]+"), with: "\"\(code)\":\(value)")
        }
        return text
    }

    /// 2025-05-11T00:02:31Z
    static let exchangeRateAPITime = 1_746_921_751

    /// On `port` if given (one a stopped stub had, to play a provider coming back), else on a free one.
    static func start(delay: Duration = .milliseconds(500), port: Int = 0) async throws -> StubProvider {
        _ = quietLogging
        // Re-dated to 2025-05-11, between the bundled snapshot (2025-05-09) and the tests' today.
        let erAPI = try exchangeRateAPI(time: exchangeRateAPITime)
        let ecbDaily = try document("ecb-daily.xml")
        let documents: [Path: (type: String, body: String)] = [
            .exchangeRateAPI: ("application/json", erAPI),
            .ecbDaily: ("text/xml", ecbDaily),
            .ecbDailyToday: (
                "text/xml",
                ecbDaily.replacingOccurrences(of: "time='2025-05-09'", with: "time='2025-05-12'")
                    .replacingOccurrences(of: "currency='USD' rate='1.1252'", with: "currency='USD' rate='1.1300'")
            ),
            .ecbHistory: ("text/xml", try document("ecb-history.xml")),
            .html: ("text/html", "<!doctype html><html><head><title>Maintenance</title></head><body><p>Back soon</p></body></html>"),
            .garbage: ("application/octet-stream", "\u{1}\u{2}\u{FF} not a document \u{0}"),
            .partialJSON: ("application/json", String(erAPI.prefix(erAPI.count / 2))),
            .partialXML: ("text/xml", String(ecbDaily.prefix(ecbDaily.count / 2))),
            .negativeRate: ("application/json", try exchangeRateAPI(rates: ["EUR": "-0.919028"])),
            .exchangeRateAPIError: ("application/json", #"{"result":"error","error-type":"unsupported-code"}"#),
            .fewCurrencies: (
                "application/json",
                #"{"result":"success","base_code":"USD","time_last_update_unix":1746921751,"rates":{"USD":1,"EUR":0.919028,"GBP":0.788614}}"#
            ),
            .futureDate: ("application/json", try exchangeRateAPI(time: 1_900_000_000)),
            .badCode: ("application/json", erAPI.replacingOccurrences(of: "\"EUR\":", with: "\"eur\":")),
            .empty: ("application/json", ""),
            .slowExchangeRateAPI: ("application/json", erAPI),
        ]

        let app = try await Application.make(.testing)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = port
        let state = State()
        for path in Path.allCases {
            let components = path.rawValue.split(separator: "/").map { PathComponent(stringLiteral: String($0)) }
            app.get(components) { _ async throws -> Response in
                state.hits.withLockedValue { $0[path, default: 0] += 1 }
                switch path {
                case .ecbFullHistory:
                    return Response(
                        status: .ok, headers: ["Content-Type": "application/zip"],
                        body: .init(data: try Data(contentsOf: Fixtures.sampleArchive)))
                case .ecbFullHistoryBomb:
                    return Response(
                        status: .ok, headers: ["Content-Type": "application/zip"],
                        body: .init(data: await ZipBomb.hundredMegabytes()))
                case .serverError:
                    return Response(status: .internalServerError, body: "oops")
                case .current:
                    return Response(
                        status: .ok, headers: ["Content-Type": "application/json"],
                        body: .init(string: state.current.withLockedValue { $0 }))
                case .huge:
                    return Response(
                        status: .ok, headers: ["Content-Type": "application/json"],
                        body: .init(asyncStream: { writer in
                            let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 64 << 10)
                            do {
                                for _ in 0..<(hugeBytes / chunk.readableBytes) {
                                    try await writer.write(.buffer(chunk))
                                    state.hugeBytesSent.withLockedValue { $0 += chunk.readableBytes }
                                }
                                try await writer.write(.end)
                            } catch {
                                // The client hung up: exactly what it should do. (Vapor wants to be told.)
                                try? await writer.write(.error(error))
                            }
                        }))
                case .drip:
                    let body = Array(erAPI.utf8)
                    return Response(
                        status: .ok, headers: ["Content-Type": "application/json", "Content-Length": String(body.count)],
                        body: .init(asyncStream: { writer in
                            do {
                                for byte in body {
                                    try await writer.write(.buffer(ByteBuffer(bytes: [byte])))
                                    state.dripBytesSent.withLockedValue { $0 += 1 }
                                    try await Task.sleep(for: .milliseconds(500))
                                }
                                try await writer.write(.end)
                            } catch {
                                try? await writer.write(.error(error))
                            }
                        }))
                case .redirectSameHost, .redirectOtherHost, .redirectLoop:
                    let target =
                        switch path {
                        case .redirectSameHost: Path.exchangeRateAPI.rawValue
                        case .redirectOtherHost: "http://localhost:\(state.port.withLockedValue { $0 })\(Path.exchangeRateAPI.rawValue)"
                        default: Path.redirectLoop.rawValue
                        }
                    return Response(status: .found, headers: ["Location": target])
                default:
                    if path == .slowExchangeRateAPI { try await Task.sleep(for: delay) }
                    let document = documents[path]!
                    return Response(status: .ok, headers: ["Content-Type": document.type], body: .init(string: document.body))
                }
            }
        }
        try await app.server.start(address: nil)
        let port = try #require(app.http.server.shared.localAddress?.port)
        state.port.withLockedValue { $0 = port }
        return StubProvider(app: app, state: state, port: port)
    }

    func url(_ path: Path) -> URL { URL(string: "http://127.0.0.1:\(port)\(path.rawValue)")! }

    func setCurrent(_ body: String) { state.current.withLockedValue { $0 = body } }

    func hits(_ path: Path) -> Int { state.hits.withLockedValue { $0[path, default: 0] } }

    /// How much of ``Path/huge`` went out before the client stopped reading.
    var hugeBytesSent: Int { state.hugeBytesSent.withLockedValue { $0 } }

    /// How many bytes of ``Path/drip`` went out so far.
    var dripBytesSent: Int { state.dripBytesSent.withLockedValue { $0 } }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

/// A loopback port that accepts connections and never answers: a provider that hangs.
final class SilentServer: Sendable {
    private let channel: any Channel
    let port: Int

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    static func start() async throws -> SilentServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { _ in MultiThreadedEventLoopGroup.singleton.next().makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        return SilentServer(channel: channel, port: try #require(channel.localAddress?.port))
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/never")! }

    func stop() async throws { try await channel.close() }
}

/// An unused loopback port: connecting to it is refused.
func refusedURL() -> URL { URL(string: "http://127.0.0.1:9/rates")! }
