import NIOConcurrencyHelpers
import Vapor

/// Bodies of responses anyone may get, kept by the ETag that stands for their content: a page
/// whose validator matches is the same page, so rendering it again would only repeat the work.
/// Least recently used bodies go first once they hold more than `capacity` bytes (down to three
/// quarters of it); an ETag that names stored data's version (a history page's) is never asked
/// for again once the data changes, and ages out.
package final class RenderedPageCache: Sendable {
    package struct Entry: Sendable {
        package let body: ByteBuffer
        package let headers: HTTPHeaders
        package var used: UInt64

        package init(body: ByteBuffer, headers: HTTPHeaders, used: UInt64) {
            self.body = body
            self.headers = headers
            self.used = used
        }
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

    /// A response with the body kept for `etag` (status 200), or `nil`.
    package func response(for etag: String) -> Response? {
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
        return Response(status: .ok, headers: entry.headers, body: .init(buffer: entry.body))
    }

    /// Keeps `response`'s body for `etag` if it is a small enough 200 with its body in memory.
    package func keep(_ response: Response, for etag: String) {
        guard capacity > 0, response.status == .ok, let body = response.body.buffer, body.readableBytes <= largest else { return }
        var headers = HTTPHeaders()
        for name in [HTTPHeaders.Name.contentType, .contentDisposition, .contentLanguage, .vary] {
            if let value = response.headers.first(name: name) { headers.add(name: name, value: value) }
        }
        state.withLockedValue { state in
            state.clock += 1
            if let old = state.entries[etag] { state.bytes -= old.body.readableBytes }
            state.entries[etag] = Entry(body: body, headers: headers, used: state.clock)
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
