import Vapor

/// The frames (``PageFrame``) a view keeps, by a key naming everything its page (or JSON answer)
/// shows but the texts that change per request, and the page for a request from them.
package final class PageFrames: Sendable {
    private enum Entry: Sendable {
        case frame(PageFrame)
        /// The page cannot be framed (its shape renders with Leaf, or a frame did not fill to it).
        case unframed
        /// Asked for once: a frame costs a second rendering, spent only on a key asked for again
        /// (a visitor walking through days or pairs one page each makes none).
        case askedOnce
    }

    /// A page's or a request tag's frame is kept by its template, the language of a tag's HTML
    /// (a page's key names its own) and the key its view gives, hashed field by field: joined
    /// into one text, a result page's key of several hundred bytes was copied on every request.
    private struct TemplateKey: Hashable, Sendable {
        let template: String
        let language: Language?
        let key: String
    }

    /// Pages', JSON answers' and request tags' frames, each by its own keys: a key is not made
    /// longer (a copy of it) to tell them apart.
    private let pageFrames: RecentValues<TemplateKey, Entry>
    private let bodyFrames: RecentValues<String, Entry>
    private let fragmentFrames: RecentValues<TemplateKey, Entry>

    /// At most `capacity` of each kind.
    package init(capacity: Int) {
        pageFrames = RecentValues(capacity: capacity)
        bodyFrames = RecentValues(capacity: capacity)
        fragmentFrames = RecentValues(capacity: capacity)
    }

    /// `template`'s page for `request` with `texts` in its holes: from the frame kept for `key`
    /// when there is one, else rendered from `model()`. The second time a key is asked for, a
    /// frame is made from `marked()` (the same model with ``PageFrame/marker(_:)`` in place of
    /// each of `texts`, in their order) and kept if, filled with `texts`, it is the very page rendered.
    package func renderPage<Model: Encodable & Sendable>(
        _ template: String, key: String, texts: [String], status: HTTPStatus, for request: Request, model: () -> Model,
        marked: () -> Model
    ) async throws -> Response {
        // Without skeletons (development, where templates are edited as the app runs), no frames.
        let pages = request.application.pages
        let fits = pages.isEnabled && PageFrame.fits(texts)
        let key = TemplateKey(template: template, language: nil, key: key)
        let entry = fits ? pageFrames[key] : nil
        if case .frame(let frame) = entry, frame.holes == texts.count {
            return try await request.renderPage(frame, texts: texts, status: status)
        }
        let response = try await request.renderPage(template, model(), status: status)
        guard fits, isAskedAgain(key, entry, in: pageFrames), let body = response.body.buffer else { return response }
        guard let frame = pages.frame(template, marked(), for: request, holes: texts.count) else {
            pageFrames.keep(.unframed, for: key)
            return response
        }
        let tags = try await pages.html(ofTags: frame.tagNames, for: request)
        if !keep(frame, for: key, in: pageFrames, ifFilledWith: texts, tags: tags, is: body) {
            request.logger.warning(
                "Page frame differs from the rendered page; rendering these pages whole", metadata: ["template": "\(template)"])
        }
        return response
    }

    /// An answer written whole (JSON) with `texts` in its holes: from the frame kept for `key`
    /// when there is one, else `write()`'s. The second time a key is asked for, a frame is made
    /// from `writeMarked()` (the same answer with markers in place of `texts`) and kept if, filled
    /// with `texts`, it is the very answer written.
    package func body(
        key: String, texts: [String], write: () throws -> ByteBuffer, writeMarked: () throws -> ByteBuffer
    ) rethrows -> ByteBuffer {
        let frames: Bool
        switch lookUp(key, texts, in: bodyFrames) {
        case .framed(let frame): return frame.fill(texts, tags: [:], deflating: false).page
        case .write(let framesAfter): frames = framesAfter
        }
        let body = try write()
        if frames {
            keep(
                PageFrame(parsing: try writeMarked(), parts: [], holes: texts.count), for: key, in: bodyFrames, ifFilledWith: texts,
                tags: [:],
                is: body)
        }
        return body
    }

    /// A piece of a page rendered on its own (a request tag's HTML from `template`, in
    /// `language`) with `texts` in its holes, as ``body(key:texts:write:writeMarked:)`` writes
    /// answers: the anonymous visitor's header differs from page to page only by the address
    /// Sign in returns to. Text, since that is what Leaf and a frame's tag holes take.
    package func fragment(
        _ template: String, in language: Language, key: String, texts: [String], render: () async throws -> ByteBuffer,
        renderMarked: () async throws -> ByteBuffer
    ) async rethrows -> String {
        let key = TemplateKey(template: template, language: language, key: key)
        let frames: Bool
        switch lookUp(key, texts, in: fragmentFrames) {
        case .framed(let frame): return frame.text(filling: texts)
        case .write(let framesAfter): frames = framesAfter
        }
        let body = try await render()
        if frames {
            keep(
                PageFrame(parsing: try await renderMarked(), parts: [], holes: texts.count), for: key, in: fragmentFrames,
                ifFilledWith: texts,
                tags: [:], is: body)
        }
        return String(buffer: body)
    }

    private enum LookUp {
        /// The kept frame, to be filled with the texts.
        case framed(PageFrame)
        /// To be written whole, and then framed if `framesAfter`.
        case write(framesAfter: Bool)
    }

    /// The kept frame of `key`, else whether to frame what is written (a key asked for a second
    /// time whose texts fit in holes).
    private func lookUp<Key>(_ key: Key, _ texts: [String], in kept: RecentValues<Key, Entry>) -> LookUp {
        guard PageFrame.fits(texts) else { return .write(framesAfter: false) }
        let entry = kept[key]
        if case .frame(let frame) = entry, frame.holes == texts.count { return .framed(frame) }
        return .write(framesAfter: isAskedAgain(key, entry, in: kept))
    }

    /// Whether the key has been asked for before without a frame being tried; notes it if not.
    private func isAskedAgain<Key>(_ key: Key, _ entry: Entry?, in kept: RecentValues<Key, Entry>) -> Bool {
        switch entry {
        case .askedOnce?: return true
        case nil:
            kept.keep(.askedOnce, for: key)
            return false
        case .frame?, .unframed?: return false
        }
    }

    /// Keeps `frame` for `key` if, filled with `texts` and `tags`, it is `expected`; otherwise
    /// notes the key as one not to frame. Whether it was kept.
    @discardableResult
    private func keep<Key>(
        _ frame: PageFrame?, for key: Key, in kept: RecentValues<Key, Entry>, ifFilledWith texts: [String], tags: [String: String],
        is expected: ByteBuffer
    ) -> Bool {
        guard let frame, frame.fill(texts, tags: tags, deflating: false).page == expected else {
            kept.keep(.unframed, for: key)
            return false
        }
        kept.keep(.frame(frame), for: key)
        return true
    }
}
