import Vapor

extension Response {
    /// `value` as the API's JSON (``APIJSON``): the one way the app answers in JSON, API
    /// results, problem documents and health checks alike.
    package static func json(
        _ value: some Encodable, status: HTTPStatus = .ok, headers extra: HTTPHeaders = [:],
        contentType: String = "application/json; charset=utf-8"
    ) throws -> Response {
        var headers: HTTPHeaders = ["Content-Type": contentType]
        for (name, value) in extra where name.lowercased() != "content-type" { headers.add(name: name, value: value) }
        return Response(whole: ByteBuffer(bytes: try APIJSON.encode(value)), status: status, headers: headers)
    }

    /// A JSON answer of `body`, written already.
    package static func json(_ body: ByteBuffer, status: HTTPStatus = .ok) -> Response {
        Response(whole: body, status: status, headers: ["Content-Type": "application/json; charset=utf-8"])
    }
}
