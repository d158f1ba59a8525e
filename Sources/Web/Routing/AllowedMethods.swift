import Core
import Vapor

/// The methods the routes answer at an address, so that a request using another one gets a 405
/// naming them (`Allow`) rather than a 404 that says the address does not exist (RFC 9110 §15.5.6).
/// Read from the route table only when no route matched, which is rare and never on a hot path.
package struct AllowedMethods: Sendable, Equatable {
    package let methods: [HTTPMethod]
}

extension AllowedMethods {
    /// The methods of every route whose path matches `path` as Vapor's router matches it
    /// (constants exactly, a parameter or `*` any one segment). A catch-all (`**`) route is a
    /// not-found answer, not a resource, so it allows nothing. HEAD comes with GET (Vapor answers
    /// it from the GET route) and OPTIONS with the public APIs' preflights.
    package init(path: String, routes: [Route], paths: SitePaths) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        var methods: [HTTPMethod] = []
        func allow(_ method: HTTPMethod) { if !methods.contains(method) { methods.append(method) } }
        for route in routes where Self.matches(route.path.filter { $0 != .constant("") }, segments) {
            allow(route.method)
            if route.method == .GET { allow(.HEAD) }
        }
        if !methods.isEmpty, paths.isPublicAPI(path) { allow(.OPTIONS) }
        self.methods = methods.sorted { Self.rank($0) < Self.rank($1) }
    }

    package var isEmpty: Bool { methods.isEmpty }

    /// The `Allow` header's value.
    package var headerValue: String { methods.map(\.rawValue).joined(separator: ", ") }

    private static let order: [HTTPMethod] = [.GET, .HEAD, .POST, .PUT, .PATCH, .DELETE, .OPTIONS]

    /// GET first and OPTIONS last, as `Allow` headers usually list them; others by name.
    private static func rank(_ method: HTTPMethod) -> String {
        order.firstIndex(of: method).map { "\($0)" } ?? "9" + method.rawValue
    }

    private static func matches(_ pattern: [PathComponent], _ segments: [Substring]) -> Bool {
        guard pattern.count == segments.count else { return false }
        return zip(pattern, segments).allSatisfy { component, segment in
            switch component {
            case .constant(let constant): constant == segment
            case .parameter, .anything: true
            case .catchall: false
            }
        }
    }
}

/// A request whose address exists but not for its method: 405, with the methods it allows.
package struct MethodNotAllowed: AbortError {
    package let method: HTTPMethod
    package let allowed: AllowedMethods

    package var status: HTTPResponseStatus { .methodNotAllowed }
    package var headers: HTTPHeaders { ["Allow": allowed.headerValue] }
    package var reason: String { message.english }

    package var message: Message {
        Message(
            "This address does not accept {method} requests, only {allowed}.",
            [
                "method": .text(method.rawValue), "allowed": .message(.alternatives(allowed.methods.map(\.rawValue))),
            ])
    }
}
