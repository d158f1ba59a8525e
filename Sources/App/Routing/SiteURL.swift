import Core
import Foundation
import Web

/// Every path the app links or redirects to, built in one place from the routes it registers
/// (``Route``): a path is written once, as a route's pattern.
enum SiteURL: Sendable, Equatable {
    case converter
    /// The canonical, shareable result page, e.g. `/?from=USD&to=EUR&amount=100`, with
    /// `&date=2020-03-15` on a past day's rates, `&source=tcmb&side=buying` at a publisher's side.
    case conversion(
        from: String, to: String, amount: String?, date: CalendarDate? = nil, source: RateSourceID? = nil, side: RateSide? = nil)
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
    case adminRatesUpload
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
        from: String, to: String, range: HistoryRange = .default, date: CalendarDate? = nil, page: Int? = nil, source: RateSourceID? = nil)
    /// The range's daily rates as CSV, e.g. `/rates/USD/EUR/daily.csv?range=all`.
    case rateHistoryCSV(from: String, to: String, range: HistoryRange = .default, date: CalendarDate? = nil, source: RateSourceID? = nil)
    /// The pair's newest official days as an Atom feed, e.g. `/rates/USD/EUR.atom?source=nbp`
    /// (``RateHistoryPresenter/feed(_:in:)``).
    case rateHistoryFeed(from: String, to: String, source: RateSourceID? = nil)
    case apiConvert
    case apiPrices
    case ledger
    /// The signed-in user's rate alerts.
    case alerts
    /// The language menu's link to `language` (``LanguageChoiceView``).
    case language(Language)
    /// A contact's address as a `mailto:` link, percent-encoded so that `%`, `#` or `?` in
    /// the address stay part of it.
    case mailto(String)
    /// A phone number as typed (`+7 495 123 45 67`) as a `tel:` link: its digits and a
    /// leading `+` only, since spaces and brackets are not allowed in a URL.
    case tel(String)

    var path: String {
        switch self {
        case .converter: Route.converter.pattern
        case let .conversion(from, to, amount, date, source, side):
            Self.conversionPath(from: from, to: to, amount: amount, date: date, source: source, side: side)
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
        case .adminRatesUpload: Route.adminRatesUpload.pattern
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
                Self.rangeQuery(range, date) + [("page", page.flatMap { $0 > 1 ? String($0) : nil }), ("source", source?.rawValue)])
        case let .rateHistoryCSV(from, to, range, date, source):
            Self.withQuery(
                Route.rateHistoryCSV.path(Self.pathSegment(from), Self.pathSegment(to)),
                Self.rangeQuery(range, date) + [("source", source?.rawValue)]
            )
        case let .rateHistoryFeed(from, to, source):
            Self.withQuery(
                Route.rateHistory.path(Self.pathSegment(from), Self.pathSegment(to) + Self.feedSuffix), [("source", source?.rawValue)])
        case .apiConvert: Route.apiConvert.pattern
        case .apiPrices: Route.apiPrices.pattern
        case .ledger: Route.ledger.pattern
        case .alerts: Route.alerts.pattern
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

    /// What ends a pair's history address to make it its feed's (`/rates/USD/EUR.atom`).
    static let feedSuffix = ".atom"

    /// `/?from=USD&to=EUR&amount=100&date=2020-03-15`, as ``query(_:)`` writes it (an empty
    /// amount and no date left out), without its lists: result pages and API answers write six
    /// of these each.
    private static func conversionPath(
        from: String, to: String, amount: String?, date: CalendarDate?, source: RateSourceID?, side: RateSide?
    ) -> String {
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
        add("source", source?.rawValue ?? "")
        add("side", side == .mid ? "" : side?.rawValue ?? "")
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
        var query = ""
        for case let (name, value?) in items where !value.isEmpty {
            if !query.isEmpty { query += "&" }
            query += name
            query += "="
            query += percentEncoded(value, keeping: isUnreserved)
        }
        return query
    }

    /// `text` with every UTF-8 byte that `keeping` refuses written as `%XX` (upper-case hex, as
    /// Foundation writes it); codes and canonical amounts come back as they are, uncopied. Written
    /// in place: every anonymous page's Sign in link encodes the page's own address.
    private static func percentEncoded(_ text: String, keeping: (UInt8) -> Bool) -> String {
        guard !text.utf8.allSatisfy(keeping) else { return text }
        let hex: StaticString = "0123456789ABCDEF"
        return String(unsafeUninitializedCapacity: text.utf8.count * 3) { encoded in
            var count = 0
            for byte in text.utf8 {
                if keeping(byte) {
                    encoded[count] = byte
                    count += 1
                } else {
                    encoded[count] = UInt8(ascii: "%")
                    encoded[count + 1] = hex.utf8Start[Int(byte >> 4)]
                    encoded[count + 2] = hex.utf8Start[Int(byte & 0x0f)]
                    count += 3
                }
            }
            return count
        }
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
