import ServiceInterfaces
import Vapor
import Web

extension Response {
    /// A Frankfurter API's failure (`/v1` and `/v2` alike) with its status, and when to retry
    /// where it is worth retrying.
    convenience init(_ failure: Frankfurter.Failure, contentType: String, body: [UInt8]) {
        var headers: HTTPHeaders = ["Content-Type": contentType]
        let status: HTTPStatus
        switch failure {
        case .notFound: status = .notFound
        case .unprocessable: status = .unprocessableEntity
        case .unavailable:
            status = .serviceUnavailable
            headers.add(name: .retryAfter, value: "60")
        case .loading:
            status = .serviceUnavailable
            headers.add(name: .retryAfter, value: String(HistoryStillLoading.retryAfterSeconds))
        }
        self.init(status: status, headers: headers, bytes: body)
    }
}
