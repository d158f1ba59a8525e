import Core
import MultipartKit
import Vapor
import Web

/// A `multipart/form-data` body read as it arrives, for the forms that upload a file (the
/// ledger's, the admin's Kursliste): its CSRF token must be the first part, and nothing else is
/// kept before it is checked; short fields are read alongside; each part a `sink` is given for
/// goes to it piece by piece, never held whole in memory.
struct StreamedForm {
    /// Form fields other than the uploaded parts are short.
    static let maxFieldBytes = 1_024

    /// A part's bytes as they arrive; what it throws refuses the upload.
    typealias PartWriter = (UnsafeRawBufferPointer) throws -> Void

    /// The fields, and each uploaded part's file name (as sent, at most 200 characters) and size.
    struct Fields {
        var fields: [String: String] = [:]
        var fileNames: [String: String] = [:]
        var bytes: [String: Int] = [:]
    }

    enum Problem: Error {
        /// Not `multipart/form-data` with a boundary.
        case notMultipart
        /// The token is missing, wrong or not the first part.
        case forbidden
        /// Past `limit` bytes, or declared so before a byte was read.
        case tooLarge
        /// Compressed: a form is sent as it is.
        case compressed
        /// A sink refused its part.
        case refused(any Error)
    }

    /// Reads `request`'s body, at most `limit` bytes; `sink(name, fileName)` hands out where a
    /// part's bytes go (`nil`: the part is a short field).
    static func read(
        _ request: Request, csrfToken: String?, limit: Int, sink: @escaping (_ name: String, _ fileName: String?) throws -> PartWriter?
    ) async throws -> Fields {
        guard let type = request.headers.contentType, type.type == "multipart", type.subType == "form-data",
            let boundary = type.parameters["boundary"], !boundary.isEmpty
        else { throw Problem.notMultipart }
        if let encoding = request.headers.first(name: .contentEncoding), encoding.lowercased() != "identity" { throw Problem.compressed }
        if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > limit { throw Problem.tooLarge }
        let parser = MultipartParser(boundary: boundary)
        let state = State(csrfToken: csrfToken, sink: sink)
        parser.onHeader = { name, value in state.header(name, value) }
        parser.onBody = { buffer in state.body(&buffer) }
        parser.onPartComplete = { state.partComplete() }
        var received = 0
        for try await buffer in request.body {
            received += buffer.readableBytes
            guard received <= limit else { throw Problem.tooLarge }
            try parser.execute(buffer)
            if let problem = state.problem { throw problem }
        }
        if let problem = state.problem { throw problem }
        guard state.csrfChecked else { throw Problem.forbidden }
        return state.read
    }

    /// The parser's callbacks' state: the part being read and where its bytes go.
    private final class State {
        let csrfToken: String?
        let sink: (String, String?) throws -> PartWriter?
        var csrfChecked = false
        var problem: Problem?
        var headers: [(String, String)] = []
        var partStarted = false
        var name: String?
        var partSink: PartWriter?
        var field = ByteBuffer()
        var read = Fields()

        init(csrfToken: String?, sink: @escaping (String, String?) throws -> PartWriter?) {
            self.csrfToken = csrfToken
            self.sink = sink
        }

        func header(_ name: String, _ value: String) {
            headers.append((name, value))
        }

        /// The part's name and file name, once its headers are read (at its first body bytes or its end).
        func startPart() {
            guard !partStarted else { return }
            partStarted = true
            let disposition = headers.first { $0.0.lowercased() == "content-disposition" }?.1 ?? ""
            name = Self.parameter("name", in: disposition)
            // The token comes first (it is the form's first field): nothing else is read before it.
            if name != CSRFMiddleware.fieldName && !csrfChecked {
                problem = .forbidden
                return
            }
            guard let name, name != CSRFMiddleware.fieldName else { return }
            let fileName = Self.parameter("filename", in: disposition)
            do {
                partSink = try sink(name, fileName)
            } catch {
                problem = .refused(error)
            }
            if partSink != nil {
                read.bytes[name] = 0
                if let fileName, !fileName.isEmpty { read.fileNames[name] = String(fileName.prefix(200)) }
            }
        }

        func body(_ buffer: inout ByteBuffer) {
            startPart()
            guard problem == nil else { return }
            if let partSink, let name {
                do {
                    try buffer.withUnsafeReadableBytes { try partSink($0) }
                    read.bytes[name, default: 0] += buffer.readableBytes
                } catch {
                    problem = .refused(error)
                }
            } else if field.readableBytes + buffer.readableBytes <= StreamedForm.maxFieldBytes {
                field.writeBuffer(&buffer)
            }
        }

        func partComplete() {
            startPart()
            if let name, partSink == nil, problem == nil {
                let value = field.readString(length: field.readableBytes) ?? ""
                if name == CSRFMiddleware.fieldName {
                    if let csrfToken, SecureToken.constantTimeEquals(value, csrfToken) {
                        csrfChecked = true
                    } else {
                        problem = .forbidden
                    }
                } else {
                    read.fields[name] = value
                }
            }
            headers = []
            partStarted = false
            name = nil
            partSink = nil
            field.clear()
        }

        /// `name="value"` in a Content-Disposition header (quotes and `\"` as browsers write them).
        static func parameter(_ key: String, in header: String) -> String? {
            for part in header.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == key else { continue }
                var value = pair[1]
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                return value.replacingOccurrences(of: "\\\"", with: "\"")
            }
            return nil
        }
    }
}
