import Core
import Crypto
import Foundation
import Vapor

/// HTTP caching for what anyone may cache, as Frankfurter does: an `ETag` computed before
/// rendering from what the page is made of, `If-None-Match` answered with 304 without
/// rendering, and `Cache-Control: public, max-age` until the rates may next change. Everything
/// else (signed-in pages, forms, errors) is `no-store` (``SecurityHeadersMiddleware``).
package struct HTTPCachePolicy: Sendable {
    /// Changes with every release and every edit of a template or public file, so a client
    /// never keeps a page of an older build as current.
    package let build: String
    /// Seconds between scheduled refreshes (0: rates change only when an admin refreshes).
    package let refreshInterval: Int
    /// Responses may be compressed, so a cached copy depends on `Accept-Encoding`.
    package let compresses: Bool

    package init(build: String, refreshInterval: Int, compresses: Bool) {
        self.build = build
        self.refreshInterval = refreshInterval
        self.compresses = compresses
    }

    /// How long a copy made without a schedule stays fresh: an admin's refresh shows within this.
    package static let unscheduledMaxAge = 300

    /// Seconds until the rates may change or, since pages say how old the rates are, the day ends.
    package func maxAge(now: Date) -> Int {
        let untilMidnight = 86_400 - Int(now.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400))
        let untilRefresh = refreshInterval > 0 ? refreshInterval : Self.unscheduledMaxAge
        return max(0, min(untilRefresh, untilMidnight))
    }

    /// How to cache the response made of `key` (with `texts` where the key leaves them out),
    /// fresh until the rates may change (`maxAge` to say otherwise). A page in a `language`
    /// depends on it: it is part of the validator, and a copy varies with what chose it (the
    /// menu's cookie, `Accept-Language`).
    package func directive(
        _ key: DerivedCacheKey, texts: [String] = [], language: Language?, now: Date, maxAge: Int? = nil, shared: Bool,
        variesWithCookie: Bool
    ) -> CacheDirective {
        directive([key.text] + texts, language: language, now: now, maxAge: maxAge, shared: shared, variesWithCookie: variesWithCookie)
    }

    /// As ``directive(_:texts:language:now:maxAge:shared:variesWithCookie:)``, for an answer
    /// that only `key` names.
    package func directive(
        _ key: some CacheKey, language: Language?, now: Date, maxAge: Int? = nil, shared: Bool, variesWithCookie: Bool
    ) -> CacheDirective {
        directive(DerivedCacheKey(key), language: language, now: now, maxAge: maxAge, shared: shared, variesWithCookie: variesWithCookie)
    }

    /// How to cache a public API's answer that `key` names, shared and fresh for `maxAge`
    /// seconds; it varies with the request headers `vary` names, and with `Accept-Encoding`
    /// when responses may be compressed.
    package func directive(_ key: some CacheKey, maxAge: Int, varies vary: [String] = []) -> CacheDirective {
        CacheDirective(etag: etag(key), maxAge: maxAge, shared: true, vary: compresses ? vary + ["Accept-Encoding"] : vary)
    }

    func directive(
        _ parts: [String], language: Language?, now: Date, maxAge: Int? = nil, shared: Bool, variesWithCookie: Bool
    ) -> CacheDirective {
        let vary = Self.varies[(variesWithCookie || language != nil ? 1 : 0) + (language != nil ? 2 : 0) + (compresses ? 4 : 0)]
        return CacheDirective(
            etag: etag(parts, language: language), maxAge: maxAge ?? self.maxAge(now: now), shared: shared, vary: vary)
    }

    /// Each `Vary` a directive may name, by which of `Cookie` (1), `Accept-Language` (2) and
    /// `Accept-Encoding` (4) it holds: made once, not for every answer.
    private static let varies: [[String]] = (0..<8).map { flags in
        [(1, "Cookie"), (2, "Accept-Language"), (4, "Accept-Encoding")].compactMap { flags & $0.0 != 0 ? $0.1 : nil }
    }

    /// Whether an answer to `request` may go gzip'd: the app compresses, and the client takes it.
    package func sendsGzip(to request: Request) -> Bool {
        compresses && request.acceptsGzip
    }

    /// A weak validator of the answer `key` names (and the build, and the `language` if one is given).
    package func etag(_ key: some CacheKey, language: Language? = nil) -> String {
        etag([DerivedCacheKey(key).text], language: language)
    }

    /// A weak validator over `parts` (and the build, and `lang:` and the `language` if one is
    /// given): equal parts, equal pages. The parts are joined with NUL (which none contains) into
    /// one scratch buffer and hashed in one go, not fed to the hasher piece by piece
    /// (docs/BENCHMARKS.md, *A request's plumbing*).
    func etag(_ parts: [String], language: Language? = nil) -> String {
        var size = build.utf8.count + parts.count
        for part in parts { size += part.utf8.count }
        if let language { size += 6 + language.rawValue.utf8.count }
        return withUnsafeTemporaryAllocation(byteCount: size, alignment: 1) { scratch in
            var end = 0
            func write(_ text: String) {
                var text = text
                text.withUTF8 { utf8 in
                    UnsafeMutableRawBufferPointer(rebasing: scratch[end..<(end + utf8.count)]).copyMemory(
                        from: UnsafeRawBufferPointer(utf8))
                    end += utf8.count
                }
            }
            write(build)
            for part in parts {
                scratch[end] = 0
                end += 1
                write(part)
            }
            if let language {
                write("\u{0}lang:")
                write(language.rawValue)
            }
            var hasher = SHA256()
            hasher.update(bufferPointer: UnsafeRawBufferPointer(scratch))
            return hasher.finalize().withUnsafeBytes(Self.weakValidator)
        }
    }

    /// `W/"…"` around the hex of `digest`'s first 12 bytes, written in place: the digest read
    /// as a generic sequence cost most of a microsecond of every page's validator.
    private static func weakValidator(_ digest: UnsafeRawBufferPointer) -> String {
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 3 + 24 + 1) { text in
            text[0] = UInt8(ascii: "W")
            text[1] = UInt8(ascii: "/")
            text[2] = UInt8(ascii: "\"")
            for index in 0..<12 {
                let byte = digest[index]
                text[3 + 2 * index] = digits.utf8Start[Int(byte >> 4)]
                text[4 + 2 * index] = digits.utf8Start[Int(byte & 0x0f)]
            }
            text[27] = UInt8(ascii: "\"")
            return 28
        }
    }

    /// The build's fingerprint: the version and every template and public file.
    package static func fingerprint(version: String, directories: [String]) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(version.utf8))
        for directory in directories {
            let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String }.sorted() ?? []
            for file in files {
                guard let data = FileManager.default.contents(atPath: directory + file) else { continue }
                hasher.update(data: Data(file.utf8))
                hasher.update(data: data)
            }
        }
        return SecureToken.hex(hasher.finalize().prefix(8))
    }
}

