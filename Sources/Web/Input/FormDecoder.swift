import Vapor

/// Reads a form's fields, as ``RequestInputMiddleware`` parsed and checked them, into a page's
/// `Decodable` input (text fields, each optional): a body is parsed once, not again by Vapor's
/// decoder. A field that is missing is `nil`; a number or flag is read from its text.
package struct FormDecoder {
    package init() {}

    package func decode<Input: Decodable>(_ type: Input.Type, from fields: FormFields) throws -> Input {
        try Input(from: Fields(form: fields.dictionary, codingPath: []))
    }

    private struct Fields: Decoder {
        let form: [String: String]
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Record(form: form, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "a form holds no lists"))
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            throw DecodingError.typeMismatch(String.self, .init(codingPath: codingPath, debugDescription: "a form is a record"))
        }
    }

    private struct Record<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let form: [String: String]
        let codingPath: [any CodingKey]
        var allKeys: [Key] { form.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { form[key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let text = try self.text(for: key)
            if let text = text as? T { return text }
            if let readable = T.self as? any LosslessStringConvertible.Type, let value = readable.init(text) as? T { return value }
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: codingPath + [key], debugDescription: "“\(text)” is not a \(T.self)"))
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath + [key], debugDescription: "fields are text"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath + [key], debugDescription: "fields are text"))
        }

        func superDecoder() throws -> any Decoder { Fields(form: form, codingPath: codingPath) }
        func superDecoder(forKey key: Key) throws -> any Decoder { Fields(form: form, codingPath: codingPath + [key]) }

        private func text(for key: Key) throws -> String {
            guard let text = form[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "the form has no \(key.stringValue)"))
            }
            return text
        }
    }
}

extension Request {
    /// The posted form, read into `type` from the fields ``RequestInputMiddleware`` parsed.
    package func form<Input: Decodable>(_ type: Input.Type) throws -> Input {
        try FormDecoder().decode(type, from: formBody ?? FormFields(parsing: ""))
    }
}
