import Vapor

extension View {
    /// Every page's `Content-Type`.
    static let htmlContentType = "text/html; charset=utf-8"

    /// The rendered page as an HTML response with `status`.
    package func response(status: HTTPStatus = .ok, headers extra: HTTPHeaders = [:]) -> Response {
        var headers: HTTPHeaders = ["Content-Type": Self.htmlContentType]
        for (name, value) in extra { headers.replaceOrAdd(name: name, value: value) }
        return Response(status: status, headers: headers, body: .init(buffer: data))
    }
}
