import Synchronization
import Testing
import Vapor
import VaporTesting

@testable import Core
@testable import Web

@Suite("Routes started at once")
struct ImmediateResponderTests {
    @Test("the handler has run before respond(to:) returns when it never suspends")
    func startsAtOnce() async throws {
        let app = try await Application.make(.testing)
        let started = Mutex(false)
        let responder = ImmediateResponder { _ in
            started.withLock { $0 = true }
            return Response(status: .ok, body: "done")
        }
        // Called as the HTTP server calls it: on the request's event loop, outside any task.
        let loop = app.eventLoopGroup.next()
        let request = Request(application: app, url: "/", on: loop)
        let (answer, startedBeforeReturning) = try await loop.submit {
            let answer = responder.respond(to: request)
            return (answer, started.withLock { $0 })
        }.get()
        #expect(startedBeforeReturning)
        #expect(try await answer.get().body.string == "done")
        try await app.asyncShutdown()
    }

    @Test("a handler that suspends answers when it resumes; one that throws fails the response")
    func suspendsAndThrows() async throws {
        let app = try await Application.make(.testing)
        let request = Request(application: app, url: "/", on: app.eventLoopGroup.next())
        let slow = ImmediateResponder { _ in
            try await Task.sleep(for: .milliseconds(20))
            return Response(status: .accepted)
        }
        #expect(try await slow.respond(to: request).get().status == .accepted)
        let failing = ImmediateResponder { _ in throw Abort(.conflict) }
        await #expect(throws: Abort.self) { try await failing.respond(to: request).get() }
        try await app.asyncShutdown()
    }

    @Test("a body streamed over HTTP is read whole before the handler runs, up to the routes' limit")
    func collectsStreamedBodies() async throws {
        let app = try await Application.make(.testing)
        app.routes.defaultMaxBodySize = "1mb"
        app.routes.add(
            Route(
                method: .POST, path: ["echo"],
                responder: ImmediateResponder { request in
                    Response(status: .ok, body: .init(string: "\(request.body.data?.readableBytes ?? -1)"))
                }, requestType: Request.self, responseType: Response.self))
        let body = ByteBuffer(repeating: UInt8(ascii: "a"), count: 600_000)
        try await app.testing(method: .running(port: 0)).test(
            .POST, "echo",
            beforeRequest: { request in
                request.body = body
            }
        ) { response in
            #expect(response.status == .ok)
            #expect(response.body.string == "600000")
        }
        try await app.testing(method: .running(port: 0)).test(
            .POST, "echo",
            beforeRequest: { request in
                request.body = ByteBuffer(repeating: UInt8(ascii: "a"), count: 1_100_000)
            }
        ) { response in
            #expect(response.status == .payloadTooLarge)
        }
        try await app.asyncShutdown()
    }
}
