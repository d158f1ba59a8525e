import CompressNIO
import Foundation
import NIOCore
import Testing

@testable import Web

@Suite("gzip of a body with pieces deflated ahead: inflates to the very body")
struct GzipPiecesTests {
    static func text(_ count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        // Words that repeat, as markup does, so that deflate finds matches across piece boundaries if it may.
        let words = ["<option value=\"", "USD", "EUR", "\">", "</option>", " — ", "Dollar", "Złoty", "円", "\n"].map { Array($0.utf8) }
        var bytes: [UInt8] = []
        while bytes.count < count { bytes += words.randomElement(using: &generator)! }
        return Array(bytes.prefix(count))
    }

    static func buffer(_ bytes: [UInt8]) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return buffer
    }

    static func inflate(_ buffer: ByteBuffer) throws -> [UInt8] {
        var compressed = buffer
        return Array(try compressed.decompress(with: .gzip()).readableBytesView)
    }

    @Test("pieces anywhere: first, last, side by side, the whole body, none; 500 random layouts on one thread's stream")
    func roundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<500 {
            let body = Self.text(Int.random(in: 0...20_000, using: &generator), using: &generator)
            var pieces: [(offset: Int, piece: DeflatedPiece)] = []
            var position = 0
            while position < body.count {
                let gap = round % 5 == 0 ? 0 : Int.random(in: 0...3_000, using: &generator)
                let length = Int.random(in: 0...6_000, using: &generator)
                let start = position + gap
                guard start + length <= body.count, Bool.random(using: &generator) || round % 7 == 0 else {
                    position = start + 1
                    continue
                }
                pieces.append((start, try DeflatedPiece(deflating: body[start..<(start + length)])))
                position = start + length
            }
            let compressed = try GzipCompression.compress(Self.buffer(body), pieces: pieces)
            #expect(try Self.inflate(compressed) == body, "round \(round): \(body.count) bytes, \(pieces.count) pieces")
        }
    }

    @Test("a piece that is the whole body, an empty body, and a body without pieces as gzip has it")
    func edges() throws {
        var generator = SystemRandomNumberGenerator()
        let body = Self.text(9_000, using: &generator)
        let buffer = Self.buffer(body)
        let whole = try GzipCompression.compress(buffer, pieces: [(0, try DeflatedPiece(deflating: body))])
        #expect(try Self.inflate(whole) == body)
        #expect(try Self.inflate(GzipCompression.compress(ByteBufferAllocator().buffer(capacity: 0))) == [])
        let plain = try GzipCompression.compress(buffer)
        #expect(try Self.inflate(plain) == body)
        // The gzip header: deflate, fastest level, Unix.
        #expect(Array(plain.readableBytesView.prefix(10)) == [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 4, 3])
    }

    @Test("pieces deflated ahead leave little to compress: the menus' share of a page costs nothing per request")
    func piecesAreNotCompressedAgain() throws {
        var generator = SystemRandomNumberGenerator()
        let body = Self.text(24_000, using: &generator)
        let buffer = Self.buffer(body)
        let piece = try DeflatedPiece(deflating: body[2_000..<20_000])
        let compressed = try GzipCompression.compress(buffer, pieces: [(2_000, piece)])
        // The piece's own bytes are in the stream as they were made.
        #expect(compressed.readableBytesView.firstRange(of: piece.bytes) != nil)
        #expect(try Self.inflate(compressed) == body)
    }

    @Test("live text shorter than a block is worth goes stored, as it is; longer live text is deflated")
    func shortLiveTextIsStored() throws {
        var generator = SystemRandomNumberGenerator()
        let body = Self.text(12_000, using: &generator)
        let short = GzipCompression.storedBelow - 1
        // A piece, a short gap, a piece, a long gap, a piece, a short tail.
        let layout = [(0, 3_000), (3_000 + short, 2_000), (5_000 + short + 4_000, 1_000)]
        let pieces = try layout.map { offset, length in (offset, try DeflatedPiece(deflating: body[offset..<(offset + length)])) }
        let compressed = try GzipCompression.compress(Self.buffer(body), pieces: pieces)
        #expect(try Self.inflate(compressed) == body)
        let output = compressed.readableBytesView
        // The short gap and the tail are in the stream byte for byte; the long gap is not.
        #expect(output.firstRange(of: body[3_000..<(3_000 + short)]) != nil)
        let tail = body[(5_000 + short + 5_000)...]
        #expect(output.firstRange(of: tail) != nil)
        #expect(output.firstRange(of: body[(5_000 + short)..<(5_000 + short + 4_000)]) == nil)
        // A body all of whose text is short live text: stored, then the empty final block.
        let small = Array(body.prefix(100))
        let stored = try GzipCompression.compress(Self.buffer(small))
        #expect(try Self.inflate(stored) == small)
        #expect(stored.readableBytes == 10 + 5 + 100 + 2 + 8)
    }
}