/// How a cacheable response may be cached.
package struct CacheDirective: Sendable {
    package let etag: String
    package let maxAge: Int
    /// Shared caches (a CDN) may keep it too; `false` for a response that sets a cookie.
    package let shared: Bool
    /// The request headers a cached copy depends on: `Cookie` where the page shows who is signed
    /// in, `Accept-Encoding` where it may be compressed.
    package let vary: [String]

    package var cacheControl: String { "\(shared ? "public" : "private"), max-age=\(maxAge)" }

    /// Sets the validator, the freshness and `Vary`, and adds `extra`, in one write of the
    /// response's headers: each change made through `Response.headers` copies them all (Vapor
    /// keeps them in a locked box).
    package func apply(to response: Response, adding extra: HTTPHeaders = [:]) {
        var headers = response.headers
        headers.replaceOrAdd(name: .eTag, value: etag)
        headers.replaceOrAdd(name: .cacheControl, value: cacheControl)
        headers.addVary(vary)
        headers.add(contentsOf: extra)
        response.headers = headers
    }
}

extension Request {
    /// Whether this visitor's page is the one anyone would get: nobody is signed in, and the
    /// session (if any) could be read. Signed-in pages are never cached.
    package var getsPublicPage: Bool {
        guard let session = browserSessionIfAttached else { return true }
        return session.user == nil && !session.isUnreadable
    }

    /// `If-None-Match` names `etag` (weak comparison, as for GET), or is `*`.
    package func hasCopy(matching etag: String) -> Bool {
        let opaque = { (tag: Substring) in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        for value in headers[.ifNoneMatch] {
            for candidate in value.split(separator: ",") {
                let tag = candidate.trimmingCharacters(in: .whitespaces)[...]
                if tag == "*" || opaque(tag) == opaque(etag[...]) { return true }
            }
        }
        return false
    }

    /// 304 when the client's copy is current; else the answer kept for it when `keep` allows
    /// (``KeptAnswers``); else `render()`'s response, kept when `keep` allows. Either way with
    /// the validator and the freshness of `directive`, and with `headers` (a cookie the answer
    /// sets), which are not kept.
    package func respondCaching(
        _ directive: CacheDirective, keep: KeptAnswers.Rule = .nothing, adding headers: HTTPHeaders = [:],
        render: () async throws -> Response
    ) async throws -> Response {
        let response =
            hasCopy(matching: directive.etag)
            ? Response(status: .notModified) : try await application.pages.keptAnswers.response(to: self, directive, keep, render: render)
        directive.apply(to: response, adding: headers)
        return response
    }
}
