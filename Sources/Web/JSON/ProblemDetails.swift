import Vapor

/// An API error as RFC 9457 `application/problem+json`.
package struct ProblemDetails: Content, Sendable, Equatable {
    /// A URI naming the kind of problem; `about:blank` when the status says it all.
    package let type: String
    package let title: String
    package let status: Int
    package let detail: String
    /// The request that failed (path and query).
    package let instance: String?
    /// For invalid input: a message per parameter.
    package var errors: [String: String]?

    package init(type: String, title: String, status: Int, detail: String, instance: String?, errors: [String: String]? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.errors = errors
    }

    package func response(headers: HTTPHeaders = [:]) throws -> Response {
        try .json(
            self, status: HTTPStatus(statusCode: status), headers: headers,
            contentType: "application/problem+json; charset=utf-8")
    }

    /// Problem types this API names; each is also documented in the OpenAPI document.
    package enum Kind: String {
        case missingParameter = "missing-parameter"
        case invalidParameter = "invalid-parameter"
        case unknownCurrency = "unknown-currency"
        case ratesUnavailable = "rates-unavailable"

        package var uri: String { "https://currency-converter.example/problems/\(rawValue)" }
    }
}
