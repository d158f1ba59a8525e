import Testing
import Vapor

@testable import App
@testable import Core
@testable import Persistence
@testable import RateSources
@testable import Web

@Suite("Rendered pages kept by ETag")
struct RenderedPageCacheTests {
    func page(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8", "Set-Cookie": "a=b"], body: .init(string: text))
    }

    @Test("a kept body comes back with its content type only; the least recently used go first past the capacity")
    func keepsAndEvicts() {
        let cache = RenderedPageCache(capacity: 800) // bodies up to 100 bytes
        cache.keep(page(String(repeating: "a", count: 100)), for: "\"a\"")
        cache.keep(page(String(repeating: "b", count: 100)), for: "\"b\"")
        let kept = cache.response(for: "\"a\"")
        #expect(kept?.body.string == String(repeating: "a", count: 100))
        #expect(kept?.headers.first(name: .contentType) == "text/html; charset=utf-8" && kept?.headers.first(name: .setCookie) == nil)
        for index in 0..<6 { cache.keep(page(String(repeating: "c", count: 100)), for: "\"c\(index)\"") }
        #expect(cache.bytes == 800)
        #expect(cache.response(for: "\"c0\"") != nil) // read: now the most recently used
        cache.keep(page(String(repeating: "d", count: 100)), for: "\"d\"")
        // Past the capacity, the least recently used go down to three quarters of it: "b", then
        // "a" (read after "b" was kept), then "c1"; "c0", kept before "c1" but read since, stays.
        #expect(cache.bytes == 600)
        for gone in ["b", "a", "c1"] { #expect(cache.response(for: "\"\(gone)\"") == nil, "\(gone)") }
        for kept in ["c0", "c2", "c5", "d"] { #expect(cache.response(for: "\"\(kept)\"") != nil, "\(kept)") }
        #expect(cache.hits == 6)
    }

    @Test("only small 200s are kept")
    func onlySmallSuccesses() {
        let cache = RenderedPageCache(capacity: 800)
        cache.keep(page(String(repeating: "a", count: 101)), for: "\"big\"")
        cache.keep(page("missing", status: .notFound), for: "\"404\"")
        #expect(cache.response(for: "\"big\"") == nil && cache.response(for: "\"404\"") == nil && cache.bytes == 0)
        let off = RenderedPageCache(capacity: 0)
        off.keep(page(""), for: "\"x\"")
        #expect(off.response(for: "\"x\"") == nil)
    }
}
