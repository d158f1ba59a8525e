import Core
import Persistence
import SQLKit
import ServiceInterfaces
import Vapor
import Web

/// Endpoints for load balancers, orchestrators and operators (see docs/OPERATIONS.md):
///
/// - `GET /health/live` (and `/healthz`, its old name): the process is up and serving HTTP.
///   Never touches the database, so an outage does not get instances restarted for nothing.
/// - `GET /health/ready`: this instance can serve every page: the database answered a query
///   within a second, rates are loaded, and it is not shutting down. 503 otherwise, with what
///   is wrong, as JSON (`"draining": true` once SIGTERM has arrived).
/// - `GET /health/providers`: each enabled provider's newest stored day, how many days it is
///   behind its cadence, the days of its answers refused by validation over the last week, and
///   its last success and last failure with the reason, and why it is skipped (a feed whose
///   API key is unset), as JSON
///   (what the admin page's health table shows).
enum HealthRoutes {
    static let readinessTimeout: Duration = .seconds(1)

    struct Readiness: Encodable {
        let ready: Bool
        let draining: Bool
        let database: String
        let rates: String
    }

    /// One provider in `/health/providers`.
    struct Provider: Encodable {
        let provider: String
        let name: String
        let newestDay: String?
        let daysBehind: Int?
        let failing: Bool
        /// Days of its answers refused by validation over the last week.
        let refusedDays: Int
        let lastSuccess: Attempt?
        let lastFailure: Attempt?
        /// Why an enabled provider is not fetched at all (its API key is unset); absent otherwise.
        let skipped: String?

        struct Attempt: Encodable {
            let at: Date
            let kind: String
            let message: String
        }

        init(_ health: ProviderHealth, today: CalendarDate) {
            provider = health.source.id.rawValue
            name = health.source.name
            newestDay = health.newestDay?.description
            daysBehind = health.daysBehind(on: today)
            failing = health.isFailing
            refusedDays = health.refusedDays
            lastSuccess = health.lastSuccess.map { Attempt(at: $0.startedAt, kind: $0.kind.rawValue, message: $0.message.english) }
            lastFailure = health.lastFailure.map { Attempt(at: $0.startedAt, kind: $0.kind.rawValue, message: $0.message.english) }
            skipped = health.skipped?.english
        }

        enum CodingKeys: String, CodingKey {
            case provider, name, failing, skipped
            case newestDay = "newest_day"
            case daysBehind = "days_behind"
            case refusedDays = "refused_days_7d"
            case lastSuccess = "last_success"
            case lastFailure = "last_failure"
        }
    }

    static func register(on routes: any RoutesBuilder, services: AppServices) {
        let live: @Sendable (Request) -> String = { _ in "ok" }
        routes.get(SiteURL.Route.healthLive.pathComponents, use: live)
        routes.get(SiteURL.Route.healthz.pathComponents, use: live)
        routes.get(SiteURL.Route.healthReady.pathComponents) { _ async throws -> Response in
            let database: String
            do {
                try await services.database.run(timeout: readinessTimeout) { database in
                    guard let sql = database as? any SQLDatabase else { return }
                    try await sql.raw("SELECT 1").run()
                }
                database = "ok"
            } catch let outage as DatabaseUnavailable {
                database = "unavailable: \(outage.logDescription)"
            } catch {
                database = "failing: \(String(describing: error).prefix(200))"
            }
            let snapshot = services.currentRates.loaded
            let rates = snapshot.map { "ok: \($0.source) of \($0.effectiveDate)" } ?? "none loaded"
            let draining = services.draining.isSet
            let readiness = Readiness(
                ready: database == "ok" && snapshot != nil && !draining, draining: draining,
                database: database, rates: rates)
            var headers: HTTPHeaders = ["Cache-Control": "no-store"]
            if !readiness.ready { headers.add(name: "Retry-After", value: String(DatabaseUnavailable.retryAfterSeconds)) }
            return try Response.json(readiness, status: readiness.ready ? .ok : .serviceUnavailable, headers: headers)
        }
        routes.get(SiteURL.Route.healthProviders.pathComponents) { _ async throws -> Response in
            let today = CalendarDate(containing: services.now())
            let providers = try await services.refresher.health().map { Provider($0, today: today) }
            return try Response.json(["providers": providers], status: .ok, headers: ["Cache-Control": "no-store"])
        }
    }
}
