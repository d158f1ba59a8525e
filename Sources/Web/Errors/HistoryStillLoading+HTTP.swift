import ServiceInterfaces
import Vapor

/// A day the bundled history has not stored yet is a 503 with `Retry-After`, in every page's
/// and API's own shape (``ErrorPageMiddleware``), saying how far the load has come.
extension HistoryStillLoading: AbortError {
    package var status: HTTPResponseStatus { .serviceUnavailable }
    package var headers: HTTPHeaders { ["Retry-After": String(Self.retryAfterSeconds)] }
    package var reason: String { message.english }
}
