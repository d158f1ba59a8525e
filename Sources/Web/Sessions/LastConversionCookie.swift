import Core
import Leaf
import LeafKit
import Vapor

/// Keeps ``LastConversion`` in a cookie (`USD-EUR-100`): no session and no database row, so any
/// instance can serve the visitor and anonymous visits stay free. Not `HttpOnly`: it is a
/// preference, not a secret, and the live converter script writes it as the visitor types
/// (the server validates it again on every use).
package enum LastConversionCookie {
    package static let name = "last_conversion"
    private static let maxAge = 365 * 24 * 60 * 60

    package static func read(from request: Request) -> LastConversion? {
        request.cookies[name].flatMap { parse($0.string) }
    }

    /// `nil` for anything that is not `AAA-BBB-amount` with an amount of digits and at most one
    /// `.`, optionally followed by `-YYYY-MM-DD`, a real day, then optionally by `~source`, and
    /// that by `/buying` or `/selling`.
    package static func parse(_ value: String) -> LastConversion? {
        let sourced = value.split(separator: "~", maxSplits: 1, omittingEmptySubsequences: false)
        guard var conversion = parseConversion(String(sourced[0])) else { return nil }
        if sourced.count == 2 {
            let parts = sourced[1].split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let source = RateSourceID(parts[0]), source.rawValue == parts[0] else { return nil }
            conversion.source = source
            if parts.count == 2 {
                guard let side = RateSide(rawValue: String(parts[1])), side != .mid else { return nil }
                conversion.side = side
            }
        }
        return conversion
    }

    private static func parseConversion(_ value: String) -> LastConversion? {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 || parts.count == 6, Currency.isWellFormedCode(parts[0]), Currency.isWellFormedCode(parts[1]),
            parts[2].count <= Amount.maxIntegerDigits + Amount.maxFractionDigits + 1,
            parts[2].allSatisfy({ $0.isASCIIDigit || $0 == "." })
        else { return nil }
        guard parts.count == 6 else { return LastConversion(from: parts[0], to: parts[1], amount: parts[2]) }
        guard let date = CalendarDate(iso8601: parts[3...].joined(separator: "-")) else { return nil }
        return LastConversion(from: parts[0], to: parts[1], amount: parts[2], date: date)
    }

    /// The `Set-Cookie` text with `{from}`, `{to}`, `{amount}` (and `{date}` when `dated`) in
    /// place of the conversion, and `{source}` for a chosen source's `~id` (`~id/side` at a
    /// side; empty for the default), for the live script to fill in and set as `document.cookie`: one format, written here.
    package static func template(secure: Bool, dated: Bool = false) -> String {
        let text = LastConversion.text(from: "{from}", to: "{to}", amount: "{amount}", date: dated ? "{date}" : nil) + "{source}"
        return value(text: text, secure: secure).serialize(name: name)
    }

    /// The `Set-Cookie` value for `conversion`: as `value(for:secure:)` serialises, with its
    /// attributes written once (Vapor's serialising cost about a microsecond of every result page).
    package static func setCookie(for conversion: LastConversion, secure: Bool) -> String {
        name + "=" + conversion.description + (secure ? secureAttributes : attributes)
    }

    private static let attributes = Self.attributes(secure: false)
    private static let secureAttributes = Self.attributes(secure: true)

    /// `; Max-Age=…; Path=/; SameSite=Lax` (and `; Secure`), as Vapor writes them after the value.
    private static func attributes(secure: Bool) -> String {
        String(value(text: "", secure: secure).serialize(name: name).dropFirst(name.count + 1))
    }

    package static func value(for conversion: LastConversion, secure: Bool) -> HTTPCookies.Value {
        value(text: conversion.description, secure: secure)
    }

    private static func value(text: String, secure: Bool) -> HTTPCookies.Value {
        HTTPCookies.Value(string: text, maxAge: maxAge, path: "/", isSecure: secure, isHTTPOnly: false, sameSite: .lax)
    }
}

extension Response {
    /// Adds the cookie's `Set-Cookie` header as `cookies[name] = value` writes it, without reading
    /// and writing again every cookie the response sets (each response sets this one once).
    package func remember(_ conversion: LastConversion, secure: Bool) {
        headers.add(contentsOf: .remembering(conversion, secure: secure))
    }
}

extension HTTPHeaders {
    /// The `Set-Cookie` header that remembers `conversion` (none for `nil`), for a response to be
    /// made with it rather than changed after (``Response/remember(_:secure:)``).
    package static func remembering(_ conversion: LastConversion?, secure: Bool) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if let conversion { headers.add(name: .setCookie, value: LastConversionCookie.setCookie(for: conversion, secure: secure)) }
        return headers
    }
}

/// `#lastConversionCookie()` and `#lastConversionCookie("dated")`: the last-conversion cookie as
/// the converter's live script sets it (``LastConversionCookie/template(secure:dated:)``), written
/// into the page for the script to fill in. The same on every page of a site: its cookies are
/// `Secure` or not.
package struct LastConversionCookieTag: LeafTag {
    package static let name = "lastConversionCookie"
    private let plain: String
    private let dated: String

    package init(secure: Bool) {
        plain = LastConversionCookie.template(secure: secure)
        dated = LastConversionCookie.template(secure: secure, dated: true)
    }

    package func render(_ context: LeafContext) throws -> LeafData {
        .string(context.parameters.first?.string == "dated" ? dated : plain)
    }
}
