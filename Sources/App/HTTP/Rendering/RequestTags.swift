import Leaf
import LeafKit
import Vapor

/// `#csrfField()`: the hidden CSRF input every state-changing form carries — the one place
/// forms get their token. Renders nothing without a session (the View makes one first).
struct CSRFFieldTag: RequestTag {
    let name = "csrfField"

    func html(for request: Request) -> String {
        guard let token = request.browserSessionIfAttached?.current?.csrfToken else { return "" }
        return "<input type=\"hidden\" name=\"\(CSRFMiddleware.fieldName)\" value=\"\(HTML.escape(token))\">"
    }
}

/// `#accountNav()`: the header's account links — Admin for admins, who is signed in and a
/// Sign out button (a CSRF-protected form), or Sign in returning to the current page.
struct AccountNavTag: RequestTag {
    let name = "accountNav"

    func html(for request: Request) -> String {
        if request.browserSessionIfAttached?.isUnreadable == true {
            return
                "<span class=\"account-unavailable\" title=\"The database is not answering; the converter still works.\">Accounts unavailable</span>"
        }
        guard let session = request.browserSessionIfAttached?.current, let user = session.user else {
            let here = request.method == .GET ? LocalPath(request.target) : nil
            let next = here.flatMap { here in
                [SiteURL.Route.login, .signup].contains { here.value.hasPrefix($0.pattern) } ? nil : here
            }
            return "<a href=\"\(HTML.escape(SiteURL.login(next: next).path))\">Sign in</a>"
        }
        var html = ""
        if user.isAdmin { html += "<a href=\"\(SiteURL.adminRates.path)\">Admin</a>" }
        html += "<span class=\"account-email\" title=\"Signed in\">\(HTML.escape(user.email))</span>"
        html +=
            "<form class=\"sign-out\" method=\"post\" action=\"\(SiteURL.logout.path)\">"
            + "<input type=\"hidden\" name=\"\(CSRFMiddleware.fieldName)\" value=\"\(HTML.escape(session.csrfToken))\">"
            + "<button type=\"submit\" class=\"link-button\">Sign out</button></form>"
        return html
    }
}

/// A tag whose HTML depends on the request (who is signed in, the session's CSRF token) rather
/// than on the view model. In a page skeleton (``PageRenderer``) it leaves a marker that is
/// filled per request with `html(for:)`, so no visitor's HTML is ever kept in a skeleton.
protocol RequestTag: UnsafeUnescapedLeafTag, Sendable {
    /// The name templates call it by.
    var name: String { get }
    func html(for request: Request) -> String
}

extension RequestTag {
    func render(_ context: LeafContext) throws -> LeafData {
        if context.userInfo[PageSkeleton.renderingKey] != nil { return .string(PageSkeleton.tagMarker(name)) }
        guard let request = context.request else { return .string("") }
        return .string(html(for: request))
    }
}
