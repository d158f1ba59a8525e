import Vapor

/// An error a visitor is told about, its message written in their language on the error page
/// (``ErrorPageMiddleware``) and in canonical English for the JSON API and the log.
struct PageAbort: AbortError {
    let status: HTTPResponseStatus
    let message: Message
    var headers: HTTPHeaders = [:]

    init(_ status: HTTPResponseStatus, _ message: Message, headers: HTTPHeaders = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    var reason: String { message.english }
}
