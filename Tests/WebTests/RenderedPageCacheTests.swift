import CompressNIO
import Testing
import Vapor

@testable import Core
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

    @Test("a body of a kilobyte or more is kept gzip'd: sent so to a client that takes gzip, inflated for any other")
    func keptGzipped() throws {
        let cache = RenderedPageCache(capacity: 64_000) // bodies up to 8,000 bytes as kept
        let text = (0..<400).map { "<tr><td>2026-01-\($0 % 28 + 1)</td><td>0.\(8_000 + $0)</td></tr>\n" }.joined()
        #expect(text.utf8.count > 8_000, "more than the largest body, as it is sent")
        cache.keep(page(text), for: "\"t\"")
        #expect(cache.bytes > 0 && cache.bytes < text.utf8.count / 3)
        // Kept in storage of its own size: the capacity bounds the memory, not only the bytes counted.
        #expect(cache.storageBytes <= cache.bytes + 64)
        let plain = try #require(cache.response(for: "\"t\""))
        #expect(plain.body.string == text && plain.headers.first(name: .contentEncoding) == nil)
        let gzip = try #require(cache.response(for: "\"t\"", gzip: true))
        #expect(gzip.headers.first(name: .contentEncoding) == "gzip" && gzip.headers.first(name: .vary) == "Accept-Encoding")
        #expect(gzip.headers.first(name: .contentType) == "text/html; charset=utf-8")
        var body = try #require(gzip.body.buffer)
        #expect(try String(buffer: body.decompress(with: .gzip())) == text)
        // A small body is kept as it is, whatever the client takes; an encoded one is not kept.
        cache.keep(page("small"), for: "\"s\"")
        #expect(cache.response(for: "\"s\"", gzip: true)?.headers.first(name: .contentEncoding) == nil)
        let encoded = page(text)
        encoded.headers.replaceOrAdd(name: .contentEncoding, value: "br")
        cache.keep(encoded, for: "\"e\"")
        #expect(cache.response(for: "\"e\"") == nil)
    }

    @Test("a body that is not this app's gzip is refused, not sent broken")
    func inflateRefusesOthers() throws {
        var buffer = ByteBufferAllocator().buffer(capacity: 64)
        buffer.writeString(String(repeating: "x", count: 64))
        #expect(throws: (any Error).self) { try GzipCompression.inflate(buffer, length: 64) }
        let compressed = try GzipCompression.compress(ByteBuffer(string: String(repeating: "abc", count: 1_000)))
        #expect(throws: (any Error).self) { try GzipCompression.inflate(compressed, length: 2_999) }
        #expect(try GzipCompression.inflate(compressed, length: 3_000) == ByteBuffer(string: String(repeating: "abc", count: 1_000)))
    }
}
