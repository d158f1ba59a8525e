import Core
import Foundation
import Vapor

/// Every path the app links or redirects to, built in one place from the routes it registers
/// (``Route``): a path is written once, as a route's pattern.
package enum SiteURL: Sendable, Equatable {
    case converter
    /// The canonical, shareable result page, e.g. `/?from=USD&to=EUR&amount=100`, with
    /// `&date=2020-03-15` on a past day's rates.
    case conversion(from: String, to: String, amount: String?, date: CalendarDate? = nil, source: String? = nil)
    case convert
    case swap
    case about
    case aboutClose
    /// The sign-in form, returning to `next` afterwards.
    case login(next: LocalPath?)
    case logout
    case signup(next: LocalPath?)
    case adminRates
    case adminRatesRefresh
    case adminRatesImportHistory
    case adminRatesImportFullHistory
    case adminRatesBackfill
    /// A page named by a checked local path (a `next` parameter).
    case local(LocalPath)
    /// The contacts list; `search` and `page` only when they are not the defaults.
    case contacts(search: String? = nil, page: Int? = nil)
    case newContact
    case contact(UUID)
    case editContact(UUID)
    case deleteContact(UUID)
    case contactsExportVCard
    case contactsExportCSV
    /// The pair's rate over a range of days, e.g. `/rates/USD/EUR` (the default range, a year),
    /// `/rates/USD/EUR?range=5y&date=2020-03-13` (five years around a day), a table `page` of a range.
    case rateHistory(
        from: String, to: String, range: HistoryRange = .default, date: CalendarDate? = nil, page: Int? = nil, source: String? = nil)
    /// The range's daily rates as CSV, e.g. `/rates/USD/EUR/daily.csv?range=all`.
    case rateHistoryCSV(from: String, to: String, range: HistoryRange = .default, date: CalendarDate? = nil, source: String? = nil)
    case apiConvert
    case ledger
    /// The language menu's link to `language` (``LanguageChoiceView``).
    case language(Language)
    /// A contact's address as a `mailto:` link, percent-encoded so that `%`, `#` or `?` in
    /// the address stay part of it.
    case mailto(String)
    /// A phone number as typed (`+7 495 123 45 67`) as a `tel:` link: its digits and a
    /// leading `+` only, since spaces and brackets are not allowed in a URL.
    case tel(String)

    package var path: String {
        switch self {
        case .converter: Route.converter.pattern
        case let .conversion(from, to, amount, date, source):
            Self.conversionPath(from: from, to: to, amount: amount, date: date, source: source)
        case .convert: Route.convert.pattern
        case .swap: Route.swap.pattern
        case .about: Route.about.pattern
        case .aboutClose: Route.aboutClose.pattern
        case .login(let next): Self.withQuery(Route.login.pattern, [("next", next?.value)])
        case .logout: Route.logout.pattern
        case .signup(let next): Self.withQuery(Route.signup.pattern, [("next", next?.value)])
        case .adminRates: Route.adminRates.pattern
        case .adminRatesRefresh: Route.adminRatesRefresh.pattern
        case .adminRatesImportHistory: Route.adminRatesImportHistory.pattern
        case .adminRatesImportFullHistory: Route.adminRatesImportFullHistory.pattern
        case .adminRatesBackfill: Route.adminRatesBackfill.pattern
        case .local(let path): path.value
        case let .contacts(search, page):
            Self.withQuery(Route.contacts.pattern, [("q", search), ("page", page.flatMap { $0 > 1 ? String($0) : nil })])
        case .newContact: Route.newContact.pattern
        case .contact(let id): Route.contact.path(id.uuidString.lowercased())
        case .editContact(let id): Route.editContact.path(id.uuidString.lowercased())
        case .deleteContact(let id): Route.deleteContact.path(id.uuidString.lowercased())
        case .contactsExportVCard: Route.contactsExportVCard.pattern
        case .contactsExportCSV: Route.contactsExportCSV.pattern
        case let .rateHistory(from, to, range, date, page, source):
            Self.withQuery(
                Route.rateHistory.path(Self.pathSegment(from), Self.pathSegment(to)),
                Self.rangeQuery(range, date) + [("page", page.flatMap { $0 > 1 ? String($0) : nil }), ("source", source)])
        case let .rateHistoryCSV(from, to, range, date, source):
            Self.withQuery(
                Route.rateHistoryCSV.path(Self.pathSegment(from), Self.pathSegment(to)), Self.rangeQuery(range, date) + [("source", source)]
            )
        case .apiConvert: Route.apiConvert.pattern
        case .ledger: Route.ledger.pattern
        case .language(let language): Route.language.path(language.rawValue)
        case .mailto(let address):
            "mailto:" + Self.percentEncoded(address) { Self.isUnreserved($0) || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "+") }
        case .tel(let number):
            "tel:" + (number.drop { $0 != "+" && !$0.isASCIIDigit }.first == "+" ? "+" : "")
                + String(number.filter(\.isASCIIDigit))
        }
    }

    private static func pathSegment(_ text: String) -> String {
        percentEncoded(text) { isUnreserved($0) && $0 != UInt8(ascii: "/") }
    }

    /// `/?from=USD&to=EUR&amount=100&date=2020-03-15`, as ``query(_:)`` writes it (an empty
    /// amount and no date left out), without its lists: result pages and API answers write six
    /// of these each.
    private static func conversionPath(from: String, to: String, amount: String?, date: CalendarDate?, source: String?) -> String {
        var path = Route.converter.pattern
        path.reserveCapacity(64)
        var first = true
        func add(_ name: String, _ value: String) {
            guard !value.isEmpty else { return }
            path += first ? "?" : "&"
            path += name
            path += "="
            path += percentEncoded(value, keeping: isUnreserved)
            first = false
        }
        add("from", from)
        add("to", to)
        add("amount", amount ?? "")
        add("date", date?.description ?? "")
        add("source", source ?? "")
        return path
    }

    /// A range is left out when it is the default; a day only matters to a range that is not everything.
    private static func rangeQuery(_ range: HistoryRange, _ date: CalendarDate?) -> [(String, String?)] {
        [("range", range == .default ? nil : range.rawValue), ("date", range == .all ? nil : date?.description)]
    }

    private static func withQuery(_ path: String, _ items: [(String, String?)]) -> String {
        let query = query(items)
        return query.isEmpty ? path : path + "?" + query
    }

    /// `name=value` pairs joined with `&`, values percent-encoded; `nil` and empty values left out.
    private static func query(_ items: [(String, String?)]) -> String {
        items.compactMap { name, value in
            guard let value, !value.isEmpty else { return nil }
            return name + "=" + percentEncoded(value, keeping: isUnreserved)
        }.joined(separator: "&")
    }

    /// `text` with every UTF-8 byte that `keeping` refuses written as `%XX` (upper-case hex, as
    /// Foundation writes it); codes and canonical amounts come back as they are, uncopied.
    private static func percentEncoded(_ text: String, keeping: (UInt8) -> Bool) -> String {
        guard !text.utf8.allSatisfy(keeping) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if keeping(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0f)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986 unreserved characters and `/` (legal in a query, and it keeps
    /// `/login?next=/admin/rates` readable); everything else is percent-encoded.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default: false
        }
    }
}

