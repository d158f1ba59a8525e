import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Fetching a provider's document: a refused connection is reported at once, after one more try")
struct HTTPDocumentFetcherTests {
    /// A client configured as `configure` configures the app's.
    func withClient(_ test: (HTTPClient) async throws -> Void) async throws {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do { try await test(client) } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test("nobody listening: connection refused well before the 60-second limit")
    func refused() async throws {
        try await withClient { client in
            // A limit far above the bound, so a busy machine cannot blur the two.
            let fetcher = HTTPDocumentFetcher(client: { client }, timeout: 60)
            let started = ContinuousClock.now
            await #expect(throws: RatesProviderError.unreachable("connection refused")) { try await fetcher.fetch(refusedURL()) }
            // Half the limit: room for the seconds a thread takes to come free while hundreds of tests start.
            #expect(ContinuousClock.now - started < .seconds(30))
        }
    }

    @Test("a provider back within the pause (a restart) is read on the second try, after the pause")
    func backOnTheSecondTry() async throws {
        // Refused, and kept from other tests' servers, until the provider comes back on it.
        let reserved = try ReservedPort()
        let port = reserved.port
        try await withClient { client in
            let attempts = NIOLockedValueBox(0)
            let restarted = NIOLockedValueBox<StubProvider?>(nil)
            var fetcher = HTTPDocumentFetcher(
                client: {
                    attempts.withLockedValue { $0 += 1 }
                    return client
                }, timeout: 60) // the pause starts a server: room for a machine busy starting tests
            // given the first try refused (nothing listens), the provider comes back during the pause
            fetcher.pauseBeforeReconnecting = {
                #expect(attempts.withLockedValue { $0 } == 1)
                reserved.release()
                let second = try await StubProvider.start(port: port)
                restarted.withLockedValue { $0 = second }
            }
            // then the second try reads it
            let text = String(
                decoding: try await fetcher.fetch(URL(string: "http://127.0.0.1:\(port)\(StubProvider.Path.ecbDaily.rawValue)")!),
                as: UTF8.self)
            #expect(text.contains("time='2025-05-09'"))
            let second = try #require(restarted.withLockedValue { $0 })
            #expect(attempts.withLockedValue { $0 } == 2 && second.hits(.ecbDaily) == 1)
            try await second.stop()
        }
    }

    @Test("the pause before the second try is half a second")
    func pause() async throws {
        let fetcher = HTTPDocumentFetcher(client: { fatalError("not called") }, timeout: 10)
        let started = ContinuousClock.now
        try await fetcher.pauseBeforeReconnecting()
        #expect(ContinuousClock.now - started >= .milliseconds(500))
    }
}
