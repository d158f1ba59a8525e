import NIOConcurrencyHelpers
import Vapor

/// Compresses what the app writes whole (pages, API answers, problem documents) with gzip when
/// the client accepts it, through ``GzipCompression``: a compressor kept per thread, at zlib's
/// fastest level. Bodies sent as a stream (`/v1`'s long ranges) and files are left to Vapor's
/// response compressor, which this middleware tells to keep off what it already compressed.
package struct GzipMiddleware: Middleware {
    package init() {}

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard request.acceptsGzip else { return next.respond(to: request) }
        return next.respond(to: request).map { response in
            Self.compress(response, allocator: request.byteBufferAllocator)
            return response
        }
    }

    /// Replaces `response`'s body with its gzip when that is worth it: a body held whole, of a
    /// compressible type, not compressed already, at least ``GzipCompression/minimumBytes``. A
    /// body held whole that is not worth it goes as it is (Vapor's compressor would have taken
    /// even a two-byte one). A HEAD's headers say what the GET's do.
    package static func compress(_ response: Response, allocator: ByteBufferAllocator) {
        guard response.status.mayHaveResponseBody, !response.headers.contains(name: .contentEncoding),
            let body = response.body.buffer
        else { return }
        guard body.readableBytes >= GzipCompression.minimumBytes,
            let type = response.headers.first(name: .contentType), isCompressible(type),
            let compressed = try? GzipCompression.compress(
                body, pieces: response.deflatablePieces?.pieces(in: body) ?? [], allocator: allocator)
        else {
            response.headers.responseCompression = .disable
            return
        }
        response.body = .init(buffer: compressed)
        response.headers.markGzipped()
    }

    /// Whether `Accept-Encoding` (every value of it) allows gzip: named, or by `*`, with a
    /// quality above zero (`gzip;q=0` refuses it, as does `*;q=0` when gzip is not named).
    /// Read as bytes: each gzip'd page asks twice (the renderer and this middleware), and
    /// Foundation's trimming cost a microsecond a time.
    package static func acceptsGzip(_ values: [String]) -> Bool {
        var wildcard: Bool?
        for value in values {
            for item in value.utf8.split(separator: UInt8(ascii: ",")) {
                let parts = item.split(separator: UInt8(ascii: ";"))
                let coding = parts.first.map(trimmed) ?? item.prefix(0)
                let quality =
                    parts.dropFirst().lazy.compactMap { parameter -> Double? in
                        let pair = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1).map(trimmed)
                        guard pair.count == 2, isASCII(pair[0], caseInsensitively: "q") else { return nil }
                        return Double(String(decoding: pair[1], as: UTF8.self))
                    }.first ?? 1
                if isASCII(coding, caseInsensitively: "gzip") || isASCII(coding, caseInsensitively: "x-gzip") { return quality > 0 }
                if isASCII(coding, caseInsensitively: "*") { wildcard = quality > 0 }
            }
        }
        return wildcard ?? false
    }

    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes.prefix(0)
        }
        return bytes[first...last]
    }

    /// Whether `bytes` are `name` (lowercase ASCII) in any case.
    private static func isASCII(_ bytes: Substring.UTF8View.SubSequence, caseInsensitively name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return zip(bytes, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)).allSatisfy { byte, expected in
            byte == expected || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") && byte + 32 == expected)
        }
    }

    /// Whether a body of this `Content-Type` is worth gzip (Vapor's ``HTTPMediaTypeSet/compressible``),
    /// remembered per header value rather than parsed for each gzip'd page: the app sends a
    /// handful of types.
    static func isCompressible(_ contentType: String) -> Bool {
        if let known = compressibleTypes.withLockedValue({ $0[contentType] }) { return known }
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: contentType)
        let answer = headers.contentType.map { HTTPMediaTypeSet.compressible.contains($0) } ?? false
        compressibleTypes.withLockedValue { known in
            if known.count >= 64 { known.removeAll() }
            known[contentType] = answer
        }
        return answer
    }

    private static let compressibleTypes = NIOLockedValueBox<[String: Bool]>([:])
}

extension Request {
    /// Whether the client takes gzip (``GzipMiddleware/acceptsGzip(_:)`` of its `Accept-Encoding`).
    package var acceptsGzip: Bool { GzipMiddleware.acceptsGzip(headers[.acceptEncoding]) }
}

extension HTTPHeaders {
    /// Says the body is gzip'd here: its encoding, `Vary: Accept-Encoding`, and Vapor's own
    /// compressor told to leave it. Called on `Response.headers` as one change: each change made
    /// through it copies every header (Vapor keeps them in a locked box).
    mutating func markGzipped() {
        replaceOrAdd(name: .contentEncoding, value: "gzip")
        addVary(["Accept-Encoding"])
        responseCompression = .disable
    }
}
