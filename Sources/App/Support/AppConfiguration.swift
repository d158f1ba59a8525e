import Foundation

/// Everything the app reads from its environment, read once at start. Every variable has a
/// default; invalid values are all reported together, so one failed start lists every fix.
struct AppConfiguration: Sendable {
    enum DatabaseKind: Sendable, Equatable {
        /// The embedded default: one SQLite file, created on demand.
        case sqlite(path: String)
        /// PostgreSQL at `url`; `searchPath` puts the app's tables in one schema (tests use it
        /// to give each suite its own schema in one database).
        case postgres(url: URL, searchPath: String? = nil)
    }

    var database: DatabaseKind
    /// Where the About page links for the source code.
    var sourceCodeURL: String
    /// Adds `Secure` to cookies; turn on behind HTTPS.
    var cookieSecure: Bool

    static let defaultSQLitePath = "data/app.sqlite"
    static let defaultSourceCodeURL = "https://github.com/currency-converter/currency-converter"

    init(database: DatabaseKind = .sqlite(path: defaultSQLitePath),
         sourceCodeURL: String = defaultSourceCodeURL,
         cookieSecure: Bool = false) {
        self.database = database
        self.sourceCodeURL = sourceCodeURL
        self.cookieSecure = cookieSecure
    }

    struct Invalid: Error, CustomStringConvertible {
        let problems: [String]
        var description: String {
            "The app cannot start; fix these environment variables:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        }
    }

    /// Reads `DATABASE_URL`, `SQLITE_PATH`, `SOURCE_URL` and `COOKIE_SECURE`.
    init(environment: [String: String]) throws(Invalid) {
        self.init()
        var problems: [String] = []
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }

        if let text = value("DATABASE_URL") {
            if let url = URL(string: text), ["postgres", "postgresql"].contains(url.scheme?.lowercased()), url.host != nil {
                database = .postgres(url: url)
            } else {
                problems.append("DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/database?sslmode=disable (leave it unset for the embedded SQLite file)")
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
        if let text = value("COOKIE_SECURE") {
            switch text.lowercased() {
            case "true", "1", "yes": cookieSecure = true
            case "false", "0", "no": cookieSecure = false
            default: problems.append("COOKIE_SECURE must be true or false, got \(text)")
            }
        }
        if !problems.isEmpty { throw Invalid(problems: problems) }
    }
}
