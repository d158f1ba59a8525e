import NIOConcurrencyHelpers
import NIOCore
import Vapor

/// HTML written into a page as it is (`#unsafeHTML`), some of whose parts can also be had
/// deflated ahead (``DeflatedPiece``): a ``SelectOptions``' options (``OptionMenu``), the same
/// 9 KB on every result page but for the one option selected. The page renderer notes where the
/// parts land in the page, so that ``GzipMiddleware`` copies their deflated bytes in instead of
/// compressing them again.
package struct PrecompressedHTML: Sendable, Equatable {
    /// A part of ``PrecompressedHTML/text``: its place in UTF-8 bytes, and the run of a text
    /// deflated ahead (``DeflatedRuns``) that it is, deflated when first asked for (only a
    /// gzip'd answer asks).
    package struct Part: Sendable {
        package let offset: Int
        package let runs: DeflatedRuns
        package let range: Range<Int>

        package var length: Int { range.count }
        package func deflated() -> DeflatedPiece? { runs.piece(range) }
        /// Writes the part's own bytes (a ``PageFrame`` refers to them rather than copy them).
        package func write(into buffer: inout ByteBuffer) { runs.write(range, into: &buffer) }
        /// Whether `bytes` are the part's own.
        package func isText(_ bytes: some Collection<UInt8>) -> Bool { runs.run(range, is: bytes) }
    }

    package let text: String
    package let parts: [Part]

    /// Equal texts: the parts are how it may be compressed, not what it says.
    package static func == (a: PrecompressedHTML, b: PrecompressedHTML) -> Bool { a.text == b.text }
}

/// Runs of one text deflated on their own (``DeflatedPiece``), each made once, when first asked
/// for: a currency menu's options before and after each selected one (about 1.3 KB each).
package final class DeflatedRuns: Sendable {
    private let bytes: [UInt8]
    private let runs = NIOLockedValueBox<[Range<Int>: DeflatedPiece]>([:])

    package init(of text: String) { bytes = Array(text.utf8) }

    func write(_ range: Range<Int>, into buffer: inout ByteBuffer) {
        bytes.withUnsafeBytes { buffer.writeBytes(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    func run(_ range: Range<Int>, is other: some Collection<UInt8>) -> Bool {
        range.lowerBound >= 0 && range.upperBound <= bytes.count && bytes[range].elementsEqual(other)
    }

    /// The run `range` (of the text's UTF-8 bytes), deflated.
    package func piece(_ range: Range<Int>) -> DeflatedPiece? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        if let kept = runs.withLockedValue({ $0[range] }) { return kept }
        guard let made = try? DeflatedPiece(deflating: bytes[range]) else { return nil }
        runs.withLockedValue { $0[range] = made }
        return made
    }
}

/// Where a rendered page's ahead-deflated parts lie in its body: kept with the response for
/// ``GzipMiddleware``, for exactly that body (its storage and length), so a body replaced on
/// the way out is compressed whole, as any other. `parts` are its texts' (the menus'), `runs`
/// the skeleton's fixed runs.
package struct DeflatablePieces: Sendable {
    package let parts: [(offset: Int, part: PrecompressedHTML.Part)]
    package let runs: [(offset: Int, piece: DeflatedPiece)]
    private let body: (address: UInt, length: Int)

    package init(
        parts: [(offset: Int, part: PrecompressedHTML.Part)], runs: [(offset: Int, piece: DeflatedPiece)] = [], of body: ByteBuffer
    ) {
        self.parts = parts
        self.runs = runs
        self.body = Self.identity(of: body)
    }

    /// The pieces, deflated, in the order of their offsets, if `body` is still the one they
    /// were noted in.
    package func pieces(in body: ByteBuffer) -> [(offset: Int, piece: DeflatedPiece)] {
        guard Self.identity(of: body) == self.body else { return [] }
        let texts = parts.compactMap { offset, part -> (offset: Int, piece: DeflatedPiece)? in
            part.deflated().flatMap { $0.length == part.length ? (offset, $0) : nil }
        }
        guard !runs.isEmpty else { return texts }
        guard !texts.isEmpty else { return runs }
        // Both lists are in order and never overlap (a text's parts lie between two runs).
        var merged: [(offset: Int, piece: DeflatedPiece)] = []
        merged.reserveCapacity(texts.count + runs.count)
        var (t, r) = (0, 0)
        while t < texts.count || r < runs.count {
            if r == runs.count || (t < texts.count && texts[t].offset < runs[r].offset) {
                merged.append(texts[t])
                t += 1
            } else {
                merged.append(runs[r])
                r += 1
            }
        }
        return merged
    }

    private static func identity(of body: ByteBuffer) -> (address: UInt, length: Int) {
        body.withUnsafeReadableBytes { (UInt(bitPattern: $0.baseAddress), $0.count) }
    }

    struct Key: StorageKey {
        typealias Value = DeflatablePieces
    }
}

extension Response {
    /// The ahead-deflated parts of this response's body, noted by the page renderer.
    package var deflatablePieces: DeflatablePieces? {
        get { storage[DeflatablePieces.Key.self] }
        set { storage[DeflatablePieces.Key.self] = newValue }
    }
}
