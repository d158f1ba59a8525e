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
}
