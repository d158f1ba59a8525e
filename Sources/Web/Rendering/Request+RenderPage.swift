import Vapor

extension Request {
    /// Renders a Leaf template from `Templates/` as an HTML page with `status`, through the
    /// page's skeleton (``PageRenderer``), on this request's own event loop, in the visitor's
    /// language (``language``), which the response names.
    package func renderPage(
        _ template: String, _ context: some Encodable & Sendable,
        status: HTTPStatus = .ok, headers: HTTPHeaders = [:]
    ) async throws -> Response {
        let rendered = try await application.pages.renderPage(template, context, for: self)
        return page(rendered.page, pieces: rendered.pieces, status: status, headers: headers)
    }

    /// `frame`'s page with `texts` in its holes and this request's tags in theirs (``PageFrames``).
    package func renderPage(_ frame: PageFrame, texts: [String], status: HTTPStatus = .ok) async throws -> Response {
        let pages = application.pages
        let tags = frame.tagNames.isEmpty ? [:] : try await pages.html(ofTags: frame.tagNames, for: self)
        let filled = frame.fill(texts, tags: tags, deflating: pages.deflates(for: self))
        return page(filled.page, pieces: filled.pieces, status: status, headers: [:])
    }

    /// An HTML page in this request's language, with where its pieces deflated ahead lie.
    private func page(_ page: ByteBuffer, pieces: DeflatablePieces?, status: HTTPStatus, headers: HTTPHeaders) -> Response {
        var headers = headers
        headers.setLanguage(language)
        let response = View(data: page).response(status: status, headers: headers)
        response.deflatablePieces = pieces
        return response
    }
}
