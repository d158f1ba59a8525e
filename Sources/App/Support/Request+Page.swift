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

    /// The query string's `name=value` pairs in one pass (the first value wins for a repeated name).
    /// `req.query[...]` would parse the whole query string again for every name asked for.
    var queryItems: [String: String] {
        guard let query = url.query, !query.isEmpty else { return [:] }
        var items: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decodeQueryComponent(parts[0]), items[name] == nil else { continue }
            items[name] = parts.count > 1 ? Self.decodeQueryComponent(parts[1]) ?? "" : ""
        }
        return items
    }

    private static func decodeQueryComponent(_ text: Substring) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(text)
        }
        return text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
