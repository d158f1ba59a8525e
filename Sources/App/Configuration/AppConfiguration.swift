import Core
import Foundation
import RateSources
import Web

/// Everything the app reads from its environment, read once at start. Every variable has a
/// default; invalid values are all reported together, so one failed start lists every fix.
package struct AppConfiguration: Sendable {
    enum DatabaseKind: Sendable, Equatable {
        /// The embedded default: one SQLite file, created on demand.
        case sqlite(path: String)
        /// PostgreSQL at `url`; `searchPath` puts the app's tables in one schema (tests use it
        /// to give each suite its own schema in one database).
        case postgres(url: URL, searchPath: String? = nil)

        var isPostgres: Bool {
            if case .postgres = self { true } else { false }
        }
    }

    /// An account to create at start if no user has its email.
    struct InitialAdmin: Sendable, Equatable {
        let email: String
        let password: String
    }

    /// What this run of the executable is for, from its command line (``Environment/role``).
    enum Role: Sendable, Equatable {
        /// `App`, `App serve …`: the server, with its background jobs and change listener.
        case server
        /// `App refresh`, `App create-user …`, `App migrate`: the command's work only.
        case command
        /// Any `--help`: words printed, nothing else touched (no database, no folder).
        case help
    }

    var role: Role = .server
    var database: DatabaseKind = .sqlite(path: defaultSQLitePath)
    /// Where the About page links for the source code.
    var sourceCodeURL: String = defaultSourceCodeURL
    /// Adds `Secure` to cookies; turn on behind HTTPS.
    var cookieSecure: Bool = false
    /// Whether visitors may create their own accounts.
    var allowSignup: Bool = true
    var initialAdmin: InitialAdmin? = nil
    /// Bcrypt's work factor for new password hashes.
    var passwordHashCost: Int = 12
    /// The default source (`RATES_PROVIDER`): the blend, or one provider.
    var ratesProvider: RateSourceID = .blend
    /// The default source's newest document (a mirror, a stub); `nil` means the provider's own.
    var ratesProviderURL: URL? = nil
    /// The providers a refresh fetches (`RATES_PROVIDERS`, by id); `nil`: every central bank,
    /// tax authority and historical or international publisher. The default source, if it is
    /// a provider, is always among them (``enabledProviders(in:)``).
    var ratesProviders: [RateSourceID]? = nil
    /// Each publisher's origin (`<ID>_BASE_URL`), replacing its public one; paths and queries stay the publisher's.
    var providerOrigins: [RateSourceID: URL] = [:]
    /// Named documents' own addresses, by provider (``DocumentRequest/name``): the ECB's
    /// `ECB_DAILY_URL` (`latest`), `ECB_HISTORY_URL` (`history`), `ECB_FULL_HISTORY_URL` (`full-history`).
    var providerDocuments: [RateSourceID: [String: URL]] = [:]
    /// The API keys of the publishers whose feeds need one (`<ID>_API_KEY`); a feed without
    /// its key is skipped, and says so on the health table.
    var providerKeys: [RateSourceID: String] = [:]
    /// The rates stored on the first start (an archive in the ECB's `eurofxref-hist.zip`
    /// format); `nil` means the app's own copy of the ECB's history since 1999.
    var bundledRatesFile: URL? = nil
    /// How long a provider may take to answer.
    var ratesTimeout: TimeInterval = 10
    /// Seconds between scheduled refreshes; 0 turns the schedule off.
    var ratesRefreshInterval: Int = 0
    /// Seconds between checks for snapshots stored by other instances; 0 turns it off.
    var ratesSyncInterval: Int = 30
    /// Seconds to open a PostgreSQL connection (TCP, TLS and start-up together).
    var databaseConnectTimeout: TimeInterval = 3
    /// Seconds a request may wait for a pooled connection.
    var databasePoolTimeout: TimeInterval = 3
    /// Seconds one SQL statement may run (PostgreSQL's `statement_timeout`).
    var databaseStatementTimeout: TimeInterval = 4
    /// Seconds requests in flight get to finish after SIGTERM/SIGINT before the app stops anyway.
    var shutdownTimeout: TimeInterval = 8
    /// Seconds the app keeps serving after SIGTERM/SIGINT, with `/health/ready` answering 503,
    /// so a load balancer stops sending it new connections before it stops accepting them.
    var shutdownDelay: TimeInterval = 0
    /// Proxies whose `X-Forwarded-For` names the client (for per-client limits).
    var trustedProxies: [IPAddressRange] = []
    /// How many signed-in sessions each instance keeps in memory; 0 reads every one from the database.
    var sessionCacheSize: Int = 10_000
    /// How many contact pages each instance keeps in memory; 0 reads every page from the database.
    var contactPageCacheSize: Int = 2_000
    /// Whether every stored day's rates are kept in memory for rate history pages.
    var rateHistoryCache: Bool = true
    /// How many years before this one memory holds of each provider's days (`HISTORY_YEARS_IN_MEMORY`,
    /// `all` for every stored day): older days are read from the database when asked for, so
    /// memory does not grow with the history stored (docs/OPERATIONS.md, *Memory and start time*).
    var historyYearsInMemory: Int? = 5
    /// When set, `GET /metrics` needs `Authorization: Bearer <token>`.
    var metricsToken: String? = nil
    /// gzip or deflate responses for clients that accept them (off when a proxy in front compresses).
    var responseCompression: Bool = true
    /// `POST /mcp`, the Model Context Protocol endpoint for AI assistants (`MCP_ENABLED`).
    var mcpEnabled: Bool = true
    /// The `Origin`s `/mcp` accepts (`MCP_ALLOWED_ORIGINS`, comma-separated): none by default, so
    /// browsers are refused (DNS rebinding) and clients that send no `Origin` work.
    var mcpAllowedOrigins: Set<String> = []
    /// The site's address as visitors reach it (`PUBLIC_URL`): links in webhooks and e-mails,
    /// which are read away from the site. Without it they are paths.
    var publicURL: URL? = nil
    /// Webhooks to loopback, private, link-local and metadata addresses (`ALERTS_ALLOW_PRIVATE_TARGETS`).
    var alertsAllowPrivateTargets: Bool = false
    /// The waits before each retry of a failed delivery, in seconds (`ALERTS_RETRY_DELAYS`).
    var alertsRetryDelays: [Double] = [10, 60, 300, 1_800, 7_200]
    /// How often due deliveries are looked for, in seconds (`ALERTS_POLL_INTERVAL`; 0: only
    /// after days are stored). Every watch is looked at every 30 of these.
    var alertsPollInterval: Double = 2
    /// The mail server for alerts' e-mails (`SMTP_URL`: `smtp://user:password@host:587`,
    /// upgraded with STARTTLS; `smtp+insecure://` only for a server on loopback), and the
    /// sender (`SMTP_FROM`). Without it, e-mail is not offered.
    var smtpURL: URL? = nil
    var smtpFrom: String = "alerts@localhost"
    /// A PEM file of certificates to trust for the mail server besides the system's (`SMTP_CA_FILE`).
    var smtpCAFile: String? = nil

    /// The limit on one piece of database work: waiting for a connection, connecting and its
    /// queries together. A second past the longest of the three, so that PostgreSQL's own
    /// `statement_timeout` fires first when the server is merely slow.
    var databaseWorkTimeout: Duration {
        .seconds(max(databaseConnectTimeout, databasePoolTimeout, databaseStatementTimeout) + 1)
    }

    /// `name@domain`, printable ASCII, no spaces or angle brackets (what an SMTP envelope takes as is).
    static func isMailbox(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return text.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && text.unicodeScalars.allSatisfy { $0.value > 32 && $0.value < 127 && !"<>()[],;:\\\"".unicodeScalars.contains($0) }
    }

    static let defaultSQLitePath = "data/app.sqlite"
    static let defaultSourceCodeURL = "https://github.com/currency-converter/currency-converter"

    /// The providers a refresh fetches, in `catalog`'s order: ``ratesProviders`` and the default
    /// source's provider.
    func enabledProviders(in catalog: ProviderCatalog) -> [RateSource] {
        let chosen = Set(ratesProviders ?? (catalog.official + catalog.taxAndCustoms + catalog.reference).map(\.id))
        return catalog.fetchable.filter { chosen.contains($0.id) || $0.id == ratesProvider }
    }

    /// The addresses of `source`'s named documents: those configured, and `RATES_PROVIDER_URL`
    /// as the newest document of the default source.
    func movedDocuments(of source: RateSourceID) -> [String: URL] {
        var moved = providerDocuments[source] ?? [:]
        if source == ratesProvider, let url = ratesProviderURL { moved["latest"] = url }
        return moved
    }

    /// `NBP_BASE_URL`, `NBP_B_BASE_URL`, `EXCHANGERATE_API_BASE_URL`: a provider's id in capitals,
    /// `.` and `-` as `_`.
    static func originVariable(of source: RateSource) -> String {
        source.id.key.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_") + "_BASE_URL"
    }

    /// `BANXICO_API_KEY`: the variable holding the API key of a publisher whose feed needs one.
    static func keyVariable(of source: RateSource) -> String {
        source.id.key.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_") + "_API_KEY"
    }

    package struct Invalid: Error, CustomStringConvertible {
        let problems: [String]

        package var description: String {
            "The app cannot start; fix these environment variables:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        }
    }
}

extension AppConfiguration {
    /// Reads every variable docs/CONFIGURATION.md lists; those naming a provider name one of `declarations`.
    package init(environment: [String: String], declarations: [ProviderDeclaration] = ProviderKit.declarations) throws(Invalid) {
        self.init()
        let fetchable = declarations.map(\.source)
        func provider(named name: String) -> RateSource? { RateSourceID(name).flatMap { id in fetchable.first { $0.id == id } } }
        var problems: [String] = []
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }

        if let text = value("DATABASE_URL") {
            if let url = URL(string: text), ["postgres", "postgresql"].contains(url.scheme?.lowercased()), url.host != nil {
                database = .postgres(url: url)
            } else {
                problems.append(
                    "DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/database?sslmode=disable (leave it unset for the embedded SQLite file)"
                )
            }
        } else {
            database = .sqlite(path: value("SQLITE_PATH") ?? Self.defaultSQLitePath)
        }
        if let text = value("SOURCE_URL") {
            if let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil {
                sourceCodeURL = text
            } else {
                problems.append("SOURCE_URL must be an http(s) URL, got \(text)")
            }
        }
        func flag(_ name: String, into setting: inout Bool) {
            guard let text = value(name) else { return }
            switch text.lowercased() {
            case "true", "1", "yes": setting = true
            case "false", "0", "no": setting = false
            default: problems.append("\(name) must be true or false, got \(text)")
            }
        }
        func whole(_ name: String, in range: ClosedRange<Int>, into setting: inout Int) {
            guard let text = value(name) else { return }
            if let number = Int(text), range.contains(number) {
                setting = number
            } else {
                problems.append("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
            }
        }
        func httpURL(_ name: String) -> URL? {
            guard let text = value(name) else { return nil }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil else {
                problems.append("\(name) must be an http(s) URL, got \(text)")
                return nil
            }
            return url
        }

        flag("COOKIE_SECURE", into: &cookieSecure)
        flag("ALLOW_SIGNUP", into: &allowSignup)
        whole("BCRYPT_COST", in: 4...31, into: &passwordHashCost)
        whole("RATES_REFRESH_INTERVAL", in: 0...31_536_000, into: &ratesRefreshInterval)
        whole("SESSION_CACHE_SIZE", in: 0...1_000_000, into: &sessionCacheSize)
        whole("CONTACT_PAGE_CACHE_SIZE", in: 0...1_000_000, into: &contactPageCacheSize)
        flag("RATE_HISTORY_CACHE", into: &rateHistoryCache)
        if let text = value("HISTORY_YEARS_IN_MEMORY") {
            if text.lowercased() == "all" {
                historyYearsInMemory = nil
            } else if let years = Int(text), (0...200).contains(years) {
                historyYearsInMemory = years
            } else {
                problems.append("HISTORY_YEARS_IN_MEMORY must be a whole number of years from 0 to 200, or all, got \(text)")
            }
        }
        flag("RESPONSE_COMPRESSION", into: &responseCompression)
        flag("MCP_ENABLED", into: &mcpEnabled)
        if let origins = value("MCP_ALLOWED_ORIGINS") {
            for origin in origins.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !origin.isEmpty {
                if let url = URL(string: origin), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil, url.path.isEmpty {
                    mcpAllowedOrigins.insert(origin.lowercased())
                } else {
                    problems.append("MCP_ALLOWED_ORIGINS must list origins such as https://example.org, got \(origin)")
                }
            }
        }
        publicURL = httpURL("PUBLIC_URL")
        flag("ALERTS_ALLOW_PRIVATE_TARGETS", into: &alertsAllowPrivateTargets)
        if let text = value("ALERTS_RETRY_DELAYS") {
            let delays = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            if !delays.isEmpty, delays.count <= 20, delays.allSatisfy({ $0.map { (0.05...86_400).contains($0) } ?? false }) {
                alertsRetryDelays = delays.compactMap { $0 }
            } else {
                problems.append("ALERTS_RETRY_DELAYS must list 1 to 20 waits in seconds (0.05 to 86400), such as 10,60,300; got \(text)")
            }
        }
        if let text = value("ALERTS_POLL_INTERVAL") {
            if let seconds = Double(text), seconds == 0 || (0.1...3_600).contains(seconds) {
                alertsPollInterval = seconds
            } else {
                problems.append("ALERTS_POLL_INTERVAL must be 0 (off) or 0.1 to 3600 seconds, got \(text)")
            }
        }
        if let text = value("SMTP_URL") {
            if let url = URL(string: text), ["smtp", "smtp+insecure"].contains(url.scheme?.lowercased()), let host = url.host {
                // Mail and passwords in the clear only to a server on this machine.
                if url.scheme?.lowercased() == "smtp+insecure", !["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased()) {
                    problems.append("SMTP_URL may be smtp+insecure:// only for a server on loopback (127.0.0.1), got \(host)")
                } else {
                    smtpURL = url
                }
            } else {
                problems.append("SMTP_URL must be smtp://user:password@host:port, got a value of another form")
            }
        }
        if let file = value("SMTP_CA_FILE") {
            if FileManager.default.isReadableFile(atPath: file) {
                smtpCAFile = file
            } else {
                problems.append("SMTP_CA_FILE must be a readable PEM file, got \(file)")
            }
        }
        if let from = value("SMTP_FROM") {
            if Self.isMailbox(from) { smtpFrom = from } else { problems.append("SMTP_FROM must be an e-mail address, got \(from)") }
        }
        if let token = value("METRICS_TOKEN") {
            if token.count >= 16, token.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "," }) {
                metricsToken = token
            } else {
                problems.append("METRICS_TOKEN must be at least 16 characters of printable ASCII without spaces or commas")
            }
        }
        if ratesRefreshInterval > 0 && ratesRefreshInterval < 60 {
            problems.append("RATES_REFRESH_INTERVAL must be 0 (off) or at least 60 seconds, got \(ratesRefreshInterval)")
        }
        whole("RATES_SYNC_INTERVAL", in: 0...86_400, into: &ratesSyncInterval)

        switch (value("ADMIN_EMAIL"), value("ADMIN_PASSWORD")) {
        case let (email?, password?): initialAdmin = InitialAdmin(email: email, password: password)
        case (nil, nil): break
        default: problems.append("ADMIN_EMAIL and ADMIN_PASSWORD must be set together")
        }
        if let text = value("RATES_PROVIDER") {
            if text.lowercased() == RateSourceID.blend.rawValue {
                ratesProvider = .blend
            } else if let source = provider(named: text) {
                ratesProvider = source.id
            } else {
                problems.append(
                    "RATES_PROVIDER must be blend or a provider's id (ecb, boc, nbp, exchangerate-api…: see RATES_PROVIDERS), got \(text)")
            }
        }
        ratesProviderURL = httpURL("RATES_PROVIDER_URL")
        // It moves the default source's newest document: a source without one would ignore it.
        let withNewest = declarations.filter { $0.latest?.name == "latest" }.map(\.source.id)
        if ratesProviderURL != nil, !withNewest.contains(ratesProvider) {
            problems.append(
                "RATES_PROVIDER_URL is the address of the default source's newest document, which only "
                    + withNewest.dropLast().map(\.rawValue).joined(separator: ", ") + " and \(withNewest.last?.rawValue ?? "")"
                    + " have; RATES_PROVIDER is \(ratesProvider.rawValue)"
                    + " (move a publisher with its <ID>_BASE_URL)")
        }
        if let text = value("RATES_PROVIDERS") {
            let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            let unknown = names.filter { provider(named: $0) == nil }
            if names == ["none"] {
                // Fetch nothing: the bundled ECB history alone (an offline deployment).
                ratesProviders = []
            } else if unknown.isEmpty && !names.isEmpty {
                ratesProviders = fetchable.map(\.id).filter { names.contains($0.rawValue) }
            } else {
                problems.append(
                    "RATES_PROVIDERS must list providers from \(fetchable.map(\.id.rawValue).joined(separator: ", ")), separated by commas, or be none; "
                        + (unknown.isEmpty ? "it is empty" : "not known: \(unknown.joined(separator: ", "))"))
            }
        }
        for declaration in declarations {
            let source = declaration.source
            if let url = httpURL(Self.originVariable(of: source)) { providerOrigins[source.id] = url }
            if declaration.key != nil, let key = value(Self.keyVariable(of: source)), !key.isEmpty {
                providerKeys[source.id] = key
            }
        }
        // A second source of one publisher (the NBP's table B) moves with the first unless it has its own.
        for declaration in declarations where providerOrigins[declaration.source.id] == nil {
            if let same = declaration.sameOrigin, let url = providerOrigins[same] { providerOrigins[declaration.source.id] = url }
        }
        // The ECB's documents one by one (ECB_BASE_URL moves all three).
        for (variable, name) in Self.ecbDocumentVariables {
            if let url = httpURL(variable) { providerDocuments[RateSourceID.ecb, default: [:]][name] = url }
        }
        if let path = value("BUNDLED_RATES_FILE") {
            if FileManager.default.isReadableFile(atPath: path) {
                bundledRatesFile = URL(fileURLWithPath: path)
            } else {
                problems.append("BUNDLED_RATES_FILE must name a readable file (an archive like the ECB's eurofxref-hist.zip), got \(path)")
            }
        }
        func seconds(_ name: String, upTo maximum: Double, into setting: inout TimeInterval) {
            guard let text = value(name) else { return }
            if let seconds = Double(text), seconds > 0, seconds <= maximum {
                setting = seconds
            } else {
                problems.append("\(name) must be a number of seconds above 0 and at most \(Int(maximum)), got \(text)")
            }
        }
        seconds("RATES_TIMEOUT", upTo: 300, into: &ratesTimeout)
        seconds("DATABASE_CONNECT_TIMEOUT", upTo: 60, into: &databaseConnectTimeout)
        seconds("DATABASE_POOL_TIMEOUT", upTo: 60, into: &databasePoolTimeout)
        seconds("DATABASE_STATEMENT_TIMEOUT", upTo: 3600, into: &databaseStatementTimeout)
        seconds("SHUTDOWN_TIMEOUT", upTo: 300, into: &shutdownTimeout)
        if value("SHUTDOWN_DELAY") != "0" { seconds("SHUTDOWN_DELAY", upTo: 300, into: &shutdownDelay) }
        if let text = value("TRUSTED_PROXIES") {
            let entries = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let ranges = entries.map { IPAddressRange($0) }
            if ranges.contains(nil) {
                let bad = zip(entries, ranges).filter { $0.1 == nil }.map(\.0).joined(separator: ", ")
                problems.append(
                    "TRUSTED_PROXIES must list IP addresses or CIDR blocks (10.0.0.0/8, ::1), separated by commas; not understood: \(bad)")
            } else {
                trustedProxies = ranges.compactMap { $0 }
            }
        }
        if !problems.isEmpty { throw Invalid(problems: problems) }
    }
}

extension AppConfiguration {
    /// The variables that give one of the ECB's documents an address of its own, and the document each names.
    static let ecbDocumentVariables = [
        ("ECB_DAILY_URL", "latest"), ("ECB_HISTORY_URL", "history"), ("ECB_FULL_HISTORY_URL", "full-history"),
    ]
}
