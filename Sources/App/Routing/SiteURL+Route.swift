import Vapor

extension SiteURL {
    /// Every route the app registers, as the pattern Vapor matches (`:name` for a parameter).
    /// Assemblies register these (`routes.get(.about, use: ...)`) and ``SiteURL`` builds
    /// its links from them, so no path is typed twice.
    enum Route: String, CaseIterable, Sendable {
        case converter = "/"
        case convert = "/convert"
        case swap = "/swap"
        case about = "/about"
        case aboutClose = "/about/close"
        case login = "/login"
        case logout = "/logout"
        case signup = "/signup"
        case adminRates = "/admin/rates"
        case adminRatesRefresh = "/admin/rates/refresh"
        case adminRatesImportHistory = "/admin/rates/import-history"
        case adminRatesImportFullHistory = "/admin/rates/import-full-history"
        case adminRatesBackfill = "/admin/rates/backfill"
        /// A publisher's file an admin uploads (the Kursliste; multipart, read as it arrives).
        case adminRatesUpload = "/admin/rates/upload"
        /// `GET` the list, `POST` a new contact.
        case contacts = "/contacts"
        case newContact = "/contacts/new"
        /// `GET` one contact, `POST` its edited fields.
        case contact = "/contacts/:id"
        case editContact = "/contacts/:id/edit"
        case deleteContact = "/contacts/:id/delete"
        case contactsExportVCard = "/contacts/export.vcf"
        case contactsExportCSV = "/contacts/export.csv"
        case rateHistory = "/rates/:from/:to"
        case rateHistoryCSV = "/rates/:from/:to/daily.csv"
        /// The ledger page (`GET`), its upload (`POST`, multipart, read as it arrives).
        case ledger = "/ledger"
        case ledgerResult = "/ledger/:id/converted.csv"
        case ledgerReceipt = "/ledger/:id/receipt.json"
        case ledgerDelete = "/ledger/:id/delete"
        /// The user's rate alerts (`GET`), a new one (`POST`).
        case alerts = "/alerts"
        case alertDelete = "/alerts/:id/delete"
        /// A switched-off webhook back on.
        case alertResume = "/alerts/:id/resume"
        /// A new address for the user's feed (`POST`).
        case alertFeedRotate = "/alerts/feed/rotate"
        /// The user's feed: `/alerts/feed/{token}.atom`.
        case alertFeed = "/alerts/feed/:token"
        case apiLedger = "/api/v1/ledger"
        /// The ledger's country and purpose presets (``LedgerPreset``), as JSON.
        case apiLedgerPresets = "/api/v1/ledger/presets"
        case apiConvert = "/api/v1/convert"
        /// A source's rates of a base against quotes over a run of days, as price lines (``Prices``).
        case apiPrices = "/api/v1/prices"
        case apiCurrencies = "/api/v1/currencies"
        case apiLatestRates = "/api/v1/rates/latest"
        case apiDocument = "/api/v1/openapi.yaml"
        /// Frankfurter's v1 API (``Frankfurter``): the latest rates, under either name.
        case frankfurterLatest = "/v1/latest"
        case frankfurterCurrent = "/v1/current"
        case frankfurterCurrencies = "/v1/currencies"
        /// A day (`/v1/2020-03-13`) or a range (`/v1/2020-01-01..2020-01-31`, `/v1/2020-01-01..`).
        case frankfurterDates = "/v1/:dates"
        /// Everything else under `/v1`: Frankfurter's JSON 404.
        case frankfurterRoot = "/v1"
        case frankfurterOther = "/v1/**"
        /// Frankfurter's v2 API (``FrankfurterV2``).
        case frankfurterV2Rates = "/v2/rates"
        case frankfurterV2RatesCSV = "/v2/rates.csv"
        case frankfurterV2Rate = "/v2/rate/:base/:quote"
        case frankfurterV2Currencies = "/v2/currencies"
        case frankfurterV2Currency = "/v2/currency/:code"
        case frankfurterV2Providers = "/v2/providers"
        /// One provider's metadata, and its own rates with `/v2/rates`' parameters.
        case frankfurterV2Provider = "/v2/providers/:key"
        case frankfurterV2ProviderRates = "/v2/providers/:key/rates"
        case frankfurterV2ProviderRatesCSV = "/v2/providers/:key/rates.csv"
        /// Everything else under `/v2`: its JSON 404.
        case frankfurterV2Root = "/v2"
        case frankfurterV2Other = "/v2/**"
        /// The language menu's choice (``LanguageChoiceView``).
        case language = "/language/:language"
        /// The Model Context Protocol endpoint for AI assistants (``MCPEndpoint``).
        case mcp = "/mcp"
        /// What the service is, for language models (llmstxt.org).
        case llmsText = "/llms.txt"
        /// The web app manifest (``AppManifestPresenter``), `?lang=` each page's language.
        case appManifest = "/manifest.webmanifest"
        /// The service worker (``OfflineAssembly``): at the root, so that it may serve every page offline.
        case serviceWorker = "/service-worker.js"
        /// A source's latest rates for converting offline (`?source=&lang=`).
        case offlineRates = "/offline/rates.json"
        /// What the worker shows offline for a page that needs the server.
        case offline = "/offline"
        case healthLive = "/health/live"
        /// `/health/live`'s older name.
        case healthz = "/healthz"
        case healthReady = "/health/ready"
        /// Each provider's newest day, last success and last failure (JSON).
        case healthProviders = "/health/providers"
        case metrics = "/metrics"

        var pattern: String { rawValue }

        /// What every JSON API route starts with (its errors are problem documents, not pages).
        static let apiPrefix = "/api/"
        /// What every Frankfurter route starts with (its errors are `{"message": …}`).
        static let frankfurterPrefix = "/v1/"
        /// What every Frankfurter v2 route starts with (its errors are `{"message": …}` too).
        static let frankfurterV2Prefix = "/v2/"
        /// What the language menu's links start with.
        static let languagePrefix = "/language/"
        /// The load balancers' probes, which log at debug.
        static let healthChecks: Set<String> = [
            Route.healthLive.pattern, Route.healthz.pattern, Route.healthReady.pattern, Route.healthProviders.pattern,
        ]

        /// What Vapor registers: constants, and parameters for the `:name` segments.
        var pathComponents: [PathComponent] { rawValue.pathComponents }

        /// The pattern with its `:name` segments replaced by `values`, in order (already
        /// percent-encoded where they need to be).
        func path(_ values: String...) -> String {
            var path = ""
            path.reserveCapacity(rawValue.utf8.count + 8)
            var values = values.makeIterator()
            var rest = rawValue[...]
            while let colon = rest.firstIndex(of: ":") {
                path += rest[..<colon]
                let end = rest[colon...].firstIndex(of: "/") ?? rest.endIndex
                path += values.next() ?? String(rest[colon..<end])
                rest = rest[end...]
            }
            path += rest
            return path
        }
    }

    /// The names of the routes' parameters (`:id` in `/contacts/:id`).
    enum Parameter: String, Sendable {
        case id, from, to, dates, language, base, quote, code, key, token
    }
}

extension Request {
    /// The value of the route's `parameter` in this request's path.
    func parameter(_ parameter: SiteURL.Parameter) -> String? {
        parameters.get(parameter.rawValue)
    }
}
