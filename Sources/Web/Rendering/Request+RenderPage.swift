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

    /// `frame`'s page with `texts` in its holes and this request's tags in theirs (``PageFrames``).
    package func renderPage(_ frame: PageFrame, texts: [String], status: HTTPStatus = .ok) async throws -> Response {
        var headers = HTTPHeaders()
        headers.setLanguage(language)
        let pages = application.pages
        let tags = frame.tagNames.isEmpty ? [:] : try await pages.html(ofTags: frame.tagNames, for: self)
        let filled = frame.fill(texts, tags: tags, deflating: pages.compresses && acceptsGzip)
        let response = View(data: filled.page).response(status: status, headers: headers)
        response.deflatablePieces = filled.pieces
        return response
    }
}
