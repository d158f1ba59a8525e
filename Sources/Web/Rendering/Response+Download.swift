import Vapor

extension HTTPHeaders {
    /// A file to keep, not a page to show: its type, its name (`Content-Disposition:
    /// attachment`, the name already safe in a header), and kept by no cache.
    package static func download(_ type: String, fileName: String) -> HTTPHeaders {
        ["Content-Type": type, "Content-Disposition": "attachment; filename=\"\(fileName)\"", "Cache-Control": "private, no-store"]
    }
}

extension Response {
    /// An answer whose body is `pieces`, each sent as soon as it is made (a long file, written a
    /// few thousand rows at a time, never whole in memory).
    package convenience init<Pieces: AsyncSequence & Sendable>(
        status: HTTPStatus = .ok, headers: HTTPHeaders, streaming pieces: Pieces
    ) where Pieces.Element == ByteBuffer {
        self.init(status: status, headers: headers)
        body = .init(asyncStream: { stream in
            for try await piece in pieces { try await stream.write(.buffer(piece)) }
            try await stream.write(.end)
        })
    }

    /// An answer whose body is `pieces` of bytes, each sent as soon as it is made.
    package convenience init<Pieces: AsyncSequence & Sendable>(
        status: HTTPStatus = .ok, headers: HTTPHeaders, streaming pieces: Pieces
    ) where Pieces.Element == [UInt8] {
        self.init(status: status, headers: headers)
        body = .init(asyncStream: { stream in
            for try await piece in pieces { try await stream.write(.buffer(ByteBuffer(bytes: piece))) }
            try await stream.write(.end)
        })
    }

    /// An answer of `bytes`, made whole.
    package convenience init(status: HTTPStatus = .ok, headers: HTTPHeaders, bytes: [UInt8]) {
        self.init(status: status, headers: headers, body: .init(buffer: ByteBuffer(bytes: bytes)))
    }
}
