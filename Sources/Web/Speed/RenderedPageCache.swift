import NIOConcurrencyHelpers
import Vapor

/// Bodies of responses anyone may get, kept by the ETag that stands for their content: a page
/// whose validator matches is the same page, so rendering it again would only repeat the work.
/// A body of a kilobyte or more is kept gzip'd (``GzipCompression``): a year of history, 14 KB,
/// takes 4, so the same bytes keep three times the pages, and a client that takes gzip gets
/// them without compressing again; any other client's copy is inflated.
/// Least recently used bodies go first once they hold more than `capacity` bytes (down to three
/// quarters of it); an ETag that names stored data's version (a history page's) is never asked
/// for again once the data changes, and ages out.
package final class RenderedPageCache: Sendable {
    package struct Entry: Sendable {
        /// The body as it is sent, or gzip'd.
        package let body: ByteBuffer
        package let gzipped: Bool
        /// The length of the body as it is sent.
        package let length: Int
        package let headers: HTTPHeaders
        package var used: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var hits = 0
    }

    package let capacity: Int
    /// Bodies bigger than this are not kept (a fraction of the capacity).
    package var largest: Int { capacity / 8 }
    private let state = NIOLockedValueBox(State())

    package init(capacity: Int) {
        self.capacity = capacity
    }

    package var hits: Int { state.withLockedValue { $0.hits } }
    package var bytes: Int { state.withLockedValue { $0.bytes } }
    /// The memory the kept bodies take: what ``bytes`` counts, but for their buffers' spare room.
    package var storageBytes: Int { state.withLockedValue { $0.entries.values.reduce(0) { $0 + $1.body.capacity } } }

    /// A response with the body kept for `etag` (status 200), or `nil`: gzip'd (with its
    /// `Content-Encoding`) when it is kept so and `gzip` allows it (the client takes gzip and the
    /// app compresses), else as it is sent.
    package func response(for etag: String, gzip: Bool = false) -> Response? {
        guard
            let entry = state.withLockedValue({ state -> Entry? in
                guard var entry = state.entries[etag] else { return nil }
                state.clock += 1
                entry.used = state.clock
                state.entries[etag] = entry
                state.hits += 1
                return entry
            })
        else { return nil }
        let response = Response(status: .ok, headers: entry.headers)
        if !entry.gzipped {
            response.body = .init(buffer: entry.body)
        } else if gzip {
            response.body = .init(buffer: entry.body)
            response.headers.markGzipped()
        } else {
            guard let inflated = try? GzipCompression.inflate(entry.body, length: entry.length) else { return nil }
            response.body = .init(buffer: inflated)
        }
        return response
    }

    /// Keeps `response`'s body for `etag` if it is a 200 with its body in memory, not encoded,
    /// small enough as it is kept.
    package func keep(_ response: Response, for etag: String) {
        guard capacity > 0, response.status == .ok, let sent = response.body.buffer, !response.headers.contains(name: .contentEncoding)
        else { return }
        var body = sent
        var gzipped = false
        if sent.readableBytes >= GzipCompression.minimumBytes, let compressed = try? GzipCompression.compress(sent) {
            // In storage of its own size: the compressor's buffer has room for the body uncompressed,
            // and the capacity counts only what is kept.
            var exact = ByteBufferAllocator().buffer(capacity: compressed.readableBytes)
            exact.writeImmutableBuffer(compressed)
            (body, gzipped) = (exact, true)
        }
        guard body.readableBytes <= largest else { return }
        var headers = HTTPHeaders()
        for name in [HTTPHeaders.Name.contentType, .contentDisposition, .contentLanguage, .vary] {
            if let value = response.headers.first(name: name) { headers.add(name: name, value: value) }
        }
        state.withLockedValue { state in
            state.clock += 1
            if let old = state.entries[etag] { state.bytes -= old.body.readableBytes }
            state.entries[etag] = Entry(body: body, gzipped: gzipped, length: sent.readableBytes, headers: headers, used: state.clock)
            state.bytes += body.readableBytes
            guard state.bytes > capacity else { return }
            // The least recently used go, down to three quarters of the capacity at once: one
            // sort every few hundred pages rather than a scan of every kept page for each one
            // (a year of varied pairs' history pages evicted on almost every request).
            for (key, entry) in state.entries.sorted(by: { $0.value.used < $1.value.used }) {
                guard state.bytes > capacity / 4 * 3 else { break }
                state.bytes -= entry.body.readableBytes
                state.entries[key] = nil
            }
        }
    }
}
