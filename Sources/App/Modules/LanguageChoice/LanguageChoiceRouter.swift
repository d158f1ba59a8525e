import Core
import Foundation

/// Where choosing a language leads.
struct LanguageChoiceRouter: Sendable {
    /// Back to the page the menu was on (303): the `Referer`, which the site's
    /// `Referrer-Policy: same-origin` sends in full, when it is a page of this host; the
    /// converter otherwise.
    func back(from referer: String?, host: String?) -> Redirection {
        .seeOther(Self.page(from: referer, host: host).map(SiteURL.local) ?? .converter)
    }

    static func page(from referer: String?, host: String?) -> LocalPath? {
        guard let referer, let host, let url = URLComponents(string: referer), let refererHost = url.host,
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            refererHost.lowercased() + (url.port.map { ":\($0)" } ?? "") == host.lowercased()
                || refererHost.lowercased() == host.lowercased()
        else { return nil }
        let path = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        guard !path.hasPrefix(SiteURL.Route.languagePrefix) else { return nil }
        return LocalPath(path + (url.percentEncodedQuery.map { "?" + $0 } ?? ""))
    }

    init() {}
}
