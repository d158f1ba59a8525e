import Foundation
import Testing
import Vapor
import VaporTesting

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("GET /metrics in Prometheus's text format")
struct MetricsTests {
    @Test("requests by route and status, latency histograms, refreshes by outcome, snapshot age, pool waits, session cache")
    func content() async throws {
        try await withPostgresApp { app in
            try await app.testing().test(.GET, "/about") { #expect($0.status == .ok) }
            try await app.testing().test(.GET, "/rates/USD/EUR") { #expect($0.status == .ok) }
            let failed = await app.appServices.refresher.refresh(actor: nil) // the test provider refuses connections
            #expect(failed.map(\.outcome) == [.failed])
            try await app.testing().test(.GET, "/metrics") { res in
                #expect(res.status == .ok)
                #expect(res.headers.first(name: .contentType) == "text/plain; version=0.0.4; charset=utf-8")
                let text = res.body.string
                #expect(text.contains(#"http_requests_total{method="GET",path="/about",status="200"}"#))
                #expect(
                    text.contains(#"http_request_duration_seconds_bucket{method="GET",path="/rates/:from/:to",status="200",le="0.005"}"#))
                #expect(text.contains(#"rates_refreshes_total{kind="refresh",outcome="failed",source="exchangerate-api"}"#))
                #expect(text.contains("# HELP rates_snapshot_age_seconds"))
                #expect(text.contains("rates_effective_date_age_days 3"), "the bundled 2025-05-09 on the tests' 2025-05-12")
                #expect(text.contains("database_connection_wait_seconds_count"))
                for gauge in [
                    "session_cache_hits", "session_cache_misses", "session_cache_entries", "session_cache_live",
                    "contact_page_cache_hits", "contact_page_cache_entries", "contact_page_cache_live",
                    "rate_history_cache_hits", "rate_history_cache_live",
                ] {
                    #expect(text.contains("\n\(gauge) "), "\(gauge)")
                }
            }
        }
    }

    @Test("with METRICS_TOKEN, only a request bearing it gets the metrics")
    func token() async throws {
        var configuration = AppConfiguration.forTests()
        configuration.metricsToken = "0123456789abcdef-metrics"
        try await withPostgresApp(configuration: configuration) { app in
            try await app.testing().test(.GET, "/metrics") { res in
                #expect(res.status == .unauthorized)
                #expect(res.headers.first(name: .wwwAuthenticate) == "Bearer realm=\"metrics\"")
                #expect(!res.body.string.contains("http_requests_total"))
            }
            try await app.testing().test(.GET, "/metrics", headers: ["Authorization": "Bearer wrong-token-0123456789"]) {
                #expect($0.status == .unauthorized)
            }
            try await app.testing().test(.GET, "/metrics", headers: ["Authorization": "Bearer 0123456789abcdef-metrics"]) {
                #expect($0.status == .ok && $0.body.string.contains("session_cache_live"))
            }
        }
        #expect(throws: AppConfiguration.Invalid.self) { try AppConfiguration(environment: ["METRICS_TOKEN": "short"]) }
        #expect(try AppConfiguration(environment: ["SESSION_CACHE_SIZE": "0", "RESPONSE_COMPRESSION": "false"]).sessionCacheSize == 0)
    }
}
