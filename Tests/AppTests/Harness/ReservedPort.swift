import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port held by a socket that is bound but not listening: a connection to it is
/// refused, as to a provider that is down, and no other test's server can take the port until
/// ``release()``. (A port freed by stopping a server was sometimes taken by another test's
/// stand-in, which then answered the "refused" try.)
final class ReservedPort: @unchecked Sendable {
    struct Failure: Error {
        let call: String
    }

    let port: Int
    private let descriptor: Int32
    private let released = NSLock()
    private var isReleased = false

    init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(call: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            close(descriptor)
            throw Failure(call: bound == 0 ? "getsockname" : "bind")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Frees the port for the server that comes back on it.
    func release() {
        released.lock()
        defer { released.unlock() }
        guard !isReleased else { return }
        isReleased = true
        close(descriptor)
    }

    deinit { release() }
}
