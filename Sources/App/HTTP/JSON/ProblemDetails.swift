import Vapor

/// An API error as RFC 9457 `application/problem+json`.
struct ProblemDetails: Content, Sendable, Equatable {
    /// A URI naming the kind of problem; `about:blank` when the status says it all.
    let type: String
    let title: String
    let status: Int
    let detail: String
    /// The request that failed (path and query).
    let instance: String?
    /// For invalid input: a message per parameter.
    var errors: [String: String]?

    func response(headers: HTTPHeaders = [:]) throws -> Response {
        try .json(
            self, status: HTTPStatus(statusCode: status), headers: headers,
            contentType: "application/problem+json; charset=utf-8")
    }

    /// Problem types this API names; each is also documented in the OpenAPI document.
    enum Kind: String {
        case missingParameter = "missing-parameter"
        case invalidParameter = "invalid-parameter"
        case unknownCurrency = "unknown-currency"
        case ratesUnavailable = "rates-unavailable"

        var uri: String { "https://currency-converter.example/problems/\(rawValue)" }
    }
}

extension Request {
    /// Whether this request is for the JSON API (its errors are problem documents, not pages).
    var isAPIRequest: Bool { url.path.hasPrefix(SiteURL.Route.apiPrefix) }
}
