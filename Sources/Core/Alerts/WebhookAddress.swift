import Foundation

/// Where a webhook may be sent: an `http` or `https` address whose host resolves only to public
/// addresses. Loopback, private (RFC 1918, unique local), shared (100.64/10), link-local (which
/// holds the clouds' metadata service, 169.254.169.254), multicast and reserved addresses are
/// refused, and so are names of metadata services, unless the operator allows them
/// (`ALERTS_ALLOW_PRIVATE_TARGETS=true`). Checked when a watch is saved and before each
/// delivery (a name may come to resolve elsewhere). A name that resolves to a public address
/// when checked and to a private one when connecting (DNS rebinding) is not caught: see
/// docs/SECURITY.md.
package enum WebhookAddress {
    package enum Refusal: Error, Equatable {
        /// Not an absolute `http(s)` address with a host, or over 2,000 characters, or with a user and password.
        case malformed
        /// A host that resolves to an address the app refuses (named in the reason).
        case privateAddress(String)
        /// A host that does not resolve.
        case unresolvable
    }

    package static let maxLength = 2_000
    package static let metadataNames: Set<String> = ["metadata", "metadata.google.internal", "metadata.azure.internal", "instance-data"]

    /// `text` as an address a webhook may take (its form only).
    package static func url(_ text: String) throws(Refusal) -> URL {
        guard text.utf8.count <= maxLength, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty, url.user == nil, url.password == nil
        else { throw .malformed }
        return url
    }

    /// Checks `url`'s host, resolving a name with `resolve` (its addresses, 4 or 16 bytes each),
    /// unless `allowPrivate`.
    package static func check(
        _ url: URL, allowPrivate: Bool, resolve: @Sendable (String) async -> [[UInt8]]
    ) async throws(Refusal) {
        guard !allowPrivate else { return }
        guard var host = url.host?.lowercased() else { throw .malformed }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        if metadataNames.contains(host) { throw .privateAddress(host) }
        let addresses = await resolve(host)
        guard !addresses.isEmpty else { throw .unresolvable }
        if let refused = addresses.first(where: isRefused) { throw .privateAddress(text(refused)) }
    }

    /// Whether the app refuses to send to `address` (4 or 16 bytes).
    package static func isRefused(_ address: [UInt8]) -> Bool {
        if address.count == 4 { return isRefusedV4(address) }
        guard address.count == 16 else { return true }
        // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach an IPv4 address.
        if address[0..<10].allSatisfy({ $0 == 0 }) && address[10] == 0xFF && address[11] == 0xFF {
            return isRefusedV4(Array(address[12...]))
        }
        if address[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...] { return isRefusedV4(Array(address[12...])) }
        if address[0..<15].allSatisfy({ $0 == 0 }) { return true } // :: and ::1
        if address[0] & 0xFE == 0xFC { return true } // fc00::/7, unique local (AWS's metadata fd00:ec2::254 too)
        if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return true } // fe80::/10, link-local
        if address[0] == 0xFF { return true } // multicast
        return false
    }

    private static func isRefusedV4(_ a: [UInt8]) -> Bool {
        switch (a[0], a[1]) {
        case (0, _), (10, _), (127, _): true
        case (100, 64...127): true // shared address space
        case (169, 254): true // link-local, the metadata service
        case (172, 16...31), (192, 168): true
        case (192, 0) where a[2] == 0: true
        case (198, 18...19): true
        case (224...255, _): true // multicast, reserved, broadcast
        default: false
        }
    }

    package static func text(_ address: [UInt8]) -> String {
        if address.count == 4 { return address.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: address.count, by: 2).map { String(UInt16(address[$0]) << 8 | UInt16(address[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}
