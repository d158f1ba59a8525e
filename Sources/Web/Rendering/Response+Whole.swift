import Vapor

extension Response {
    /// A response of `body`, held whole, with `headers` and its `Content-Length`, made in one go.
    /// Vapor's `init(status:headers:body:)` sets the length afterwards through `Response.headers`,
    /// which copies every header once more (they sit in a locked box); a page or an API answer
    /// made this way skips that copy.
    package convenience init(whole body: ByteBuffer, status: HTTPStatus = .ok, headers: HTTPHeaders) {
        var headers = headers
        headers.remove(name: .transferEncoding)
        headers.replaceOrAdd(name: .contentLength, value: String(body.readableBytes))
        self.init(status: status, version: .http1_1, headersNoUpdate: headers, body: .init(buffer: body))
    }
}