extension SiteURL {
    /// Every route the app registers, as the pattern Vapor matches (`:name` for a parameter).
    /// Assemblies register these (`routes.get(.about, immediately: ...)`) and ``SiteURL`` builds
    /// its links from them, so no path is typed twice.
    package enum Route: String, CaseIterable, Sendable {
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
        case apiLedger = "/api/v1/ledger"
        case apiConvert = "/api/v1/convert"
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
        /// Everything else under `/v2`: its JSON 404.
        case frankfurterV2Root = "/v2"
        case frankfurterV2Other = "/v2/**"
        /// The language menu's choice (``LanguageChoiceView``).
        case language = "/language/:language"
        case healthLive = "/health/live"
        /// `/health/live`'s older name.
        case healthz = "/healthz"
        case healthReady = "/health/ready"
        case metrics = "/metrics"

        package var pattern: String { rawValue }

        /// What every JSON API route starts with (its errors are problem documents, not pages).
        package static let apiPrefix = "/api/"
        /// What every Frankfurter route starts with (its errors are `{"message": …}`).
        package static let frankfurterPrefix = "/v1/"
        /// What every Frankfurter v2 route starts with (its errors are `{"message": …}` too).
        package static let frankfurterV2Prefix = "/v2/"
        /// What the language menu's links start with.
        package static let languagePrefix = "/language/"
        /// The load balancers' probes, which log at debug.
        package static let healthChecks: Set<String> = [Route.healthLive.pattern, Route.healthz.pattern, Route.healthReady.pattern]

        /// What Vapor registers: constants, and parameters for the `:name` segments.
        package var pathComponents: [PathComponent] { rawValue.pathComponents }

        /// The pattern with its `:name` segments replaced by `values`, in order (already
        /// percent-encoded where they need to be).
        package func path(_ values: String...) -> String {
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
    package enum Parameter: String, Sendable {
        case id, from, to, dates, language, base, quote, code
    }
}

extension Request {
    /// The value of the route's `parameter` in this request's path.
    package func parameter(_ parameter: SiteURL.Parameter) -> String? {
        parameters.get(parameter.rawValue)
    }
}
