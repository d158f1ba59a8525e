import ServiceInterfaces
import Vapor

/// An outage of the database is a 503 with `Retry-After`, in every page's and API's own shape
/// (``ErrorPageMiddleware``); its page says so plainly.
extension DatabaseUnavailable: AbortError {
    package var status: HTTPResponseStatus { .serviceUnavailable }
    package var headers: HTTPHeaders { ["Retry-After": String(Self.retryAfterSeconds)] }
    package var reason: String { Self.message.english }
}
