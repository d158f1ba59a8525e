import ServiceInterfaces
import Vapor

/// Turns every error into a page a person can read, with the right status code. Client errors
/// say what was wrong; server errors say only that something failed (details go to the log,
/// never to the browser). The JSON API answers a problem document instead, and an API whose
/// clients read errors in a shape of their own (`/v1`, Frankfurter's) gets that shape.
package struct ErrorPageMiddleware: AsyncMiddleware {
    /// How the addresses of one API answer errors: whether a request is one of them, and its answer.
    package struct Shape: Sendable {
        package let applies: @Sendable (Request) -> Bool
        package let response: @Sendable (_ status: HTTPResponseStatus, _ message: String, _ headers: HTTPHeaders) -> Response

        package init(
            applies: @escaping @Sendable (Request) -> Bool,
            response: @escaping @Sendable (_ status: HTTPResponseStatus, _ message: String, _ headers: HTTPHeaders) -> Response
        ) {
            self.applies = applies
            self.response = response
        }
    }

    /// The app's addresses: the home page, where the APIs live.
    package let paths: SitePaths
    /// Shapes tried in order before the problem document and the page.
    package var shapes: [Shape] = []

    package struct Page: Encodable {
        package let title: String
        package let status: Int
        package let message: String
        package let homeURL: String
    }

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let notFound as RouteNotFound {
            let allowed = AllowedMethods(path: request.url.path, routes: request.application.routes.all, paths: paths)
            let error: any Error = allowed.isEmpty ? notFound : MethodNotAllowed(method: request.method, allowed: allowed)
            return await page(for: error, request: request)
        } catch {
            return await page(for: error, request: request)
        }
    }

    private func page(for error: any Error, request: Request) async -> Response {
        let status = (error as? any AbortError)?.status ?? .internalServerError
        let headers = (error as? any AbortError)?.headers ?? [:]
        let l = request.localization
        let message: String
        if let outage = error as? DatabaseUnavailable {
            // Expected while the database is down: say so plainly, no trace. ``DatabaseHealth``
            // logs the outage itself; requests refused without trying are only worth a debug line.
            let level: Logger.Level = outage.cause == .recentlyFailed ? .debug : .warning
            request.logger.log(level: level, "503 \(request.method) \(LogText.escaped(request.url.path)): \(outage.logDescription)")
            message = l.text(DatabaseUnavailable.message)
        } else if let loading = error as? HistoryStillLoading {
            request.logger.debug("503 \(request.method) \(LogText.escaped(request.url.path)): \(loading.message.english)")
            message = l.text(loading.message)
        } else if status.code >= 500 {
            request.logger.report(error: error)
            message = l.text("Something went wrong on our side. Please try again in a moment.")
        } else {
            request.logger.debug("\(status.code) \(request.method) \(LogText.escaped(request.url.path)): \(error)")
            message =
                switch error {
                case let abort as PageAbort: l.text(abort.message)
                case let wrongMethod as MethodNotAllowed: l.text(wrongMethod.message)
                case _ where status == .notFound: l.text("There is no page at this address.")
                // Decoder details ("Expected to decode String but found an array") help nobody.
                case is DecodingError: l.text("The form could not be read. Please go back and submit it again.")
                case _ where status == .tooManyRequests: l.text("Too many attempts. Please wait a moment and try again.")
                default: (error as? any AbortError)?.reason ?? status.reasonPhrase
                }
        }
        var extra = headers
        extra.remove(name: .contentType)
        do {
            if let shape = shapes.first(where: { $0.applies(request) }) {
                return shape.response(status, message, extra)
            }
            if request.url.path.hasPrefix(paths.problemDocuments) {
                return try ProblemDetails(
                    type: "about:blank", title: status.reasonPhrase, status: Int(status.code),
                    detail: status == .notFound ? "There is no API resource at this address." : message,
                    instance: request.url.string
                ).response(headers: extra)
            }
            let page = Page(
                title: "\(status.code) \(Self.statusText(status, in: l))", status: Int(status.code), message: message, homeURL: paths.home)
            return try await request.renderPage("error", page, status: status, headers: extra)
        } catch {
            request.logger.error("The error page itself failed: \(String(reflecting: error))")
            return Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .init(string: message))
        }
    }

    /// The status's reason phrase in the visitor's language, for the statuses a page can get.
    package static func statusText(_ status: HTTPResponseStatus, in l: Localization) -> String {
        switch status.code {
        case 400: l.text("Bad Request")
        case 403: l.text("Forbidden")
        case 404: l.text("Not Found")
        case 405: l.text("Method Not Allowed")
        case 413: l.text("Content Too Large")
        case 414: l.text("Address Too Long")
        case 415: l.text("Unsupported Media Type")
        case 422: l.text("Unprocessable Content")
        case 429: l.text("Too Many Requests")
        case 431: l.text("Request Header Fields Too Large")
        case 500: l.text("Internal Server Error")
        case 503: l.text("Service Unavailable")
        default: status.reasonPhrase
        }
    }
}
