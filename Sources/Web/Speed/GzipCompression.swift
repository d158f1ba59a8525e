import CDeflate
import NIOCore
import NIOPosix

/// gzip for a whole response body: zlib's raw deflate at its fastest level, a stream kept per
/// thread and reset between bodies, and the gzip header and trailer written here.
///
/// A body may name pieces of itself that were deflated ahead (``DeflatedPiece``: the result
/// page's currency menus, 18 of its 24 KB): their deflated bytes are copied in, only the rest
/// is compressed, and the CRC-32s are combined. Every live part ends in a full flush, so that
/// nothing after a piece refers back across it; a piece was deflated on its own for the same
/// reason. CompressNIO deflates whole buffers only, hence zlib here (`CDeflate`); the price of
/// splicing is bytes, since the second menu no longer refers back to the first
/// (docs/BENCHMARKS.md, *The layers as targets, gzip, and the microbenchmarks*).
package enum GzipCompression {
    /// zlib's fastest level, and a hash table of 4,096 entries instead of 32,768, which zlib
    /// clears for every body and every full flush (a 7.9 KB result page: 2.6 KB either way,
    /// about a third of the time).
    static let level: Int32 = 1
    static let memoryLevel: Int32 = 5

    /// Bodies smaller than this are sent as they are: a few hundred bytes gain nothing from gzip.
    package static let minimumBytes = 1_024

    /// This thread's stream (event loop threads each keep one; a stream is not shared).
    nonisolated(unsafe) private static let deflaters = ThreadSpecificVariable<RawDeflater>()

    /// Live text between pieces shorter than this goes in stored blocks, as it is: a deflate
    /// block of its own costs zlib its Huffman trees, several microseconds however few the bytes,
    /// and the page's live texts between its fixed runs (deflated ahead) are mostly a few dozen
    /// bytes each. Longer live text is deflated at ``level``.
    package static let storedBelow = 1_024

    /// `body`, gzip-compressed; the `pieces` (offsets into `body`, ascending, not overlapping,
    /// each covering exactly the bytes it was deflated from) copied in as they are.
    package static func compress(
        _ body: ByteBuffer, pieces: [(offset: Int, piece: DeflatedPiece)] = [], allocator: ByteBufferAllocator = ByteBufferAllocator()
    ) throws -> ByteBuffer {
        let total = body.readableBytes
        let deflatedBytes = pieces.reduce(0) { $0 + $1.piece.bytes.count }
        let liveBytes = total - pieces.reduce(0) { $0 + $1.piece.length }
        var output = allocator.buffer(capacity: 18 + deflatedBytes + RawDeflater.bound(liveBytes) + 16 * (pieces.count + 1))
        output.writeBytes(header)
        var crc = crc32(0, nil, 0)
        var deflater: RawDeflater?
        /// Live text: stored when short, else deflated; the stream left byte-aligned, or ended.
        func write(_ live: UnsafeRawBufferPointer, last: Bool) throws {
            crc = Self.crc(crc, live)
            guard live.count >= storedBelow else {
                Self.writeStored(live, into: &output)
                if last { output.writeBytes(emptyFinalBlock) }
                return
            }
            if deflater == nil {
                deflater = try deflaterForThisThread()
                try deflater?.reset()
            }
            try deflater?.deflate(live, flush: last ? Z_FINISH : Z_FULL_FLUSH, into: &output)
        }
        try body.withUnsafeReadableBytes { bytes in
            var position = 0
            for (offset, piece) in pieces {
                precondition(offset >= position && offset + piece.length <= total, "pieces in order, inside the body")
                if offset > position {
                    try write(UnsafeRawBufferPointer(rebasing: bytes[position..<offset]), last: false)
                }
                output.writeBytes(piece.bytes)
                crc = crc32_combine_op(crc, uLong(piece.crc), piece.crcShift)
                position = offset + piece.length
            }
            try write(UnsafeRawBufferPointer(rebasing: bytes[position..<total]), last: true)
        }
        output.writeInteger(UInt32(truncatingIfNeeded: crc), endianness: .little)
        output.writeInteger(UInt32(truncatingIfNeeded: total), endianness: .little)
        return output
    }

    /// `bytes` as stored deflate blocks (not final), from a byte boundary: a header byte, the
    /// length and its complement, the bytes.
    private static func writeStored(_ bytes: UnsafeRawBufferPointer, into output: inout ByteBuffer) {
        var start = 0
        while start < bytes.count {
            let length = min(bytes.count - start, Int(UInt16.max))
            output.writeInteger(UInt8(0))
            output.writeInteger(UInt16(length), endianness: .little)
            output.writeInteger(~UInt16(length), endianness: .little)
            output.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
            start += length
        }
    }

    /// The last block, empty: final, fixed codes, the end-of-block code (what zlib ends an
    /// empty stream with).
    private static let emptyFinalBlock: [UInt8] = [0x03, 0x00]

    /// The body of a gzip ``compress(_:pieces:allocator:)`` wrote, `length` bytes once inflated
    /// (what ``RenderedPageCache`` keeps gzip'd, for a client that does not take gzip).
    package static func inflate(
        _ gzipped: ByteBuffer, length: Int, allocator: ByteBufferAllocator = ByteBufferAllocator()
    ) throws -> ByteBuffer {
        guard gzipped.readableBytes >= header.count + 8, gzipped.readableBytesView.starts(with: header) else {
            throw RawInflater.Failure(code: Z_DATA_ERROR)
        }
        let inflater = try inflaters.currentValue ?? RawInflater()
        inflaters.currentValue = inflater
        var output = allocator.buffer(capacity: length)
        try gzipped.withUnsafeReadableBytes { bytes in
            try inflater.inflate(UnsafeRawBufferPointer(rebasing: bytes[header.count...]), length: length, into: &output)
        }
        return output
    }

    nonisolated(unsafe) private static let inflaters = ThreadSpecificVariable<RawInflater>()

    /// ID, deflate, no flags, no time, the fastest level, Unix.
    private static let header: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 4, 3]

    static func crc(_ crc: uLong, _ bytes: UnsafeRawBufferPointer) -> uLong {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
    }

    private static func deflaterForThisThread() throws -> RawDeflater {
        if let deflater = deflaters.currentValue { return deflater }
        let deflater = try RawDeflater()
        deflaters.currentValue = deflater
        return deflater
    }
}

