import Testing
import Vapor

@testable import Web

@Suite("Responses made whole in one go")
struct ResponseWholeTests {
    @Test("the headers as given, then the body's length: what Vapor's initialiser writes")
    func sameHeadersAsVapor() {
        let body = ByteBuffer(string: "{\"result\":\"88.87\"}")
        let given: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8", "Content-Language": "de"]
        let whole = Response(whole: body, headers: given)
        let vapors = Response(status: .ok, headers: given, body: .init(buffer: body))
        #expect(whole.headers.map { "\($0.name): \($0.value)" } == vapors.headers.map { "\($0.name): \($0.value)" })
        #expect(whole.headers.first(name: .contentLength) == "18")
        #expect(whole.body.buffer == body && whole.status == .ok)
    }

    @Test("a length or a transfer encoding among the headers given gives way to the body's length")
    func lengthFromTheBody() {
        let given: HTTPHeaders = ["Content-Length": "999", "Transfer-Encoding": "chunked", "Retry-After": "60"]
        let whole = Response(whole: ByteBuffer(string: "busy"), status: .serviceUnavailable, headers: given)
        #expect(whole.headers[.contentLength] == ["4"])
        #expect(!whole.headers.contains(name: .transferEncoding))
        #expect(whole.headers.first(name: .retryAfter) == "60" && whole.status == .serviceUnavailable)
    }
}
