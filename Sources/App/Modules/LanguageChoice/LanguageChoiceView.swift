import Vapor
import Web

/// `GET /language/:language`, the footer menu's links: remembers the visitor's language in a
/// cookie and goes back to the page they chose it on. A GET, like any link, because it changes
/// nothing on the server: the choice lives in the visitor's own browser, and another site
/// making them switch language could do no more than that.
struct LanguageChoiceView: Sendable {
    let router: LanguageChoiceRouter
    let cookieSecure: Bool

    func choose(_ request: Request) async throws -> Response {
        guard let language = request.parameter(.language).flatMap({ Language(rawValue: $0) }) else {
            throw Abort(.notFound)
        }
        let response = Response(router.back(from: request.headers.first(name: .referer), host: request.headers.first(name: .host)))
        response.cookies[LanguageCookie.name] = LanguageCookie.value(language, secure: cookieSecure)
        return response
    }
}
