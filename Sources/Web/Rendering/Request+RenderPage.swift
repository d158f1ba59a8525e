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

    /// A page that shows the same for every request with the same `key` but for `texts` (a result
    /// page's amount and results): `model(texts)` rendered, or, from the key's second page on,
    /// that key's frame (``PageFrames``) with these texts in their places, which is the very
    /// page rendering would write. `model` must put each text where the page shows it and make
    /// nothing else of it: it is also asked for the page with stand-ins in the texts' places.
    package func renderPage<Model: Encodable & Sendable, Texts: FrameTexts>(
        _ template: String, key: DerivedCacheKey, texts: Texts, status: HTTPStatus = .ok, model: (Texts) -> Model
    ) async throws -> Response {
        let list = texts.texts
        return try await application.pages.frames.renderPage(
            template, key: key.text, texts: list, status: status, for: self, model: { model(texts) },
            marked: { model(texts.replacingTexts(with: PageFrame.markers(list.count))) })
    }

    /// The API's JSON (``APIJSON``) of an answer that is the same for every request with the same
    /// `key` but for `texts`: `model(texts)` encoded, or the key's frame with these texts in their
    /// places, as ``renderPage(_:key:texts:status:model:)`` does for pages.
    package func json<Model: Encodable, Texts: FrameTexts>(key: DerivedCacheKey, texts: Texts, model: (Texts) -> Model) throws -> ByteBuffer
    {
        let list = texts.texts
        return try application.pages.frames.body(
            key: key.text, texts: list, write: { ByteBuffer(bytes: try APIJSON.encode(model(texts))) },
            writeMarked: { ByteBuffer(bytes: try APIJSON.encode(model(texts.replacingTexts(with: PageFrame.markers(list.count))))) })
    }

    /// `frame`'s page with `texts` in its holes and this request's tags in theirs (``PageFrames``).
    func renderPage(_ frame: PageFrame, texts: [String], status: HTTPStatus = .ok) async throws -> Response {
        let pages = application.pages
        let tags = frame.tagNames.isEmpty ? [:] : try await pages.html(ofTags: frame.tagNames, for: self)
        let filled = frame.fill(texts, tags: tags, deflating: pages.deflates(for: self))
        return page(filled.page, pieces: filled.pieces, status: status, headers: [:])
    }

    /// An HTML page in this request's language, with where its pieces deflated ahead lie.
    private func page(_ page: ByteBuffer, pieces: DeflatablePieces?, status: HTTPStatus, headers: HTTPHeaders) -> Response {
        // As `View(data:).response(status:headers:)` writes it, without a second set of headers.
        var headers = headers
        headers.setLanguage(language)
        if !headers.contains(name: .contentType) { headers.add(name: .contentType, value: View.htmlContentType) }
        let response = Response(whole: page, status: status, headers: headers)
        if let pieces { response.deflatablePieces = pieces }
        return response
    }
}
