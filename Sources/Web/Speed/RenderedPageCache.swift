import NIOConcurrencyHelpers
import Vapor

/// Bodies of responses anyone may get, kept by the ETag that stands for their content: a page
/// whose validator matches is the same page, so rendering it again would only repeat the work.
/// A body of a kilobyte or more is kept gzip'd (``GzipCompression``) once it is asked for again:
/// a year of history, 14 KB, takes 4, so the same bytes keep three times the pages, and a client
/// that takes gzip gets them without compressing again; any other client's copy is inflated.
/// Until then it is kept as it is sent (up to ``keptAsSentUpTo``): most answers over years of
/// varied days are never asked for again, and compressing each was a third of making it
/// (docs/BENCHMARKS.md, *History at scale*).
/// Least recently used bodies go first once their storage takes more than `capacity` bytes (down
/// to three quarters of it); an ETag that names stored data's version (a history page's) is never asked
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
    /// Bodies up to this size (and half of ``largest``) are kept as they are sent until they are
    /// asked for again; bigger ones are gzip'd at once.
    package static let keptAsSentUpTo = 64 << 10
    /// Bodies bigger than this are not kept (a fraction of the capacity).
    package var largest: Int { capacity / 8 }
    private let state = NIOLockedValueBox(State())

    package init(capacity: Int) {
        self.capacity = capacity
    }

    package var hits: Int { state.withLockedValue { $0.hits } }
    /// The memory the kept bodies take: their buffers' storage (NIO's, a power of two), which
    /// ``capacity`` bounds.
    package var bytes: Int { state.withLockedValue { $0.bytes } }
    /// ``bytes`` counted again, body by body.
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
            // Asked for again: gzip'd from now on, if it is worth it.
            let compressed = compressedAgain(entry, for: etag)
            if gzip, let compressed {
                response.body = .init(buffer: compressed)
                response.headers.markGzipped()
            } else {
                response.body = .init(buffer: entry.body)
            }
        } else if gzip {
            response.body = .init(buffer: entry.body)
            response.headers.markGzipped()
        } else {
            guard let inflated = try? GzipCompression.inflate(entry.body, length: entry.length) else { return nil }
            response.body = .init(buffer: inflated)
        }
        return response
    }

    /// `entry`'s body gzip'd, now kept so in its place (unless it went or changed meanwhile);
    /// `nil` for a body too small to be worth it.
    private func compressedAgain(_ entry: Entry, for etag: String) -> ByteBuffer? {
        guard entry.body.readableBytes >= GzipCompression.minimumBytes, let compressed = Self.gzipped(entry.body) else { return nil }
        state.withLockedValue { state in
            guard let current = state.entries[etag], !current.gzipped, current.body == entry.body else { return }
            state.entries[etag] = Entry(
                body: compressed, gzipped: true, length: entry.length, headers: entry.headers, used: current.used)
            state.bytes += compressed.capacity - current.body.capacity
        }
        return compressed
    }

    /// `body` gzip'd, out of the compressor's buffer (which has room for the body uncompressed)
    /// into one no bigger than it needs.
    private static func gzipped(_ body: ByteBuffer) -> ByteBuffer? {
        guard let compressed = try? GzipCompression.compress(body) else { return nil }
        var exact = ByteBufferAllocator().buffer(capacity: compressed.readableBytes)
        exact.writeImmutableBuffer(compressed)
        return exact
    }

    /// Keeps `response`'s body for `etag` if it is a 200 with its body in memory, not encoded,
    /// small enough as it is kept: as it is sent, gzip'd at once when it is bigger than
    /// ``keptAsSentUpTo`` or than half of ``largest`` (its storage may take twice its bytes).
    package func keep(_ response: Response, for etag: String) {
        guard capacity > 0, response.status == .ok, let sent = response.body.buffer, !response.headers.contains(name: .contentEncoding)
        else { return }
        var body = sent
        var gzipped = false
        if sent.readableBytes >= GzipCompression.minimumBytes, sent.readableBytes > min(Self.keptAsSentUpTo, largest / 2),
            let compressed = Self.gzipped(sent)
        {
            (body, gzipped) = (compressed, true)
        } else if sent.capacity >= 2 * sent.readableBytes {
            // Out of a buffer with room to spare, into one no bigger than it needs.
            var exact = ByteBufferAllocator().buffer(capacity: sent.readableBytes)
            exact.writeImmutableBuffer(sent)
            body = exact
        }
        guard body.capacity <= largest else { return }
        var headers = HTTPHeaders()
        for name in [HTTPHeaders.Name.contentType, .contentDisposition, .contentLanguage, .vary] {
            if let value = response.headers.first(name: name) { headers.add(name: name, value: value) }
        }
        state.withLockedValue { state in
            state.clock += 1
            if let old = state.entries[etag] { state.bytes -= old.body.capacity }
            state.entries[etag] = Entry(body: body, gzipped: gzipped, length: sent.readableBytes, headers: headers, used: state.clock)
            state.bytes += body.capacity
            guard state.bytes > capacity else { return }
            // The least recently used go, down to three quarters of the capacity at once: one
            // sort every few hundred pages rather than a scan of every kept page for each one
            // (a year of varied pairs' history pages evicted on almost every request).
            for (key, entry) in state.entries.sorted(by: { $0.value.used < $1.value.used }) {
                guard state.bytes > capacity / 4 * 3 else { break }
                state.bytes -= entry.body.capacity
                state.entries[key] = nil
            }
        }
    }
}
