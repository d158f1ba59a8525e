import Foundation
import Vapor

#if canImport(Glibc)
    import Glibc
#endif

/// An IP address or a CIDR block (`10.0.0.0/8`, `::1`, `fd00::/8`), as `TRUSTED_PROXIES` lists them.
package struct IPAddressRange: Sendable, Equatable, CustomStringConvertible {
    package let network: [UInt8]
    package let prefixLength: Int

    package init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = Self.bytes(of: String(parts[0])) else { return nil }
        let bits = address.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        network = address
    }

    package func contains(_ address: [UInt8]) -> Bool {
        guard address.count == network.count else { return false }
        var remaining = prefixLength
        for (a, b) in zip(address, network) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard a & mask == b & mask else { return false }
            remaining -= 8
        }
        return true
    }

    package var description: String {
        (Self.text(of: network) ?? "?") + (prefixLength == network.count * 8 ? "" : "/\(prefixLength)")
    }

    /// The 4 or 16 bytes of an IPv4 or IPv6 address; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as IPv4.
    package static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] { return Array(bytes.suffix(4)) }
        return bytes
    }

    /// The canonical text of an address's bytes (`2001:db8::1`, not `2001:0db8:0:0:0:0:0:1`).
    package static func text(of bytes: [UInt8]) -> String? {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let ok = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) } != nil
        return ok ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
    }
}

/// Who sent a request, for rate limits: the connection's peer, or, when that peer is a proxy
/// named in `TRUSTED_PROXIES`, the nearest address in `X-Forwarded-For` that is not one of them.
/// A client can write anything into `X-Forwarded-For`, so it is believed only from a trusted peer.
package struct ClientAddressResolver: Sendable {
    package let trustedProxies: [IPAddressRange]

    package init(trustedProxies: [IPAddressRange]) {
        self.trustedProxies = trustedProxies
    }

    /// Used when there is no IP peer at all (a Unix socket, the in-memory test server).
    package static let unknown = "unknown"

    package func client(of request: Request) -> String {
        client(peer: request.remoteAddress?.ipAddress, forwardedFor: request.headers[.xForwardedFor])
    }

    package func client(peer: String?, forwardedFor headers: [String]) -> String {
        guard let peer, let peerBytes = IPAddressRange.bytes(of: peer) else { return Self.unknown }
        let canonicalPeer = IPAddressRange.text(of: peerBytes) ?? peer
        guard isTrusted(peerBytes) else { return canonicalPeer }
        // Right to left: each trusted proxy appended the address it received the request from.
        let hops = headers.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard let bytes = IPAddressRange.bytes(of: hop) else { return canonicalPeer } // garbage: stop believing
            if !isTrusted(bytes) { return IPAddressRange.text(of: bytes) ?? hop }
        }
        return hops.first.flatMap { IPAddressRange.bytes(of: $0) }.flatMap(IPAddressRange.text(of:)) ?? canonicalPeer
    }

    private func isTrusted(_ address: [UInt8]) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }
}
