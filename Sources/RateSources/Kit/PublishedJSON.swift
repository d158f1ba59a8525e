import Foundation

/// Decodes a publisher's JSON into `Decodable` types: `Decimal` fields read a number's own
/// digits, never through a binary floating point.
enum PublishedJSON {
    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, what: String, keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    ) throws(RatesProviderError) -> T {
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = keys
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty: throw .unreadable("not valid JSON")
            case .keyNotFound(let key, _): throw .unreadable("not \(what): \(key.stringValue) is missing")
            default: throw .unreadable("not \(what)")
            }
        } catch {
            throw .unreadable("not \(what)")
        }
    }
}