/// Part of a body deflated ahead, on its own: raw deflate blocks ending in a full flush
/// (byte-aligned, the next block free to start afresh), with its text's CRC-32 and length, so
/// that it can stand anywhere in a gzip stream (``GzipCompression``).
package struct DeflatedPiece: Sendable {
    package let bytes: [UInt8]
    package let crc: UInt32
    /// Bytes of text it inflates to.
    package let length: Int
    /// zlib's operator that moves a CRC-32 past ``length`` bytes (`crc32_combine_gen`): combining
    /// with it is one multiplication, where `crc32_combine` works it out from the length each time.
    let crcShift: uLong

    /// Made once and sent many times: zlib's best compression, whatever it costs.
    package init(deflating text: some Sequence<UInt8>) throws {
        let text = Array(text)
        let deflater = try RawDeflater(level: 9, memoryLevel: 9)
        var output = ByteBufferAllocator().buffer(capacity: deflater.bound(text.count) + 16)
        try text.withUnsafeBytes { try deflater.deflate($0, flush: Z_FULL_FLUSH, into: &output) }
        bytes = Array(output.readableBytesView)
        crc = UInt32(truncatingIfNeeded: text.withUnsafeBytes { GzipCompression.crc(crc32(0, nil, 0), $0) })
        length = text.count
        crcShift = crc32_combine_gen(off_t(text.count))
    }
}

/// A zlib stream of raw deflate (no zlib or gzip framing: ``GzipCompression`` writes gzip's).
final class RawDeflater {
    struct Failure: Error {
        let code: Int32
    }

    /// zlib keeps a pointer to its stream: the stream lives at one address.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    init(level: Int32 = GzipCompression.level, memoryLevel: Int32 = GzipCompression.memoryLevel) throws {
        stream.initialize(to: z_stream())
        let status = czlib_deflate_init2(stream, level, -15, memoryLevel)
        guard status == Z_OK else {
            stream.deallocate()
            throw Failure(code: status)
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    func reset() throws {
        let status = deflateReset(stream)
        guard status == Z_OK else { throw Failure(code: status) }
    }

    /// The most `count` bytes can take, a flush's marker included.
    func bound(_ count: Int) -> Int { Int(deflateBound(stream, uLong(count))) + 8 }

    /// The most `count` bytes can take at any level, stored or deflated (zlib's own bound for
    /// a stream without framing, and a flush's marker).
    static func bound(_ count: Int) -> Int { Int(compressBound(uLong(count))) + 8 }

    /// Deflates `bytes` into `output` and flushes as `flush` says (a full flush or the end).
    func deflate(_ bytes: UnsafeRawBufferPointer, flush: Int32, into output: inout ByteBuffer) throws {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(bytes.count)
        while true {
            output.reserveCapacity(minimumWritableBytes: bound(Int(stream.pointee.avail_in)))
            let (status, written) = output.withUnsafeMutableWritableBytes { space -> (Int32, Int) in
                stream.pointee.next_out = space.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(space.count)
                let status = CDeflate.deflate(stream, flush)
                return (status, space.count - Int(stream.pointee.avail_out))
            }
            output.moveWriterIndex(forwardBy: written)
            switch status {
            case Z_STREAM_END: return
            case Z_OK, Z_BUF_ERROR:
                // Done when all went in and the flush left room to spare (nothing pending).
                if stream.pointee.avail_in == 0, stream.pointee.avail_out > 0, flush != Z_FINISH { return }
            default: throw Failure(code: status)
            }
        }
    }
}

/// A zlib stream that inflates raw deflate, kept per thread (``GzipCompression/inflate(_:length:allocator:)``).
final class RawInflater {
    struct Failure: Error {
        let code: Int32
    }

    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)

    init() throws {
        stream.initialize(to: z_stream())
        let status = czlib_inflate_init2(stream, -15)
        guard status == Z_OK else {
            stream.deallocate()
            throw Failure(code: status)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates `bytes` (a whole raw deflate stream, anything after it ignored) into `output`,
    /// which must come to exactly `length` bytes.
    func inflate(_ bytes: UnsafeRawBufferPointer, length: Int, into output: inout ByteBuffer) throws {
        guard inflateReset(stream) == Z_OK else { throw Failure(code: Z_STREAM_ERROR) }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(bytes.count)
        let (status, written) = output.withUnsafeMutableWritableBytes { space -> (Int32, Int) in
            let room = min(space.count, length)
            stream.pointee.next_out = space.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(room)
            let status = CDeflate.inflate(stream, Z_FINISH)
            return (status, room - Int(stream.pointee.avail_out))
        }
        guard status == Z_STREAM_END, written == length else { throw Failure(code: status == Z_STREAM_END ? Z_DATA_ERROR : status) }
        output.moveWriterIndex(forwardBy: written)
    }
}
