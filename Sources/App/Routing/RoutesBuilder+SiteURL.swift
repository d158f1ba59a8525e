import Vapor
import Web

extension RoutesBuilder {
    /// Registers `handler` for `GET route`.
    @discardableResult
    func get(_ route: SiteURL.Route, use handler: @escaping @Sendable (Request) async throws -> Response) -> Route {
        on(.GET, route.pathComponents, immediately: handler)
    }

    /// Registers `handler` for `POST route` (a form, read whole and checked before it runs).
    @discardableResult
    func post(_ route: SiteURL.Route, use handler: @escaping @Sendable (Request) async throws -> Response) -> Route {
        on(.POST, route.pathComponents, immediately: handler)
    }

    /// Registers `handler` for `POST route`, with the body left to it as it arrives (an upload
    /// the handler reads within its own limits).
    @discardableResult
    func post(
        _ route: SiteURL.Route, streaming handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        on(.POST, route.pathComponents, body: .stream, use: handler)
    }
}
