import Foundation
import MCP
import Vapor
import Web

/// A plain `tools/call` (one request with an id, a tool's name and its arguments, nothing else)
/// and a plain `tools/list` are answered here rather than by the SDK's `Server`, whose request
/// handler turns every result into a `Value` by encoding it and decoding it again, and whose
/// `Value` decoding builds a regular expression for every string (docs/BENCHMARKS.md, *MCP
/// without the SDK's round trip*). The SDK's validators run first, the answer
/// is the same JSON as the Server's (`MCPHTTPTests` compares the two), and every other message
/// (initialize, ping, notifications, one carrying `_meta` or a cursor) goes to the Server.
extension MCPView {
    struct PlainRequest: Decodable, Sendable {
        enum Message: Sendable {
            case callTool(name: String, arguments: MCPEndpoint.Arguments)
            case listTools
        }

        let id: ID
        let message: Message

        /// Not a plain request: the Server reads it.
        struct NotPlain: Error {}

        private enum Keys: String, CodingKey { case jsonrpc, id, method, params }
        private enum ParameterKeys: String, CodingKey { case name, arguments, _meta }

        init(from decoder: any Decoder) throws {
            let request = try decoder.container(keyedBy: Keys.self)
            guard try request.decode(String.self, forKey: .jsonrpc) == "2.0", try !request.decodeNil(forKey: .id) else { throw NotPlain() }
            // A number first: clients number their requests (the SDK's `ID` tries text first).
            if let number = try? request.decode(Int.self, forKey: .id) {
                id = .number(number)
            } else {
                id = .string(try request.decode(String.self, forKey: .id))
            }
            switch try request.decode(String.self, forKey: .method) {
            case CallTool.name:
                let parameters = try request.nestedContainer(keyedBy: ParameterKeys.self, forKey: .params)
                guard !parameters.contains(._meta) else { throw NotPlain() }
                let arguments = try parameters.decodeIfPresent([String: Argument].self, forKey: .arguments) ?? [:]
                message = .callTool(name: try parameters.decode(String.self, forKey: .name), arguments: MCPView.arguments(arguments))
            case ListTools.name:
                // Any parameter (a cursor, `_meta`) is the Server's to read.
                guard
                    try !request.contains(.params) || request.decodeNil(forKey: .params)
                        || request.decode([String: Argument].self, forKey: .params).isEmpty
                else { throw NotPlain() }
                message = .listTools
            default:
                throw NotPlain()
            }
        }

        private static let decoder = JSONDecoder()

        /// `body` as a plain request, or `nil` for the Server to read.
        static func read(_ body: ByteBuffer) -> PlainRequest? {
            try? decoder.decode(PlainRequest.self, from: body)
        }
    }

    /// The answer, as the SDK's Server writes it (keys sorted): the tools listed; or the call's
    /// text content, whether it is an error, and its structured content as the presenter wrote it.
    func answer(_ plain: PlainRequest, _ request: Vapor.Request) async -> Vapor.Response {
        var json = Array(#"{"id":"#.utf8)
        switch plain.id {
        case .number(let number): json += Array(String(number).utf8)
        case .string(let text): APIJSON.writeString(text, into: &json)
        }
        json += Array(#","jsonrpc":"2.0","result":"#.utf8)
        switch plain.message {
        case .listTools:
            json += MCPView.ToolCatalog.listed
        case .callTool(let name, let arguments):
            json += Array(#"{"content":[{"text":"#.utf8)
            switch await outcome(of: name, arguments, request) {
            case .success(let answer):
                APIJSON.writeString(answer.text, into: &json)
                json += Array(#","type":"text"}],"isError":false,"structuredContent":"#.utf8)
                json += answer.structured
            case .failure(let refusal):
                APIJSON.writeString(refusal.message, into: &json)
                json += Array(#","type":"text"}],"isError":true"#.utf8)
            }
            json += Array("}".utf8)
        }
        json += Array("}".utf8)
        return Self.response(.data(Data(json), headers: [HTTPHeaderName.contentType: "application/json"]))
    }
}
