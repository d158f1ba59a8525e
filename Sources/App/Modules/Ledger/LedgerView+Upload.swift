import Core
import MultipartKit
import ServiceInterfaces
import Vapor
import Web

extension LedgerView {
    /// A ledger's bytes as they arrive, into uploads the interactor hands out (`newUpload`): the
    /// page's multipart form (its CSRF token checked before a byte of the file is kept; small fields
    /// read alongside; a file, else pasted lines) or the API's `text/csv` body. Nothing is held
    /// whole in memory.
    enum Upload {
        /// Form fields other than the file and the pasted lines are short.
        static let maxFieldBytes = 1_024

        struct Form {
            var fields: [String: String] = [:]
            var fileName: String?
            /// The file's upload, else the pasted lines' (nil when neither has a byte).
            var upload: (any LedgerUpload)?
        }

        enum Problem: Error, Equatable {
            case forbidden
            case refused(LedgerRefusal)
            case notMultipart
        }

        /// Reads `POST /ledger`'s multipart body into uploads `newUpload` makes; `csrfToken` is the session's.
        static func form(
            _ request: Request, csrfToken: String?, newUpload: @escaping () throws -> any LedgerUpload
        ) async throws -> Form {
            guard let type = request.headers.contentType, type.type == "multipart", type.subType == "form-data",
                let boundary = type.parameters["boundary"], !boundary.isEmpty
            else { throw Problem.notMultipart }
            try checkHead(request, limit: LedgerLimits.maxBytes + 2 * 1024 * 1024)
            let parser = MultipartParser(boundary: boundary)
            let state = State(csrfToken: csrfToken, newUpload: newUpload)
            parser.onHeader = { name, value in state.header(name, value) }
            parser.onBody = { buffer in state.body(&buffer) }
            parser.onPartComplete = { state.partComplete() }
            var received = 0
            for try await buffer in request.body {
                received += buffer.readableBytes
                guard received <= LedgerLimits.maxBytes + 2 * 1024 * 1024 else { throw Problem.refused(.tooLarge) }
                try parser.execute(buffer)
                if let problem = state.problem { throw problem }
            }
            if let problem = state.problem { throw problem }
            guard state.csrfChecked else { throw Problem.forbidden }
            return try state.form()
        }

        /// Reads the API's body (`text/csv` or `text/plain`, uncompressed) into `upload`.
        static func body(_ request: Request, into upload: any LedgerUpload) async throws {
            guard let type = request.headers.contentType, type.type == "text", ["csv", "plain"].contains(type.subType) else {
                throw Problem.refused(.notText)
            }
            try checkHead(request, limit: LedgerLimits.maxBytes)
            for try await buffer in request.body {
                do throws(LedgerRefusal) { try append(buffer, to: upload) } catch { throw Problem.refused(error) }
            }
        }

        /// `buffer`'s bytes, in place, onto `upload`.
        static func append(_ buffer: ByteBuffer, to upload: any LedgerUpload) throws(LedgerRefusal) {
            do {
                try buffer.withUnsafeReadableBytes { try upload.append($0) }
            } catch let refusal as LedgerRefusal {
                throw refusal
            } catch {
                throw .notText
            }
        }

        /// A compressed body is never inflated (415); one declared larger than the limit is refused before it is read.
        private static func checkHead(_ request: Request, limit: Int) throws {
            if let encoding = request.headers.first(name: .contentEncoding), encoding.lowercased() != "identity" {
                throw Problem.refused(.notText)
            }
            if let declared = request.headers.first(name: .contentLength).flatMap(Int.init), declared > limit {
                throw Problem.refused(.tooLarge)
            }
        }

        /// The parser's callbacks' state: the part being read and where its bytes go.
        private final class State {
            let csrfToken: String?
            let newUpload: () throws -> any LedgerUpload
            var csrfChecked = false
            var problem: Problem?
            var headers: [(String, String)] = []
            var partStarted = false
            var name: String?
            var fileName: String?
            var field = ByteBuffer()
            var fields: [String: String] = [:]
            var fileUpload: (any LedgerUpload)?
            var fileBytes = 0
            var fileNameKept: String?
            var textUpload: (any LedgerUpload)?
            var textBytes = 0

            init(csrfToken: String?, newUpload: @escaping () throws -> any LedgerUpload) {
                self.csrfToken = csrfToken
                self.newUpload = newUpload
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
                fileName = Self.parameter("filename", in: disposition)
                // The token comes first (it is the form's first field): nothing else is read before it.
                if name != CSRFMiddleware.fieldName && !csrfChecked { problem = .forbidden }
                if name == "file", let fileName, !fileName.isEmpty {
                    fileUpload = try? newUpload()
                    fileNameKept = String(fileName.prefix(200))
                }
                if name == "text" { textUpload = try? newUpload() }
            }

            func body(_ buffer: inout ByteBuffer) {
                startPart()
                guard problem == nil else { return }
                do {
                    switch name {
                    case "file":
                        guard let upload = fileUpload else { return } // no file chosen: an empty part
                        try Upload.append(buffer, to: upload)
                        fileBytes += buffer.readableBytes
                    case "text":
                        if let upload = textUpload { try Upload.append(buffer, to: upload) }
                        textBytes += buffer.readableBytes
                    default:
                        guard field.readableBytes + buffer.readableBytes <= Upload.maxFieldBytes else { return }
                        field.writeBuffer(&buffer)
                    }
                } catch let refusal as LedgerRefusal {
                    problem = .refused(refusal)
                } catch {
                    problem = .refused(.notText)
                }
            }

            func partComplete() {
                startPart()
                if let name, name != "file", name != "text" {
                    let value = field.readString(length: field.readableBytes) ?? ""
                    if name == CSRFMiddleware.fieldName {
                        if let csrfToken, SecureToken.constantTimeEquals(value, csrfToken) {
                            csrfChecked = true
                        } else {
                            problem = .forbidden
                        }
                    } else {
                        fields[name] = value
                    }
                }
                headers = []
                partStarted = false
                name = nil
                fileName = nil
                field.clear()
            }

            func form() throws -> Form {
                var form = Form(fields: fields)
                if fileBytes > 0 {
                    form.upload = fileUpload
                    form.fileName = fileNameKept
                } else if textBytes > 0 {
                    form.upload = textUpload
                }
                return form
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
}
