import Leaf
import Vapor

extension Request {
    /// Renders a Leaf template from `Templates/` as an HTML page with `status`.
    ///
    /// Renders on this request's own event loop (`req.view` first builds a renderer on another
    /// loop, and the hop back costs every page a thread switch).
    func renderPage(_ template: String, _ context: some Encodable & Sendable,
                    status: HTTPStatus = .ok, headers: HTTPHeaders = [:]) async throws -> Response {
        try await leaf.render(template, context).get().response(status: status, headers: headers)
    }

    /// The query string's `name=value` pairs, read by ``FormFields``' rule (the same as forms'):
    /// as ``RequestInputMiddleware`` already read them, so the string is parsed once.
    var queryItems: [String: String] {
        if let parsed = formQuery { return parsed.dictionary }
        guard let query = url.query, !query.isEmpty else { return [:] }
        return (try? FormFields(parsing: query))?.dictionary ?? [:]
    }
}
