import Leaf
import LeafKit
import NIOConcurrencyHelpers
import Vapor

/// Renders pages from `Templates/` through Leaf once per template and shape of view model, and
/// fills each request's texts into that rendering (``PageSkeleton``): what does not change per
/// request (the layout, the form, the option lists, the table's markup) is not serialised again.
///
/// The first page of each shape is also rendered by Leaf directly and the two compared byte for
/// byte; a shape whose skeleton differs (a template that transforms or compares a text rather
/// than print it) is rendered by Leaf from then on and logged. Templates should therefore only
/// print texts and test them for presence; comparisons belong in the presenter, as a flag.
/// Off in the development environment, where templates are edited while the app runs.
package final class PageRenderer: Sendable {
    package struct Statistics: Sendable, Equatable {
        package var skeletons = 0
        package var leafOnly = 0
        package var filled = 0
    }

    private enum Entry: Sendable {
        case skeleton(PageSkeleton)
        case leafOnly
    }

    package let isEnabled: Bool
    /// Whether the app gzips its pages (``GzipMiddleware``): only then does a page note where its
    /// pieces deflated ahead land.
    package let compresses: Bool
    /// At most this many shapes are kept; the whole set is dropped when it is full.
    package let capacity: Int
    package let requestTags: [any RequestTag]
    private struct State {
        var entries: [String: Entry] = [:]
        var statistics = Statistics()
    }

    private let state = NIOLockedValueBox(State())
    private let tagsByName: [String: any RequestTag]
    /// Pages (and JSON answers) cut where the texts that change per request go, by key.
    let frames = PageFrames(capacity: 2_048)
    /// Answers anyone may get, kept to be sent again (16 MB of bodies by validator).
    package let keptAnswers = KeptAnswers(capacity: 16 << 20)

    package init(requestTags: [any RequestTag], isEnabled: Bool, compresses: Bool = true, capacity: Int = 2_000) {
        self.requestTags = requestTags
        self.isEnabled = isEnabled
        self.compresses = compresses
        self.capacity = capacity
        self.tagsByName = Dictionary(uniqueKeysWithValues: requestTags.map { ($0.name, $0) })
    }

    package var statistics: Statistics { state.withLockedValue { $0.statistics } }

    /// The `userInfo` key under which Leaf's request tags find their HTML for this request.
    package static let requestTagsKey = "requestTags"

    /// `template` rendered with `model` for `request`, its request tags (``RequestTag``) filled in.
    package func render(_ template: String, _ model: some Encodable & Sendable, for request: Request) async throws -> ByteBuffer {
        try await render(template, model, for: request, tags: requestTags, deflating: false).page
    }

    /// The same, with where the model's ahead-deflated HTML (``SelectOptions``' runs) landed in it.
    package func renderPage(
        _ template: String, _ model: some Encodable & Sendable, for request: Request
    ) async throws -> (page: ByteBuffer, pieces: DeflatablePieces?) {
        let rendered = try await render(template, model, for: request, tags: requestTags, deflating: deflates(for: request))
        return (
            rendered.page,
            rendered.parts.isEmpty && rendered.runs.isEmpty
                ? nil : DeflatablePieces(parts: rendered.parts, runs: rendered.runs, of: rendered.page)
        )
    }

    /// A request tag's HTML that is the same for every request with the same `key` (and
    /// language) but for `texts`: `model(texts)` rendered, or the key's frame (``PageFrames``)
    /// with these texts in their places, as ``Request/renderPage(_:key:texts:status:model:)`` does for pages.
    package func renderFragment<Model: Encodable & Sendable>(
        _ template: String, key: String, texts: [String], for request: Request, model: ([String]) -> Model
    ) async throws -> String {
        guard isEnabled else { return try await renderFragment(template, model(texts), for: request) }
        return try await frames.fragment(
            template, in: request.language, key: key, texts: texts,
            render: { try await render(template, model(texts), for: request, tags: [], deflating: false).page },
            renderMarked: {
                try await render(template, model(PageFrame.markers(texts.count)), for: request, tags: [], deflating: false).page
            })
    }

    /// A request tag's own template rendered with its view model: a piece of a page, with no
    /// request tags of its own.
    package func renderFragment(_ template: String, _ model: some Encodable & Sendable, for request: Request) async throws -> String {
        String(buffer: try await render(template, model, for: request, tags: [], deflating: false).page)
    }

    /// A page, where its texts' ahead-deflated parts landed, and where its skeleton's fixed runs
    /// deflated ahead did (only when asked to deflate).
    private typealias Rendered = (
        page: ByteBuffer, parts: [(offset: Int, part: PrecompressedHTML.Part)], runs: [(offset: Int, piece: DeflatedPiece)]
    )

    private func render(
        _ template: String, _ model: some Encodable & Sendable, for request: Request,
        tags: [any RequestTag], deflating: Bool
    ) async throws -> Rendered {
        guard isEnabled, let values = try? PageValues(encoding: model) else {
            return (try await leaf(template, model, for: request, tags: try await html(of: tags, for: request)), [], [])
        }
        let key = Self.key(template, values, for: request)
        let entry = state.withLockedValue { state in
            let entry = state.entries[key]
            if case .skeleton = entry { state.statistics.filled += 1 }
            return entry
        }
        switch entry {
        case .skeleton(let skeleton):
            let html = try await html(of: tags.filter { skeleton.tagNames.contains($0.name) }, for: request)
            return skeleton.fill(values.texts, parts: values.parts, deflating: deflating) {
                html[$0] ?? ""
            }
        case .leafOnly:
            return (try await leaf(template, model, for: request, tags: try await html(of: tags, for: request)), [], [])
        case nil:
            let html = try await html(of: tags, for: request)
            let direct = try await leaf(template, model, for: request, tags: html)
            // The skeleton is Leaf's rendering of the model's tree, whose texts must be the ones
            // written in one pass, in the same order; and filled, it must be Leaf's page.
            var skeleton: PageSkeleton?
            if let context = try? PageContext(encoding: model), context.texts() == values.texts {
                skeleton = try await self.skeleton(template, context, slots: values.texts.count, on: request)
            }
            let entry: Entry =
                if let skeleton, skeleton.fill(values.texts, tag: { html[$0] ?? "" }) == direct { .skeleton(skeleton) } else { .leafOnly }
            if case .leafOnly = entry {
                request.logger.warning(
                    "Page skeleton differs from Leaf's page; rendering this shape with Leaf", metadata: ["template": "\(template)"])
            }
            state.withLockedValue { state in
                if state.entries.count >= capacity { state.entries.removeAll() }
                state.entries[key] = entry
                if case .skeleton = entry { state.statistics.skeletons += 1 } else { state.statistics.leafOnly += 1 }
            }
            return (direct, [], [])
        }
    }

    /// Each language's pages have their own skeletons: the templates' fixed texts are translated.
    private static func key(_ template: String, _ values: PageValues, for request: Request) -> String {
        var key = template
        key.append("\u{0}")
        key.append(request.language.rawValue)
        key.append("\u{0}")
        key.append(String(decoding: values.shape, as: UTF8.self))
        return key
    }

    /// Whether a page for `request` will be gzip'd: only then does it need to know where its
    /// pieces deflated ahead land.
    package func deflates(for request: Request) -> Bool { compresses && request.acceptsGzip }

    /// The frame of `model`, whose texts that change per request are ``PageFrame/marker(_:)``s
    /// (`holes` of them), filled into its shape's skeleton with markers for its request tags; nil
    /// unless that shape has a skeleton (it renders with Leaf, or has not been rendered yet).
    package func frame(_ template: String, _ model: some Encodable & Sendable, for request: Request, holes: Int) -> PageFrame? {
        guard isEnabled, let values = try? PageValues(encoding: model) else { return nil }
        let key = Self.key(template, values, for: request)
        guard case .skeleton(let skeleton) = state.withLockedValue({ $0.entries[key] }) else { return nil }
        let filled = skeleton.fill(values.texts, parts: values.parts) { PageFrame.tagMarker($0) }
        return PageFrame(parsing: filled.page, parts: filled.parts, holes: holes)
    }

    /// This request's HTML of the request tags named, by name.
    package func html(ofTags names: Set<String>, for request: Request) async throws -> [String: String] {
        var html: [String: String] = .init(minimumCapacity: names.count)
        for tag in requestTags where names.contains(tag.name) { html[tag.name] = try await tag.html(for: request, pages: self) }
        return html
    }

    /// Each tag's HTML for this request, by name.
    private func html(of tags: [any RequestTag], for request: Request) async throws -> [String: String] {
        var html: [String: String] = [:]
        for tag in tags { html[tag.name] = try await tag.html(for: request, pages: self) }
        return html
    }

    /// Leaf's own rendering, as `request.leaf` renders, with the request tags' HTML at hand.
    private func leaf(
        _ template: String, _ model: some Encodable & Sendable, for request: Request,
        tags: [String: String]
    ) async throws -> ByteBuffer {
        let application = request.application
        var userInfo = application.leaf.userInfo
        userInfo["request"] = request
        userInfo["application"] = application
        userInfo[Self.requestTagsKey] = tags
        userInfo[LanguageTags.userInfoKey] = request.language
        let renderer = LeafRenderer(
            configuration: application.leaf.configuration, tags: application.leaf.tags, cache: application.leaf.cache,
            sources: application.leaf.sources, eventLoop: request.eventLoop, userInfo: userInfo)
        return try await renderer.render(path: template, context: model).get()
    }

    /// Leaf's rendering of `context`'s shape with markers in its slots, as a skeleton.
    private func skeleton(_ template: String, _ context: PageContext, slots: Int, on request: Request) async throws -> PageSkeleton? {
        let application = request.application
        let renderer = LeafRenderer(
            configuration: application.leaf.configuration, tags: application.leaf.tags, cache: application.leaf.cache,
            sources: application.leaf.sources, eventLoop: request.eventLoop,
            userInfo: ["application": application, PageSkeleton.renderingKey: true, LanguageTags.userInfoKey: request.language])
        let rendered = try await renderer.render(path: template, context: context.leafData(marker: PageSkeleton.marker)).get()
        return PageSkeleton(parsing: rendered, slots: slots)
    }
}

extension Application {
    private struct PageRendererKey: StorageKey {
        typealias Value = PageRenderer
    }

    /// Set by `configure`.
    package var pages: PageRenderer {
        get {
            guard let renderer = storage[PageRendererKey.self] else { fatalError("configure(_:) has not run") }
            return renderer
        }
        set { storage[PageRendererKey.self] = newValue }
    }
}
