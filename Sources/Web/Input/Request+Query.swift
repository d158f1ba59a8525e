import Vapor

extension Request {
    /// The path and query asked for (`/?from=USD&to=EUR`), as `url.string` writes them for a
    /// request, without `URLComponents` putting the whole string together again.
    package var target: String {
        let (path, query) = received.map { ($0.path, $0.query) } ?? (url.path, url.query)
        guard let query else { return path }
        return path + "?" + query
    }

    /// The query string's `name=value` pairs, read by ``FormFields``' rule (the same as forms'):
    /// as ``RequestInputMiddleware`` already read them, so the string is parsed once.
    package var queryItems: [String: String] {
        if let received { return received.fields?.dictionary ?? [:] }
        guard let query = url.query, !query.isEmpty else { return [:] }
        return (try? FormFields(parsing: query))?.dictionary ?? [:]
    }
}
