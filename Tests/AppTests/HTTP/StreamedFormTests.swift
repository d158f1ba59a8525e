import Foundation
import Testing
import Vapor

@testable import App
@testable import Web

/// The multipart reader the ledger's and the admin's uploads share: the token first, parts to
/// their writers as they arrive, and every limit refused before more is read.
@Suite("A streamed multipart form: token first, each part to its writer, bounded")
struct StreamedFormTests {
    static let token = "the-session-token"

    /// `StreamedForm.read` over `body`, with `headers` beside the form's own.
    static func read(
        _ body: String, headers extra: HTTPHeaders = [:], limit: Int = 1_024,
        writer: @escaping (String, String?) throws -> StreamedForm.PartWriter? = { _, _ in nil }
    ) async throws -> StreamedForm.Fields {
        let app = try await Application.make(.testing)
        let request = Request(
            application: app, method: .POST, url: URI(string: "/upload"), headers: ["Content-Type": "multipart/form-data; boundary=b"],
            collectedBody: ByteBuffer(string: body), on: app.eventLoopGroup.next())
        // After the body: a collected body sets its own length, which a test of a declared one replaces.
        for (name, value) in extra { request.headers.replaceOrAdd(name: name, value: value) }
        do {
            let read = try await StreamedForm.read(request, csrfToken: token, limit: limit, sink: writer)
            try await app.asyncShutdown()
            return read
        } catch {
            try await app.asyncShutdown()
            throw error
        }
    }

    static func part(_ name: String, fileName: String? = nil, _ value: String) -> String {
        "--b\r\nContent-Disposition: form-data; name=\"\(name)\"" + (fileName.map { "; filename=\"\($0)\"" } ?? "") + "\r\n\r\n\(value)\r\n"
    }

    static let end = "--b--\r\n"

    final class Written: @unchecked Sendable {
        var bytes: [String: [UInt8]] = [:]
    }

    @Test("fields read alongside; a file part's bytes go to its writer, its name and size noted")
    func parts() async throws {
        let written = Written()
        let form = try await Self.read(
            Self.part("csrf_token", Self.token) + Self.part("document", "kursliste") + Self.part("file", fileName: "k.xml", "<kursliste/>")
                + Self.end
        ) { name, fileName in
            guard name == "file", fileName != nil else { return nil }
            return { written.bytes[name, default: []] += Array($0) }
        }
        #expect(form.fields == ["document": "kursliste"])
        #expect(form.fileNames == ["file": "k.xml"] && form.bytes == ["file": 12])
        #expect(written.bytes["file"] == Array("<kursliste/>".utf8))
    }

    @Test("the token missing, wrong or after another part: forbidden, nothing written")
    func token() async throws {
        let written = Written()
        let writer: (String, String?) throws -> StreamedForm.PartWriter? = { name, _ in { written.bytes[name, default: []] += Array($0) } }
        for body in [
            Self.part("file", fileName: "k.xml", "x") + Self.part("csrf_token", Self.token) + Self.end,
            Self.part("csrf_token", "forged") + Self.part("file", fileName: "k.xml", "x") + Self.end,
            Self.part("file", fileName: "k.xml", "x") + Self.end,
        ] {
            await #expect(throws: StreamedForm.Problem.self) { try await Self.read(body, writer: writer) }
        }
        #expect(written.bytes.isEmpty)
    }

    @Test("declared or sent past the limit, compressed, not multipart, or a writer's refusal: refused")
    func refusals() async throws {
        func problem(_ body: String, headers: HTTPHeaders = [:], limit: Int = 1_024) async -> String {
            do {
                _ = try await Self.read(body, headers: headers, limit: limit) { name, _ in
                    name == "file" ? { _ in throw UploadSpool.TooLarge() } : nil
                }
                return "read"
            } catch let problem as StreamedForm.Problem {
                return "\(problem)".components(separatedBy: "(").first ?? ""
            } catch {
                return "\(error)"
            }
        }
        let small = Self.part("csrf_token", Self.token) + Self.end
        #expect(await problem(small, headers: ["Content-Length": String(1 << 30)]) == "tooLarge", "declared: refused before reading")
        #expect(await problem(small + String(repeating: " ", count: 2_000)) == "tooLarge", "sent past the limit")
        #expect(await problem(small, headers: ["Content-Encoding": "gzip"]) == "compressed")
        #expect(await problem(small, headers: ["Content-Type": "application/x-www-form-urlencoded"]) == "notMultipart")
        #expect(await problem(Self.part("csrf_token", Self.token) + Self.part("file", fileName: "k.xml", "x") + Self.end) == "refused")
    }
}
