import Core
import Foundation

extension SiteURL {
    /// The converter on a notice's day, at its source (one unit of the pair).
    static func noticed(_ notice: AlertNotice) -> SiteURL {
        .conversion(from: notice.from, to: notice.to, amount: "1", date: notice.day, source: notice.source == .blend ? nil : notice.source)
    }

    /// The address under `PUBLIC_URL` (its own path kept), for what is read away from the site
    /// (webhooks, e-mails); the path alone without it.
    func absolute(under publicURL: URL?) -> String {
        guard let publicURL else { return path }
        var base = publicURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }
}
