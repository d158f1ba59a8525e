import Foundation
import MCP

extension MCPView {
    /// One argument of a `tools/call` as the tools read it: text, a list of texts, absent (JSON
    /// `null`), or of a type no tool takes.
    enum Argument: Decodable, Equatable, Sendable {
        case text(String)
        case list([String])
        case absent
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .absent
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else if let list = try? container.decode([String].self) {
                self = .list(list)
            } else {
                self = .other
            }
        }

        init(_ value: Value) {
            switch value {
            case .string(let text): self = .text(text)
            case .null: self = .absent
            case .array(let items) where items.allSatisfy({ $0.stringValue != nil }): self = .list(items.compactMap(\.stringValue))
            default: self = .other
            }
        }
    }

    /// Text arguments as given; a list of texts joined with commas; anything else named as wrong.
    static func arguments(_ values: [String: Argument]) -> MCPEndpoint.Arguments {
        var texts: [String: String] = [:], wrong: [String] = []
        for (name, value) in values {
            switch value {
            case .text(let text): texts[name] = text
            case .list(let items): texts[name] = items.joined(separator: ",")
            case .absent: break
            case .other: wrong.append(name)
            }
        }
        return MCPEndpoint.Arguments(values: texts, wrongTypes: wrong)
    }

    /// A tool's JSON answer as the SDK's `Value`, read without `Value`'s own decoding, which
    /// builds a regular expression for every string it reads (to spot `data:` URLs, which no
    /// answer here holds; docs/BENCHMARKS.md, *MCP without the SDK's round trip*).
    struct StructuredValue: Decodable {
        let value: Value

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else if let object = try? container.decode([String: StructuredValue].self) {
                value = .object(object.mapValues(\.value))
            } else if let array = try? container.decode([StructuredValue].self) {
                value = .array(array.map(\.value))
            } else if let bool = try? container.decode(Bool.self) {
                value = .bool(bool)
            } else if let int = try? container.decode(Int.self) {
                value = .int(int)
            } else {
                value = .double(try container.decode(Double.self))
            }
        }
    }
}
