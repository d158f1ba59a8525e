import Core
import CoreMetrics
import Foundation
import Persistence
import Prometheus
import Vapor
import Web

/// The app's metrics in Prometheus's text format at `GET /metrics`.
///
/// Through swift-metrics: Vapor's own request counts and latency histograms by route and status
/// (`http_requests_total`, `http_request_duration_seconds`, `http_request_errors_total`), and
/// the app's `rates_refreshes_total{kind,outcome}`, `rates_provider_failures_total{provider,reason}`
/// `database_connection_wait_seconds` and `/mcp`'s per tool (``MCPToolMetrics``). Read when scraped: `rates_snapshot_age_seconds`,
/// `rates_provider_age_days{provider}`, and the session and contact page caches'
/// hits, misses and size, and whether they are trusted (`session_cache_live`, `contact_page_cache_live`).
enum AppMetrics {
    /// The process's one registry; swift-metrics reports to it once ``bootstrap()`` has run.
    static let registry = PrometheusCollectorRegistry()

    /// Points swift-metrics at ``registry``. Once per process (the entry point; the tests' setup).
    static func bootstrap() { _ = bootstrapped }

    private static let bootstrapped: Void = {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Pages take milliseconds: finer buckets at the low end than the default.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
        ]
        MetricsSystem.bootstrap(factory)
    }()

    private static let snapshotAge = gauge(
        "rates_snapshot_age", "seconds",
        "Seconds since the current rates were stored.")
    private static let snapshotEffectiveAge = gauge(
        "rates_effective_date_age", "days",
        "Days between the current rates' effective date and today (UTC).")
    private static let sessionCache = CacheGauges(name: "session_cache", of: "sessions")
    private static let contactPageCache = CacheGauges(name: "contact_page_cache", of: "contact pages")
    private static let rateDaysCache = CacheGauges(name: "rate_history_cache", of: "stored days of rates")

    /// A ``ListenedCache``'s hits, misses, size and whether it is trusted.
    private struct CacheGauges {
        let hits, misses, entries, live: Prometheus.Gauge

        init(name: String, of what: String) {
            hits = AppMetrics.gauge(name, "hits", "Reads of \(what) answered from this instance's memory.")
            misses = AppMetrics.gauge(name, "misses", "Reads of \(what) that went to the database.")
            entries = AppMetrics.gauge(name, "entries", "The \(what) this instance keeps.")
            live = AppMetrics.gauge(name, "live", "1 while this instance hears every change to \(what) (LISTEN), else 0.")
        }

        func set<Value>(from cache: ListenedCache<Value>) {
            let statistics = cache.statistics
            hits.set(Double(statistics.hits))
            misses.set(Double(statistics.misses))
            entries.set(Double(cache.count))
            live.set(cache.isLive ? 1.0 : 0.0)
        }
    }

    private static func gauge(_ name: String, _ unit: String, _ help: String) -> Prometheus.Gauge {
        registry.makeGauge(descriptor: .init(metricName: name, unitName: unit, helpText: help))
    }

    /// The text a scrape gets, with the values read now.
    static func scrape(services: AppServices) async -> [UInt8] {
        if let snapshot = await services.currentRates.currentSnapshot() {
            let now = services.now()
            snapshotAge.set(now.timeIntervalSince(snapshot.storedAt))
            snapshotEffectiveAge.set(Double(snapshot.effectiveDate.days(until: CalendarDate(containing: now))))
        }
        if let newest = try? await services.rateStore.newestDays() {
            let today = CalendarDate(containing: services.now())
            for source in services.enabledProviders where source.kind != .commercial {
                guard let day = source.family.compactMap({ newest[$0] }).max() else { continue }
                registry.makeGauge(
                    name: "rates_provider_age_days", labels: [("provider", source.id.rawValue)],
                    help: "Days between the provider's newest stored day and today (UTC)."
                ).set(Double(day.days(until: today)))
            }
        }
        for (source, _) in services.refresher.skipped {
            registry.makeGauge(
                name: "rates_provider_skipped", labels: [("provider", source.id.rawValue)],
                help: "1 for an enabled provider that is not fetched (its API key is unset)."
            ).set(1.0)
        }
        sessionCache.set(from: services.caches.sessions)
        contactPageCache.set(from: services.caches.contactPages)
        rateDaysCache.set(from: services.caches.rateDays)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16 * 1024)
        registry.emit(into: &buffer)
        return buffer
    }

    /// `GET /metrics`; with `METRICS_TOKEN` set, only for `Authorization: Bearer <token>`.
    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let token = services.configuration.metricsToken
        routes.get(SiteURL.Route.metrics.pathComponents) { request async throws -> Response in
            if let token {
                let sent = request.headers.bearerAuthorization?.token ?? ""
                guard SecureToken.constantTimeEquals(sent, token) else {
                    throw Abort(
                        .unauthorized, headers: ["WWW-Authenticate": "Bearer realm=\"metrics\""],
                        reason: "The metrics need the token set in METRICS_TOKEN.")
                }
            }
            let body = await scrape(services: services)
            return Response(
                status: .ok, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(buffer: ByteBuffer(bytes: body)))
        }
    }
}
