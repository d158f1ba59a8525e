import Vapor

extension View {
    /// The rendered page as an HTML response with `status`.
    package func response(status: HTTPStatus = .ok, headers extra: HTTPHeaders = [:]) -> Response {
        var headers: HTTPHeaders = ["Content-Type": "text/html; charset=utf-8"]
        for (name, value) in extra { headers.replaceOrAdd(name: name, value: value) }
        return Response(status: status, headers: headers, body: .init(buffer: data))
    }
}
