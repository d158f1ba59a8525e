import Core
import Vapor

/// Refuses a state-changing form without this session's CSRF token (403; nothing changes).
/// A session that could not be read is a 503, not an "expired form".
package struct CSRFMiddleware: AsyncMiddleware {
    package static let fieldName = "csrf_token"
    /// 403: the token is missing or not this session's.
    package static let expired = Message("This form has expired or did not come from this site. Go back, reload the page and try again.")

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try request.browserSession.requireReadable()
        guard let expected = request.browserSession.current?.csrfToken,
            let sent = request.formBody?[Self.fieldName],
            SecureToken.constantTimeEquals(sent, expected)
        else {
            throw PageAbort(.forbidden, Self.expired)
        }
        return try await next.respond(to: request)
    }

    package init() {}
}
