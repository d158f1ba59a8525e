import Vapor

extension Response {
    /// The answer that sends the browser where `redirect` says.
    convenience init(_ redirect: Redirection) {
        self.init(status: redirect.status == .seeOther ? .seeOther : .movedPermanently)
        headers.replaceOrAdd(name: .location, value: redirect.location.path)
    }
}
