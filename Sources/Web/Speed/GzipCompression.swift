import CompressNIO
import NIOCore
import NIOPosix

/// gzip for a whole response body, with a compressor kept per thread and reset between bodies.
/// NIO's response compressor (what Vapor's `responseCompression` installs) sets a new zlib
/// stream up for every response at the default level: for an 8 KB page, allocating and
/// clearing the stream's state costs about as much as compressing it.
package enum GzipCompression {
    /// The settings for bodies the app writes whole (pages, API answers): zlib's fastest level,
    /// and a hash table of 4,096 entries instead of 32,768, which zlib clears for every body (a
    /// 7.9 KB result page: 2.6 KB either way, about a third of the time).
    package static let configuration = ZlibConfiguration(windowSize: 15, compressionLevel: 1, memoryLevel: 5)

    /// Bodies smaller than this are sent as they are: a few hundred bytes gain nothing from gzip.
    package static let minimumBytes = 1_024

    /// This thread's compressor (event loop threads each keep one; a compressor is not shared).
    nonisolated(unsafe) private static let compressors = ThreadSpecificVariable<ZlibCompressor>()

    /// `body`, gzip-compressed.
    package static func compress(_ body: ByteBuffer, allocator: ByteBufferAllocator = ByteBufferAllocator()) throws -> ByteBuffer {
        let compressor = try compressorForThisThread()
        defer { try? compressor.reset() }
        var input = body
        var output = allocator.buffer(capacity: compressor.maxSize(from: input))
        try compressor.deflate(from: &input, to: &output, flush: .finish)
        return output
    }

    private static func compressorForThisThread() throws -> ZlibCompressor {
        if let compressor = compressors.currentValue { return compressor }
        let compressor = try ZlibCompressor(algorithm: .gzip, configuration: configuration)
        compressors.currentValue = compressor
        return compressor
    }
}
