import Glibc

/// The system's resolver, for the webhooks' address check (``WebhookAddress``): a host's
/// addresses, a literal address as itself, 4 or 16 bytes each; none when it does not resolve.
enum HostResolver {
    static func addresses(of host: String) async -> [[UInt8]] {
        await Task.detached {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
            defer { freeaddrinfo(first) }
            var addresses: [[UInt8]] = []
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                if let address = current.pointee.ai_addr {
                    switch Int32(address.pointee.sa_family) {
                    case AF_INET:
                        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                            withUnsafeBytes(of: v4.pointee.sin_addr) { addresses.append(Array($0)) }
                        }
                    case AF_INET6:
                        address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                            withUnsafeBytes(of: v6.pointee.sin6_addr) { addresses.append(Array($0)) }
                        }
                    default: break
                    }
                }
                entry = current.pointee.ai_next
            }
            return addresses
        }.value
    }

}
