import Core
import Foundation

/// Reads the Czech National Bank's exchange rate fixing (`/cnbapi/exrates/daily-year`, or
/// `/daily` for one day): `{"rates": [{"validFor": "2026-01-02", "currencyCode": "JPY",
/// "amount": 100, "rate": 15.234}]}`, Czech koruna per `amount` units of the currency.
package enum CNBDocument {
    private struct Document: Decodable {
        let rates: [Row]
    }

    private struct Row: Decodable {
        let validFor: String
        let currencyCode: String
        let amount: Int
        let rate: Decimal
    }

    package static func parse(_ data: Data) throws(RatesProviderError) -> [FetchedRates] {
        let document = try PublishedJSON.decode(Document.self, from: data, what: "Czech National Bank rates")
        var days = PublishedDays(.cnb)
        for row in document.rates {
            guard let date = CalendarDate(iso8601: row.validFor) else { throw .unreadable("a rate is valid for \(row.validFor)") }
            guard Currency.isWellFormedCode(row.currencyCode) else { continue }
            try days.add(row.currencyCode, row.rate, units: row.amount, on: date)
        }
        return try days.fetched()
    }
}

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

extension ProviderDeclaration {
    static let cnb = ProviderDeclaration(
        source: .cnb, origin: "https://api.cnb.cz", documents: .year { "/cnbapi/exrates/daily-year?lang=EN&year=\($0)" },
        parse: CNBDocument.parse)
}
