import Vapor

extension RoutesBuilder {
    /// Registers `handler` for `method` at `path`, started at once (``ImmediateResponder``). The
    /// app's typed routes register every page this way.
    @discardableResult
    package func on(
        _ method: HTTPMethod, _ path: [PathComponent],
        immediately handler: @escaping @Sendable (Request) async throws -> Response
    ) -> Route {
        let registered = Route(
            method: method, path: path, responder: ImmediateResponder(handler: handler),
            requestType: Request.self, responseType: Response.self)
        add(registered)
        return registered
    }
}

/// Runs an async route handler at once, on the thread that received the request, until its
/// first real suspension (`Task.immediate`). Vapor's async routes instead start a task that runs
/// on a later turn of the event loop: a page whose data is in memory never suspends, and that
/// hop cost it about a tenth of its throughput (an async route serving a fixed 1 KB body ran at
/// 0.85–0.9 of the same route without the hop; see docs/BENCHMARKS.md). Where the handler does
/// suspend (a database query), it resumes as any task does; since the event loops are Swift's
/// global executor here (`entrypoint.swift`), the handler runs on an event loop either way.
package struct ImmediateResponder: Responder {
    package let handler: @Sendable (Request) async throws -> Response

    package func respond(to request: Request) -> EventLoopFuture<Response> {
        // As Vapor's routes do: a streamed body is read whole (up to the routes' limit) first.
        guard request.body.data == nil else { return start(request) }
        let limit = request.application.routes.defaultMaxBodySize.value
        let collected =
            request.eventLoop.inEventLoop
            ? request.body.collect(max: limit)
            : request.eventLoop.flatSubmit { request.body.collect(max: limit) }
        return collected.flatMap { _ in start(request) }
    }

    private func start(_ request: Request) -> EventLoopFuture<Response> {
        let promise = request.eventLoop.makePromise(of: Response.self)
        Task.immediate {
            do {
                promise.succeed(try await handler(request))
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }
}
