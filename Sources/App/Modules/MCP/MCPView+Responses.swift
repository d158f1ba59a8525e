import Foundation
import MCP
import Vapor

extension MCPView {
    /// An answer of the SDK's as Vapor's, never cached; a refusal as a JSON-RPC error.
    static func response(_ answer: MCP.HTTPResponse) -> Vapor.Response {
        var headers = HTTPHeaders()
        for (name, value) in answer.headers { headers.replaceOrAdd(name: name, value: value) }
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        let status = HTTPResponseStatus(statusCode: answer.statusCode)
        switch answer {
        case .data(let data, _): return Vapor.Response(status: status, headers: headers, body: .init(data: data))
        case .error(_, let error, _, _):
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let body = try? encoder.encode(JSONRPCErrorBody(error: .init(code: error.code, message: error.errorDescription ?? "error")))
            return Vapor.Response(status: status, headers: headers, body: .init(data: body ?? Data()))
        default: return Vapor.Response(status: status, headers: headers)
        }
    }

    /// A JSON-RPC error answer with no request id (the request was refused before it was read).
    private struct JSONRPCErrorBody: Encodable {
        struct Failure: Encodable {
            let code: Int
            let message: String
        }

        var jsonrpc = "2.0"
        var id: String? = nil
        let error: Failure

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(jsonrpc, forKey: .jsonrpc)
            try container.encodeNil(forKey: .id)
            try container.encode(error, forKey: .error)
        }

        enum CodingKeys: String, CodingKey { case jsonrpc, id, error }
    }
}
