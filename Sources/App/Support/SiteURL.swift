import Foundation

/// Every path the app links or redirects to, built in one place.
enum SiteURL: Sendable, Equatable {
    case converter
    /// The canonical, shareable result page, e.g. `/?from=USD&to=EUR&amount=100`.
    case conversion(from: String, to: String, amount: String?)
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
    /// A page named by a checked local path (a `next` parameter).
    case local(LocalPath)

    var path: String {
        switch self {
        case .converter: "/"
        case let .conversion(from, to, amount):
            "/?" + Self.query([("from", from), ("to", to), ("amount", amount)])
        case .convert: "/convert"
        case .swap: "/swap"
        case .about: "/about"
        case .aboutClose: "/about/close"
        case .login(let next): next.map { "/login?" + Self.query([("next", $0.value)]) } ?? "/login"
        case .logout: "/logout"
        case .signup(let next): next.map { "/signup?" + Self.query([("next", $0.value)]) } ?? "/signup"
        case .adminRates: "/admin/rates"
        case .adminRatesRefresh: "/admin/rates/refresh"
        case .adminRatesImportHistory: "/admin/rates/import-history"
        case .local(let path): path.value
        }
    }

    /// `name=value` pairs joined with `&`, values percent-encoded; `nil` and empty values left out.
    private static func query(_ items: [(String, String?)]) -> String {
        items.compactMap { name, value in
            guard let value, !value.isEmpty else { return nil }
            return name + "=" + (value.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? value)
        }.joined(separator: "&")
    }

    /// RFC 3986 unreserved characters and `/` (legal in a query, and it keeps
    /// `/login?next=/admin/rates` readable); everything else is percent-encoded.
    private static let queryValueCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
}
