import NIOConcurrencyHelpers
import NIOCore

/// A page Leaf rendered once for a template and a shape of view model (``PageContext``), with a
/// marker where each text went and where each request tag (``RequestTag``) went. Filling it in
/// writes the page's HTML between the slots, each text escaped exactly as Leaf's `#( )` escapes
/// it (or as it is, where the template used `#unsafeHTML( )`), and each tag's HTML for the request.
package struct PageSkeleton: Sendable {
    package enum Segment: Sendable, Equatable {
        case html([UInt8])
        case text(Int, escaped: Bool)
        case tag(String)
    }

    package let segments: [Segment]
    /// The request tags it holds a place for.
    package let tagNames: Set<String>
    private let htmlBytes: Int
    /// The segments as ``fill(_:parts:tag:)`` walks them: every fixed byte in one array, and
    /// after each run of it the slot or tag that follows. Walking the segments themselves
    /// retained and released an array per segment, 150 of them on a result page.
    private let html: [UInt8]
    private let steps: [Step]
    private let tags: [String]
    /// The fixed run before each step, deflated on its own (``DeflatedPiece``) when a gzip'd page
    /// first asks, where that makes it smaller.
    private let deflatedRuns: DeflatedSkeletonRuns

    private struct Step {
        /// Where the fixed bytes before the slot end, in ``html``.
        let htmlEnd: Int
        enum Kind: UInt8 {
            case end, escapedText, text, tag
        }
        let kind: Kind
        /// The text's slot, or the tag's index in ``tags``.
        let index: Int
    }

    /// The `userInfo` key Leaf's tags see while a skeleton renders.
    package static let renderingKey = "pageSkeleton"

    /// The marker of text slot `index`. Private-use characters never occur in templates, and the
    /// `&` shows whether Leaf escaped the slot (`&amp;`) or not.
    package static func marker(_ index: Int) -> String { "\u{E000}\(index)&\u{E001}" }
    package static func tagMarker(_ name: String) -> String { "\u{E000}@\(name)&\u{E001}" }

    /// The skeleton in Leaf's output, or nil if a marker is malformed or names no slot there is.
    package init?(parsing rendered: ByteBuffer, slots: Int) {
        let bytes = Array(rendered.readableBytesView)
        var segments: [Segment] = []
        var htmlStart = 0
        var index = 0
        while let start = Self.find(Self.markerStart, in: bytes, from: index) {
            guard let end = Self.find(Self.markerEnd, in: bytes, from: start + 3) else { return nil }
            var name = bytes[(start + 3)..<end]
            let escaped: Bool
            if name.ends(with: Self.escapedAmpersand) {
                escaped = true
                name = name.dropLast(Self.escapedAmpersand.count)
            } else if name.last == UInt8(ascii: "&") {
                escaped = false
                name = name.dropLast()
            } else {
                return nil
            }
            if start > htmlStart { segments.append(.html(Array(bytes[htmlStart..<start]))) }
            if name.first == UInt8(ascii: "@") {
                segments.append(.tag(String(decoding: name.dropFirst(), as: UTF8.self)))
            } else {
                guard let slot = Int(String(decoding: name, as: UTF8.self)), (0..<slots).contains(slot) else { return nil }
                segments.append(.text(slot, escaped: escaped))
            }
            index = end + 3
            htmlStart = index
        }
        if htmlStart < bytes.count { segments.append(.html(Array(bytes[htmlStart...]))) }
        self.segments = segments
        self.tagNames = Set(segments.compactMap { if case .tag(let name) = $0 { name } else { nil } })
        self.htmlBytes = segments.reduce(0) { total, segment in
            if case .html(let html) = segment { total + html.count } else { total }
        }
        var html: [UInt8] = [], steps: [Step] = [], tags: [String] = []
        html.reserveCapacity(htmlBytes)
        for segment in segments {
            switch segment {
            case .html(let bytes): html += bytes
            case .text(let slot, let escaped): steps.append(Step(htmlEnd: html.count, kind: escaped ? .escapedText : .text, index: slot))
            case .tag(let name):
                steps.append(Step(htmlEnd: html.count, kind: .tag, index: tags.count))
                tags.append(name)
            }
        }
        steps.append(Step(htmlEnd: html.count, kind: .end, index: 0))
        (self.html, self.steps, self.tags) = (html, steps, tags)
        deflatedRuns = DeflatedSkeletonRuns(ends: steps.map(\.htmlEnd))
    }

    /// The page with `texts` in its slots and `tag(name)`'s HTML in its tags' places.
    package func fill(_ texts: [String], tag: (String) -> String) -> ByteBuffer {
        fill(texts, parts: [:], deflating: false, tag: tag).page
    }

    /// The page, and where the `parts` of its texts (by text) landed in it: a text written as it
    /// is keeps its bytes, so its parts keep their places; an escaped one's are not noted. When
    /// `deflating` (a page to be gzip'd), also where its fixed runs deflated ahead landed.
    package func fill(
        _ texts: [String], parts: [Int: [PrecompressedHTML.Part]], deflating: Bool = false, tag: (String) -> String
    ) -> (page: ByteBuffer, parts: [(offset: Int, part: PrecompressedHTML.Part)], runs: [(offset: Int, piece: DeflatedPiece)]) {
        var buffer = ByteBufferAllocator().buffer(capacity: htmlBytes + texts.reduce(0) { $0 + $1.utf8.count } + 256)
        var placed: [(offset: Int, part: PrecompressedHTML.Part)] = []
        var runs: [(offset: Int, piece: DeflatedPiece)] = []
        let deflated = deflating ? deflatedRuns.pieces(of: html) : []
        if deflating { runs.reserveCapacity(steps.count) }
        html.withUnsafeBytes { html in
            var position = 0
            for (index, step) in steps.enumerated() {
                if !deflated.isEmpty, let piece = deflated[index] { runs.append((buffer.writerIndex, piece)) }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: html[position..<step.htmlEnd]))
                position = step.htmlEnd
                switch step.kind {
                case .end: break
                case .escapedText: Self.writeEscaped(texts[step.index], into: &buffer)
                case .text:
                    if !parts.isEmpty, let slotParts = parts[step.index] {
                        placed += slotParts.map { (buffer.writerIndex + $0.offset, $0) }
                    }
                    buffer.writeString(texts[step.index])
                case .tag: buffer.writeString(tag(tags[step.index]))
                }
            }
        }
        return (buffer, placed, runs)
    }

    /// Writes `text` escaped as LeafKit's `String.htmlEscaped()` escapes it.
    package static func writeEscaped(_ text: String, into buffer: inout ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for offset in 0..<bytes.count {
                let entity: StaticString
                switch bytes[offset] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                default: continue
                }
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                buffer.writeStaticString(entity)
                start = offset + 1
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    private static let markerStart = Array("\u{E000}".utf8)
    private static let markerEnd = Array("\u{E001}".utf8)
    private static let escapedAmpersand = Array("&amp;".utf8)

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from index: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var position = index
        while position <= bytes.count - needle.count {
            if bytes[position] == needle[0], bytes[position..<(position + needle.count)].elementsEqual(needle) {
                return position
            }
            position += 1
        }
        return nil
    }
}

