import Vapor
import Web

/// What the ledger's failures answer over HTTP: the page's status, and the API's problem documents.
extension LedgerView {
    /// No rates stored yet (or the database out of reach): 503, try again in a minute.
    static let unavailable = PageAbort(.serviceUnavailable, LedgerPresenter.unavailable, headers: ["Retry-After": "60"])

    /// What nothing converted answers with.
    static func status(of failure: Ledger.Failure) -> HTTPStatus {
        switch failure {
        case .refused(.tooLarge), .refused(.tooManyLines): .payloadTooLarge
        case .refused(.notText): .unsupportedMediaType
        case .refused, .invalid, .noColumns, .ambiguousDates: .unprocessableEntity
        case .ratesUnavailable, .loading: .serviceUnavailable
        case .signInRequired, .notFound: .notFound
        }
    }

    /// The API's refusals, as problem documents.
    static func problem(_ failure: Ledger.Failure) -> any Error {
        if case .loading(let loading) = failure { return loading }
        return PageAbort(
            status(of: failure), LedgerPresenter.problem(failure), headers: failure == .ratesUnavailable ? ["Retry-After": "60"] : [:])
    }
}
