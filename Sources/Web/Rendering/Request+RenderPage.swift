import Vapor

extension Request {
    /// Renders a Leaf template from `Templates/` as an HTML page with `status`, through the
    /// page's skeleton (``PageRenderer``), on this request's own event loop, in the visitor's
    /// language (``language``), which the response names.
    package func renderPage(
        _ template: String, _ context: some Encodable & Sendable,
        status: HTTPStatus = .ok, headers: HTTPHeaders = [:]
    ) async throws -> Response {
        var headers = headers
        headers.setLanguage(language)
        let rendered = try await application.pages.renderPage(template, context, for: self)
        let response = View(data: rendered.page).response(status: status, headers: headers)
        response.deflatablePieces = rendered.pieces
        return response
    }
}
