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
        queryFields.dictionary
    }

    /// The same pairs as sent, read by name (``FormFields/subscript(name:)``) without a dictionary
    /// made of them: the converter's page and API read five names of three or so fields on every
    /// request, which the dictionary made them hash twice.
    package var queryFields: FormFields {
        if let received { return received.fields ?? FormFields() }
        guard let query = url.query, !query.isEmpty else { return FormFields() }
        return (try? FormFields(parsing: query)) ?? FormFields()
    }
}
