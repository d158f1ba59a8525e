import ServiceInterfaces
import Vapor
import Web

extension FrankfurterView {
    /// A Frankfurter API's failure (`/v1` and `/v2` alike) with its status, and when to retry
    /// where it is worth retrying.
    static func response(to failure: Frankfurter.Failure, contentType: String, body: [UInt8]) -> Response {
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
        return Response(status: status, headers: headers, bytes: body)
    }
}
