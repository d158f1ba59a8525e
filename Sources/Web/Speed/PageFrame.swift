import NIOCore

/// A page as it renders for one key (a result page's pair, rates, source, day and language), with
/// a hole wherever a text that changes from request to request goes (the amount and the results)
/// and wherever a request tag goes. Filling the holes in writes the very page that rendering
/// would, without presenting, encoding and filling in everything else again. A frame is rendered
/// from the view model with ``marker(_:)``s for those texts, through its shape's ``PageSkeleton``;
/// ``PageFrames`` keeps one only if, filled with the texts of the page it was made beside, it is
/// that page byte for byte. The menus' parts (``PrecompressedHTML/Part``) are referred to, not
/// copied: they are most of a result page's bytes and the same for every pair.
package struct PageFrame: Sendable {
    enum Piece: Sendable {
        case bytes(Range<Int>)
        case part(PrecompressedHTML.Part)
        case hole(Int)
        case tag(String)
    }

    /// Every fixed byte the frame owns, in order; a ``Piece/bytes(_:)`` is a run of it.
    private let bytes: [UInt8]
    private let pieces: [Piece]
    /// How many texts it takes.
    package let holes: Int
    /// The request tags it holds a place for.
    package let tagNames: Set<String>
    private let length: Int
    /// Its own runs, deflated on their own when a gzip'd page first asks (as a skeleton's are).
    private let deflatedRuns: DeflatedSkeletonRuns

    /// The marker of hole `index`. Made only of characters that neither HTML escaping nor a URL's
    /// percent-encoding changes (an amount goes into both), and that no page otherwise writes
    /// twice in a row.
    package static func marker(_ index: Int) -> String { "~~\(index)~~" }
    /// The markers of `count` holes, in order.
    package static func markers(_ count: Int) -> [String] { (0..<count).map(marker) }
    package static func tagMarker(_ name: String) -> String { "~~@\(name)~~" }

    /// Whether `texts` read the same escaped or not, so that a hole can take them wherever it
    /// lies: in HTML text, an attribute or a JSON string. Amounts and numbers do; a page or answer
    /// with anything else in them is rendered whole.
    package static func fits(_ texts: [String]) -> Bool {
        texts.allSatisfy { text in
            !text.utf8.contains { byte in
                byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                    || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\")
            }
        }
    }

    /// The frame in a page rendered with markers, `parts` being where its texts' parts landed;
    /// nil if a marker is malformed or names no hole there is, or a part is not where noted.
    package init?(parsing rendered: ByteBuffer, parts: [(offset: Int, part: PrecompressedHTML.Part)], holes: Int) {
        let page = Array(rendered.readableBytesView)
        var owned: [UInt8] = []
        owned.reserveCapacity(page.count)
        var pieces: [Piece] = []
        var ends: [Int] = []
        var fixedStart = 0
        func takeFixed(upTo end: Int) {
            guard end > fixedStart else { return }
            let start = owned.count
            owned += page[fixedStart..<end]
            pieces.append(.bytes(start..<owned.count))
            ends.append(owned.count)
        }
        let tilde = UInt8(ascii: "~")
        var parts = parts[...]
        var index = 0
        while index < page.count {
            if let next = parts.first, next.offset == index {
                let end = index + next.part.length
                guard end <= page.count, next.part.isText(page[index..<end]) else { return nil }
                takeFixed(upTo: index)
                pieces.append(.part(next.part))
                parts.removeFirst()
                (index, fixedStart) = (end, end)
                continue
            }
            guard page[index] == tilde, index + 1 < page.count, page[index + 1] == tilde else {
                index += 1
                continue
            }
            var close = index + 2
            while close < page.count, page[close] != tilde { close += 1 }
            guard close + 1 < page.count, page[close + 1] == tilde, close > index + 2 else { return nil }
            let name = page[(index + 2)..<close]
            takeFixed(upTo: index)
            if name.first == UInt8(ascii: "@") {
                pieces.append(.tag(String(decoding: name.dropFirst(), as: UTF8.self)))
            } else {
                guard let hole = Int(String(decoding: name, as: UTF8.self)), (0..<holes).contains(hole) else { return nil }
                pieces.append(.hole(hole))
            }
            (index, fixedStart) = (close + 2, close + 2)
        }
        guard parts.isEmpty else { return nil }
        takeFixed(upTo: page.count)
        // Kept in storage of its own size: `owned` has room for the whole page, menus and all.
        self.bytes = owned.withUnsafeBufferPointer { Array($0) }
        self.pieces = pieces
        self.holes = holes
        self.tagNames = Set(pieces.compactMap { if case .tag(let name) = $0 { name } else { nil } })
        self.length = pieces.reduce(0) { total, piece in
            switch piece {
            case .bytes(let range): total + range.count
            case .part(let part): total + part.length
            case .hole, .tag: total
            }
        }
        deflatedRuns = DeflatedSkeletonRuns(ends: ends)
    }

    /// The frame with `texts` in its holes, as text written once in place (a request tag's HTML,
    /// which goes into a page as text): no buffer in between.
    package func text(filling texts: [String]) -> String {
        var size = 0
        for piece in pieces {
            switch piece {
            case .bytes(let range): size += range.count
            case .hole(let index): size += texts[index].utf8.count
            // Menus' parts and request tags are only in pages, which are written to a buffer.
            case .part, .tag: return String(buffer: fill(texts, tags: [:], deflating: false).page)
            }
        }
        return String(unsafeUninitializedCapacity: size) { text in
            var end = 0
            func write(_ run: UnsafeBufferPointer<UInt8>) {
                _ = UnsafeMutableBufferPointer(rebasing: text[end..<(end + run.count)]).initialize(from: run)
                end += run.count
            }
            bytes.withUnsafeBufferPointer { bytes in
                for piece in pieces {
                    switch piece {
                    case .bytes(let range): write(UnsafeBufferPointer(rebasing: bytes[range]))
                    case .hole(let index):
                        var hole = texts[index]
                        hole.withUTF8(write)
                    case .part, .tag: break
                    }
                }
            }
            return end
        }
    }

    /// The page with `texts` in its holes and `tags[name]` in each tag's place. When `deflating`
    /// (a page to be gzip'd), also where its pieces deflated ahead landed: its menus' parts and
    /// its own runs.
    package func fill(_ texts: [String], tags: [String: String], deflating: Bool) -> (page: ByteBuffer, pieces: DeflatablePieces?) {
        var buffer = ByteBufferAllocator().buffer(capacity: length + 1_024)
        let deflated = deflating ? deflatedRuns.pieces(of: bytes) : []
        var parts: [(offset: Int, part: PrecompressedHTML.Part)] = []
        var runs: [(offset: Int, piece: DeflatedPiece)] = []
        var run = 0
        bytes.withUnsafeBytes { bytes in
            for piece in pieces {
                switch piece {
                case .bytes(let range):
                    if !deflated.isEmpty, let deflated = deflated[run] { runs.append((buffer.writerIndex, deflated)) }
                    run += 1
                    buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[range]))
                case .part(let part):
                    if deflating { parts.append((buffer.writerIndex, part)) }
                    part.write(into: &buffer)
                case .hole(let index): buffer.writeString(texts[index])
                case .tag(let name): buffer.writeString(tags[name] ?? "")
                }
            }
        }
        return (buffer, parts.isEmpty && runs.isEmpty ? nil : DeflatablePieces(parts: parts, runs: runs, of: buffer))
    }
}
