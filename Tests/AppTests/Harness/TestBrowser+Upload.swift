import Foundation
import Vapor

@testable import Web

extension TestBrowser {
    /// Posts a multipart form as a browser sends the ledger's: the CSRF token first (the last
    /// page's unless `csrf` says otherwise), the fields, then the file (`nil`: none chosen).
    @discardableResult
    func upload(
        _ path: String, _ fields: [(String, String)], file: (name: String, bytes: [UInt8])?, csrf: String?? = .some(nil)
    ) async throws -> BrowserResponse {
        let boundary = "----TestBoundary\(UUID().uuidString.prefix(8))"
        var body = ByteBuffer()
        func part(_ name: String, filename: String? = nil, _ bytes: [UInt8]) {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"")
            if let filename { body.writeString("; filename=\"\(filename)\"\r\nContent-Type: text/csv") }
            body.writeString("\r\n\r\n")
            body.writeBytes(bytes)
            body.writeString("\r\n")
        }
        switch csrf {
        case .none: break
        case .some(.none): if let token = lastCSRFToken { part(CSRFMiddleware.fieldName, Array(token.utf8)) }
        case .some(.some(let token)): part(CSRFMiddleware.fieldName, Array(token.utf8))
        }
        for (name, value) in fields { part(name, Array(value.utf8)) }
        part("file", filename: file?.name ?? "", file?.bytes ?? [])
        body.writeString("--\(boundary)--\r\n")
        return try await send(.POST, path, headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: body)
    }
}
