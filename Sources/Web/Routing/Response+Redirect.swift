import Vapor

extension Response {
    /// 303 See Other to `destination`: after a POST, the browser follows with a GET.
    package static func seeOther(_ destination: SiteURL) -> Response {
        let response = Response(status: .seeOther)
        response.headers.replaceOrAdd(name: .location, value: destination.path)
        return response
    }
}

extension Response {
    /// 301 Moved Permanently to `destination`: the one address a resource always has.
    package static func movedPermanently(_ destination: SiteURL) -> Response {
        let response = Response(status: .movedPermanently)
        response.headers.replaceOrAdd(name: .location, value: destination.path)
        return response
    }

    /// To the sign-in form, coming back to `path` (a local path) afterwards.
    package static func signInFirst(returningTo path: String) -> Response {
        .seeOther(.login(next: LocalPath(path)))
    }
}
