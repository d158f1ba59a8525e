import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing
import Vapor

@testable import App
@testable import Core
@testable import RateSources

/// The nine central banks on loopback: each publisher's document as it served it
/// (`Tests/RateSourcesTests/Resources/providers/`), at the publisher's own path, whatever the
/// query asks (the app keeps the days it asked for). The NBP answers 404 for a range without a
/// table, as it does; Norges Bank's US dollar can be skewed, to play a provider gone wrong.
final class CentralBanksStub: Sendable {
    private let app: Application
    private let hits: NIOLockedValueBox<[String: Int]>
    private let skew: NIOLockedValueBox<Decimal?>
    let port: Int

    private init(app: Application, hits: NIOLockedValueBox<[String: Int]>, skew: NIOLockedValueBox<Decimal?>, port: Int) {
        self.app = app
        self.hits = hits
        self.skew = skew
        self.port = port
    }

    static let folder = "Tests/RateSourcesTests/Resources/providers/"

    static func document(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder + name))
    }

    /// The fixture each publisher's path answers with, by the provider it is.
    static let routes: [(prefix: String, provider: String, file: String, type: String)] = [
        ("/valet/observations/group/FX_RATES_DAILY/json", "boc", "boc-valet-fx-rates-daily-2026-03-12.json", "application/json"),
        ("/cnbapi/exrates/daily-year", "cnb", "cnb-exrates-daily-year-2026.json", "application/json"),
        ("/api/exchangerates/tables/A/", "nbp", "nbp-table-a-2026-03-01..05.json", "application/json"),
        ("/api/exchangerates/tables/B/", "nbp.b", "nbp-table-b-2026-03-01..05.json", "application/json"),
        ("/scripts/XML_daily.asp", "cbr", "cbr-xml-daily.xml", "application/xml; charset=windows-1251"),
        ("/api/data/EXR/B..NOK.SP", "nb", "norges-bank-exr-b-nok-sp.csv", "text/csv"),
        ("/statistics/tables/csv/f11.1-data.csv", "rba", "rba-f11.1-data.csv", "text/csv"),
        ("/NBU_Exchange/exchange_site", "nbu", "nbu-exchange-site-2026-03.json", "application/json"),
        ("/boeapps/database/_iadb-fromshowcolumns.asp", "boe", "boe-iadb-usd-eur-spot.csv", "text/csv"),
    ]

    /// The days in the NBP's two files: a range asked for outside them is its 404.
    static let nbpDays: [String: Set<String>] = [
        "A": ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"], "B": ["2026-03-04"],
    ]

    static func start() async throws -> CentralBanksStub {
        _ = quietLogging
        var documents: [String: Data] = [:]
        for route in routes { documents[route.provider] = try document(route.file) }
        let ecbDaily = try StubProvider.document("ecb-daily-2026-03-05.xml")
        let ecbHistory = try StubProvider.document("ecb-hist-90d-2026-03-20.xml")
        let app = try await Application.make(.testing)
        app.http.server.configuration.hostname = "127.0.0.1"
        app.http.server.configuration.port = 0
        let hits = NIOLockedValueBox<[String: Int]>([:])
        let skew = NIOLockedValueBox<Decimal?>(nil)
        app.get(.catchall) { request async throws -> Response in
            let path = request.url.path
            if path.hasPrefix("/stats/eurofxref/") {
                hits.withLockedValue { $0["ecb", default: 0] += 1 }
                let body = path.hasSuffix("-90d.xml") ? ecbHistory : ecbDaily
                return Response(status: .ok, headers: ["Content-Type": "text/xml"], body: .init(string: body))
            }
            guard let route = routes.first(where: { path.hasPrefix($0.prefix) }) else { return Response(status: .notFound) }
            hits.withLockedValue { $0[route.provider, default: 0] += 1 }
            if route.provider.hasPrefix("nbp") {
                // /api/exchangerates/tables/A/2026-03-01/2026-03-05/
                let parts = path.split(separator: "/").map(String.init)
                if parts.count >= 6, let first = CalendarDate(iso8601: parts[4]), let last = CalendarDate(iso8601: parts[5]),
                    !nbpDays[parts[3], default: []].contains(where: {
                        CalendarDate(iso8601: $0).map { (first...last).contains($0) } ?? false
                    })
                {
                    return Response(status: .notFound, body: "404 NotFound - Not Found - Brak danych")
                }
            }
            var body = documents[route.provider]!
            if route.provider == "nb", let factor = skew.withLockedValue({ $0 }) { body = Self.skewed(body, by: factor) }
            return Response(status: .ok, headers: ["Content-Type": route.type], body: .init(data: body))
        }
        try await app.server.start(address: nil)
        let port = try #require(app.http.server.shared.localAddress?.port)
        return CentralBanksStub(app: app, hits: hits, skew: skew, port: port)
    }

    /// Norges Bank's US dollar rates times `factor`.
    private static func skewed(_ csv: Data, by factor: Decimal) -> Data {
        let lines = String(decoding: csv, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("B,USD,NOK,"), let comma = line.lastIndex(of: ","),
                let value = Decimal(string: String(line[line.index(after: comma)...]).trimmingCharacters(in: .whitespacesAndNewlines))
            else { return String(line) }
            return String(line[...comma]) + (value * factor).plainText
        }
        return Data(lines.joined(separator: "\n").utf8)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every official provider's origin at this stub.
    var origins: [RateSourceID: URL] { Dictionary(uniqueKeysWithValues: Self.served.map { ($0.id, url) }) }

    /// The central banks whose documents it serves.
    static let served: [RateSource] = [.ecb, .boc, .cnb, .nbp, .nbpB, .cbr, .nb, .rba, .nbu, .boe]

    func hits(_ provider: String) -> Int { hits.withLockedValue { $0[provider, default: 0] } }

    func skewNorgesBankDollar(by factor: Decimal?) { skew.withLockedValue { $0 = factor } }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

extension AppConfiguration {
    /// Every central bank whose documents `stub` serves enabled; the blend is the default source.
    /// The ECB's days from 2026-02-02 to 2026-03-04 ship with it (its own file, cut).
    static func centralBanks(_ stub: CentralBanksStub, initialAdmin: InitialAdmin? = nil) -> AppConfiguration {
        var configuration = AppConfiguration.forTests(
            initialAdmin: initialAdmin, ratesProvider: .blend, ratesProviderURL: nil,
            providers: CentralBanksStub.served.map(\.id), providerOrigins: stub.origins,
            ecbDailyURL: stub.url.appendingPathComponent("stats/eurofxref/eurofxref-daily.xml"),
            ecbHistoryURL: stub.url.appendingPathComponent("stats/eurofxref/eurofxref-hist-90d.xml"),
            bundledRatesFile: Fixtures.resource("ecb-hist-2026-02.zip"))
        // A publisher's whole exchange (every document of a range) on a machine busy with a dozen
        // other tests: what these tests check is what is stored, not how fast (the limit's own
        // tests set theirs).
        configuration.ratesTimeout = 20
        return configuration
    }
}

/// 2026-03-05 15:00 UTC: the Polish tables, the Czech fixing and the Ukrainian rates of the
/// week are out; the Canadian, Norwegian and English files start later.
let march5 = Date(timeIntervalSince1970: 1_772_722_800)
/// 2026-03-20 15:00 UTC.
let march20 = Date(timeIntervalSince1970: 1_774_018_800)
/// 2026-04-25 10:00 UTC: the Bank of Russia's file (dated 2026-04-25) is out.
let april25 = Date(timeIntervalSince1970: 1_777_111_200)
