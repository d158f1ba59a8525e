import Core
import Vapor

/// An error a visitor is told about, its message written in their language on the error page
/// (``ErrorPageMiddleware``) and in canonical English for the JSON API and the log.
package struct PageAbort: AbortError {
    package let status: HTTPResponseStatus
    package let message: Message
    package var headers: HTTPHeaders = [:]

    package init(_ status: HTTPResponseStatus, _ message: Message, headers: HTTPHeaders = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    package var reason: String { message.english }
}
