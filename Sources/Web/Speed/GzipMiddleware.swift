import Vapor

/// Compresses what the app writes whole (pages, API answers, problem documents) with gzip when
/// the client accepts it, through ``GzipCompression``: a compressor kept per thread, at zlib's
/// fastest level. Bodies sent as a stream (`/v1`'s long ranges) and files are left to Vapor's
/// response compressor, which this middleware tells to keep off what it already compressed.
package struct GzipMiddleware: Middleware {
    package init() {}

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard Self.acceptsGzip(request.headers[.acceptEncoding]) else { return next.respond(to: request) }
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
            let type = response.headers.contentType, HTTPMediaTypeSet.compressible.contains(type),
            let compressed = try? GzipCompression.compress(
                body, pieces: response.deflatablePieces?.pieces(in: body) ?? [], allocator: allocator)
        else {
            response.headers.responseCompression = .disable
            return
        }
        response.body = .init(buffer: compressed)
        response.headers.replaceOrAdd(name: .contentEncoding, value: "gzip")
        response.headers.addVary(["Accept-Encoding"])
        response.headers.responseCompression = .disable
    }

    /// Whether `Accept-Encoding` (every value of it) allows gzip: named, or by `*`, with a
    /// quality above zero (`gzip;q=0` refuses it, as does `*;q=0` when gzip is not named).
    package static func acceptsGzip(_ values: [String]) -> Bool {
        var wildcard: Bool?
        for value in values {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";")
                let coding = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
                let quality =
                    parts.dropFirst().lazy.compactMap { parameter -> Double? in
                        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                        return pair.count == 2 && pair[0].lowercased() == "q" ? Double(pair[1]) : nil
                    }.first ?? 1
                if coding == "gzip" || coding == "x-gzip" { return quality > 0 }
                if coding == "*" { wildcard = quality > 0 }
            }
        }
        return wildcard ?? false
    }
}
