import Foundation

/// Untyped JSON, for documents whose keys are data (the Bank of Canada's series). Only text is
/// read from it: `JSONSerialization` turns numbers into `Double`s, so documents whose rates are
/// JSON numbers are decoded into `Decimal` fields instead, which read the number's own digits.
enum JSONDocument {
    static func object(_ data: Data) throws(RatesProviderError) -> [String: Any]? {
        try value(data) as? [String: Any]
    }

    static func array(_ data: Data) throws(RatesProviderError) -> [Any]? {
        try value(data) as? [Any]
    }

    private static func value(_ data: Data) throws(RatesProviderError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .unreadable("not valid JSON")
        }
    }
}
