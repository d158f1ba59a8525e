import Core
import ServiceInterfaces
import Vapor
import Web

extension LedgerView {
    /// A ledger's bytes as they arrive, into uploads the interactor hands out (`newUpload`): the
    /// page's multipart form (its CSRF token checked before a byte of the file is kept; small fields
    /// read alongside; a file, else pasted lines) or the API's `text/csv` body. Nothing is held
    /// whole in memory.
    enum Upload {
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
            let uploads = Uploads()
            let read: StreamedForm.Fields
            do {
                read = try await StreamedForm.read(request, csrfToken: csrfToken, limit: LedgerLimits.maxBytes + 2 * 1024 * 1024) {
                    name, fileName in
                    switch name {
                    // No file chosen: an empty part, passed over.
                    case "file" where fileName?.isEmpty ?? true: return { _ in }
                    case "file", "text":
                        let upload = try newUpload()
                        uploads.made[name] = upload
                        return { bytes in try upload.append(bytes) }
                    default: return nil
                    }
                }
            } catch let problem as StreamedForm.Problem {
                switch problem {
                case .notMultipart: throw Problem.notMultipart
                case .forbidden: throw Problem.forbidden
                case .tooLarge: throw Problem.refused(.tooLarge)
                case .compressed: throw Problem.refused(.notText)
                case .refused(let refusal): throw Problem.refused(refusal as? LedgerRefusal ?? .notText)
                }
            }
            var form = Form(fields: read.fields)
            if let fileName = read.fileNames["file"], read.bytes["file", default: 0] > 0 {
                form.upload = uploads.made["file"]
                form.fileName = fileName
            } else if read.bytes["text", default: 0] > 0 {
                form.upload = uploads.made["text"]
            }
            return form
        }

        /// The uploads a form's parts were given.
        private final class Uploads {
            var made: [String: any LedgerUpload] = [:]
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
    }
}
