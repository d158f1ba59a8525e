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
        let cache = RenderedPageCache(capacity: 1_024) // bodies of 128 bytes: in storage of 128
        cache.keep(page(String(repeating: "a", count: 128)), for: "\"a\"")
        cache.keep(page(String(repeating: "b", count: 128)), for: "\"b\"")
        let kept = cache.response(for: "\"a\"")
        #expect(kept?.body.string == String(repeating: "a", count: 128))
        #expect(kept?.headers.first(name: .contentType) == "text/html; charset=utf-8" && kept?.headers.first(name: .setCookie) == nil)
        for index in 0..<6 { cache.keep(page(String(repeating: "c", count: 128)), for: "\"c\(index)\"") }
        #expect(cache.bytes == 1_024)
        #expect(cache.response(for: "\"c0\"") != nil) // read: now the most recently used
        cache.keep(page(String(repeating: "d", count: 128)), for: "\"d\"")
        // Past the capacity, the least recently used go down to three quarters of it: "b", then
        // "a" (read after "b" was kept), then "c1"; "c0", kept before "c1" but read since, stays.
        #expect(cache.bytes == 768)
        for gone in ["b", "a", "c1"] { #expect(cache.response(for: "\"\(gone)\"") == nil, "\(gone)") }
        for kept in ["c0", "c2", "c5", "d"] { #expect(cache.response(for: "\"\(kept)\"") != nil, "\(kept)") }
        #expect(cache.hits == 6)
    }

    @Test("only small 200s are kept; the memory counted is the bodies' storage")
    func onlySmallSuccesses() {
        let cache = RenderedPageCache(capacity: 1_024) // storage up to 128 bytes a body
        cache.keep(page(String(repeating: "a", count: 129)), for: "\"big\"")
        cache.keep(page("missing", status: .notFound), for: "\"404\"")
        #expect(cache.response(for: "\"big\"") == nil && cache.response(for: "\"404\"") == nil && cache.bytes == 0)
        cache.keep(page(String(repeating: "a", count: 33)), for: "\"a\"")
        #expect(cache.bytes == 64 && cache.storageBytes == 64, "33 bytes in NIO's storage of 64")
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

    @Test("a body of a kilobyte or more that fits is kept as it is sent, and gzip'd once it is asked for again")
    func gzippedOnReuse() throws {
        let cache = RenderedPageCache(capacity: 800_000) // bodies up to 100,000 bytes as kept
        let text = (0..<200).map { #"{"date":"2019-03-14","quote":"Q\#($0)","rate":1.\#(1_000 + $0)}"# }.joined(separator: ",")
        #expect(text.utf8.count > GzipCompression.minimumBytes && text.utf8.count < RenderedPageCache.keptAsSentUpTo)
        // Sent from a buffer with room to spare (as a page written in pieces is): kept in storage of its own size.
        var roomy = ByteBufferAllocator().buffer(capacity: text.utf8.count * 2)
        roomy.writeString(text)
        cache.keep(Response(status: .ok, headers: ["Content-Type": "application/json"], body: .init(buffer: roomy)), for: "\"t\"")
        #expect(
            cache.bytes == 16_384 && cache.storageBytes == cache.bytes,
            "kept as it is sent, in storage of the power of two it needs: nothing compressed for an answer never asked for again")
        // Asked for again by a client that takes gzip: sent gzip'd, and kept so from then on.
        let gzip = try #require(cache.response(for: "\"t\"", gzip: true))
        #expect(gzip.headers.first(name: .contentEncoding) == "gzip")
        var body = try #require(gzip.body.buffer)
        #expect(try String(buffer: body.decompress(with: .gzip())) == text)
        #expect(cache.bytes > 0 && cache.bytes < text.utf8.count / 3 && cache.storageBytes == cache.bytes)
        #expect(cache.response(for: "\"t\"")?.body.string == text)
        #expect(cache.response(for: "\"t\"")?.headers.first(name: .contentType) == "application/json")
        // Asked for again by one that does not: sent as it is, and kept gzip'd all the same.
        cache.keep(page(text + " "), for: "\"u\"")
        let before = cache.bytes
        #expect(cache.response(for: "\"u\"")?.body.string == text + " ")
        #expect(cache.bytes < before - text.utf8.count / 2)
        #expect(cache.response(for: "\"u\"", gzip: true)?.headers.first(name: .contentEncoding) == "gzip")
        #expect(cache.hits == 5)
        // Bigger than a kept body may be as it is sent: gzip'd at once.
        let big = String(repeating: text, count: 20)
        let beforeBig = cache.bytes
        cache.keep(page(big), for: "\"big\"")
        #expect(big.utf8.count > RenderedPageCache.keptAsSentUpTo && cache.bytes - beforeBig < big.utf8.count / 3)
        #expect(cache.response(for: "\"big\"")?.body.string == big)
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
