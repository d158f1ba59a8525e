import Foundation

/// The rates snapshot that ships with the app (the ECB euro reference rates of one day), so
/// the converter works offline with zero set-up until an admin fetches current rates.
enum BundledRates {
    struct LoadingError: Error, CustomStringConvertible {
        let description: String
    }

    private struct Document: Decodable {
        let base: String
        let effectiveDate: CalendarDate
        /// Rates as strings, so they are read as exact decimals.
        let rates: [String: String]
    }

    static func snapshot(storedAt: Date) throws -> RateSnapshot {
        guard let url = Bundle.module.url(forResource: "bundled-rates", withExtension: "json", subdirectory: "Resources") else {
            throw LoadingError(description: "bundled-rates.json is missing from the app's resources")
        }
        return try snapshot(json: Data(contentsOf: url), storedAt: storedAt)
    }

    static func snapshot(json: Data, storedAt: Date) throws -> RateSnapshot {
        let document = try JSONDecoder().decode(Document.self, from: json)
        var rates: [String: Decimal] = [:]
        for (code, text) in document.rates {
            guard Currency.isWellFormedCode(code), let rate = Decimal(plainText: text),
                rate > 0
            else {
                throw LoadingError(description: "bundled-rates.json has an invalid rate \(code): \(text)")
            }
            rates[code] = rate
        }
        return RateSnapshot(
            source: RateSource.bundledECB.id, baseCurrency: document.base,
            effectiveDate: document.effectiveDate, storedAt: storedAt, rates: rates)
    }
}
