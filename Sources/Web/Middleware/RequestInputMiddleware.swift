import Core
import Vapor

/// Checks every request's input at the door, before any middleware, handler or database sees
/// it, and answers what it refuses with a clear 4xx:
///
/// - the address: at most ``maxURLBytes`` (else 414), its path valid UTF-8 without control
///   characters (400; a NUL would otherwise cut a file name short);
/// - the headers: at most ``maxHeaderBytes`` in all (else 431);
/// - the query string and a form body: ``FormFields``' rule (400);
/// - a body: read in full first, at most ``maxBodyBytes`` (else 413), only as a form and never
///   compressed (else 415). Reading it here means nothing downstream ever sees half a body, however
///   many network reads it arrived in.
///
/// Future-based rather than `AsyncMiddleware`: it runs on every request, and Vapor starts a
/// task for each async middleware.
package struct RequestInputMiddleware: Middleware {
    package static let maxURLBytes = 8 * 1024
    package static let maxHeaderBytes = 16 * 1024
    /// Room for the longest valid form (2,000 characters of notes in a script that takes
    /// three bytes a character, percent-encoded) several times over.
    package static let maxBodyBytes = 64 * 1024

    package func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        do {
            try Self.checkHead(of: request)
        } catch {
            return request.eventLoop.makeFailedFuture(error)
        }
        guard carriesBody(request) else { return next.respond(to: request) }
        return Self.readForm(of: request).flatMap { next.respond(to: request) }
    }

    private static func checkHead(of request: Request) throws {
        // The target's path and query as sent (percent-encoded), which is what a request's
        // address is, not the whole URL written out again (`URI.string`).
        let path = request.url.path, query = request.url.query
        guard path.utf8.count + (query.map { $0.utf8.count + 1 } ?? 0) <= maxURLBytes else {
            throw PageAbort(
                .uriTooLong, Message("The address is too long (at most {count} KB).", ["count": .number(String(maxURLBytes / 1024))]))
        }
        guard request.headers.reduce(0, { $0 + $1.name.utf8.count + $1.value.utf8.count }) <= maxHeaderBytes else {
            throw PageAbort(
                .requestHeaderFieldsTooLarge,
                Message(
                    "The request’s headers are too large (at most {count} KB in all).", ["count": .number(String(maxHeaderBytes / 1024))]))
        }
        try checkPath(path)
        var fields: FormFields?
        if let query, !query.isEmpty {
            do {
                fields = try FormFields(parsing: query)
            } catch {
                throw PageAbort(.badRequest, error.message)
            }
        }
        request.received = ReceivedTarget(path: path, query: query, fields: fields)
    }

    private func carriesBody(_ request: Request) -> Bool {
        request.method != .GET && request.method != .HEAD && !streamedUploads.contains(request.url.path)
            && (request.headers.first(name: .contentLength).map { $0 != "0" } ?? request.headers.contains(name: .transferEncoding))
    }

    /// Reads the whole body (however many network reads it takes) and checks it as a form.
    private static func readForm(of request: Request) -> EventLoopFuture<Void> {
        // Browsers never compress a form, and the server inflates no request body (`configure`
        // turns NIO's decompressor off, which answered a bomb by dropping the connection): a
        // compressed body is refused whole, never inflated.
        if let encoding = request.headers.first(name: .contentEncoding), encoding.lowercased() != "identity" {
            return request.eventLoop.makeFailedFuture(
                PageAbort(.unsupportedMediaType, Message("Forms are sent uncompressed; a Content-Encoding such as gzip is not accepted.")))
        }
        guard request.headers.contentType?.type == "application", request.headers.contentType?.subType == "x-www-form-urlencoded" else {
            return request.eventLoop.makeFailedFuture(
                PageAbort(
                    .unsupportedMediaType, Message("Forms are sent as application/x-www-form-urlencoded; nothing else is accepted here.")))
        }
        let tooLarge = PageAbort(
            .payloadTooLarge, Message("The form is too large (at most {count} KB).", ["count": .number(String(maxBodyBytes / 1024))]))
        if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > maxBodyBytes {
            return request.eventLoop.makeFailedFuture(tooLarge) // before reading a byte of it
        }
        return request.body.collect(max: maxBodyBytes).flatMapErrorThrowing { error in
            throw (error as? any AbortError)?.status == .payloadTooLarge ? tooLarge : error
        }.flatMapThrowing { body in
            // A body collected before this middleware (as in-memory tests hand them over) skipped
            // the limit above.
            guard (body?.readableBytes ?? 0) <= maxBodyBytes else { throw tooLarge }
            do {
                request.formBody = try FormFields(parsing: body?.readableBytesView ?? ByteBuffer().readableBytesView)
            } catch let problem as FormFields.Problem {
                throw PageAbort(.badRequest, problem.message)
            }
        }
    }

    /// The path as the router and the file system will read it: percent-decoded, it must be
    /// UTF-8 text without control characters.
    package static func checkPath(_ path: String) throws {
        let bytes = path.utf8
        // Fast path: printable ASCII without escapes (every page of this app).
        if bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") }) { return }
        let refusal = PageAbort(
            .badRequest, Message("The address contains characters that are not allowed (control characters or bytes that are not UTF-8)."))
        guard let decoded = path.removingPercentEncoding,
            decoded.unicodeScalars.allSatisfy({ FormFields.isAllowed($0) && !"\t\r\n".unicodeScalars.contains($0) })
        else { throw refusal }
    }

    /// The uploads their handlers read as they arrive, within their own limits (the ledger's
    /// multipart form and the API's CSV body). Another method there is left to the router,
    /// whose 405 reads no body either.
    package let streamedUploads: Set<String>
}

/// The target of a request as ``RequestInputMiddleware`` read and checked it at the door: its
/// path and query as sent, and the query's fields. Kept as one value, since each value a request
/// keeps costs a copy of its storage: `URI.path` and `URI.query` write their text anew from
/// `URLComponents` on every call (docs/BENCHMARKS.md, *A request's plumbing*).
package struct ReceivedTarget: Sendable {
    package let path: String
    package let query: String?
    /// `nil` without a query.
    package let fields: FormFields?
}

extension Request {
    private struct ReceivedTargetKey: StorageKey {
        typealias Value = ReceivedTarget
    }

    /// `nil` only for a request that did not pass through ``RequestInputMiddleware``.
    package fileprivate(set) var received: ReceivedTarget? {
        get { storage[ReceivedTargetKey.self] }
        set { storage[ReceivedTargetKey.self] = newValue }
    }

    private struct FormBodyKey: StorageKey {
        typealias Value = FormFields
    }

    /// The form posted, as ``RequestInputMiddleware`` read and checked it (`nil` without a body):
    /// what the CSRF check and the page's ``form(_:)`` read, so the body is parsed once.
    package fileprivate(set) var formBody: FormFields? {
        get { storage[FormBodyKey.self] }
        set { storage[FormBodyKey.self] = newValue }
    }
}