/// A skeleton's fixed runs (the bytes before each of its steps), each deflated on its own, all
/// at once, when a gzip'd page first asks. A run is kept deflated only where that saves more
/// than a few bytes: a short run costs less sent as it is, with the live texts around it.
package final class DeflatedSkeletonRuns: Sendable {
    /// Runs shorter than this are not deflated ahead: a piece costs a flush marker and a block
    /// header, which a few dozen bytes of markup do not win back.
    static let minimumLength = 64

    private let ends: [Int]
    private let pieces = NIOLockedValueBox<[DeflatedPiece?]?>(nil)

    init(ends: [Int]) { self.ends = ends }

    /// The run before each step, deflated, or nil where it stays live; `html` is the skeleton's.
    func pieces(of html: [UInt8]) -> [DeflatedPiece?] {
        if let made = pieces.withLockedValue({ $0 }) { return made }
        var made: [DeflatedPiece?] = []
        var start = 0
        for end in ends {
            defer { start = end }
            guard end - start >= Self.minimumLength, let piece = try? DeflatedPiece(deflating: html[start..<end]),
                piece.bytes.count + 16 < piece.length
            else {
                made.append(nil)
                continue
            }
            made.append(piece)
        }
        pieces.withLockedValue { $0 = made }
        return made
    }
}

private extension ArraySlice<UInt8> {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix)
    }
}
