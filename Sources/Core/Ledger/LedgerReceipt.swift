import Foundation

/// What a ledger's conversion was, for a reviewer to check it: the input's SHA-256 and size,
/// the rule, the source and the providers behind it, the days of the rates used, the counts
/// and totals, the app's version and the time. Written as `ledger-receipt.json`.
package struct LedgerReceipt: Sendable, Equatable, Codable {
    package struct Total: Sendable, Equatable, Codable {
        /// The lines' currency.
        package var currency: String
        package var lines: Int
        /// The sum of the converted lines' amounts, in their currency.
        package var amount: String
        /// Their sum in the booking currency.
        package var converted: String

        package init(currency: String, lines: Int, amount: String, converted: String) {
            self.currency = currency
            self.lines = lines
            self.amount = amount
            self.converted = converted
        }
    }

    package var file: String?
    package var sha256: String
    package var bytes: Int
    package var lines: Int
    package var convertedLines: Int
    package var failedLines: Int
    package var bookingCurrency: String
    package var rule: LedgerRule
    package var source: RateSourceID
    package var sourceName: String
    package var providers: [String]
    package var firstRateDay: CalendarDate?
    package var lastRateDay: CalendarDate?
    package var totals: [Total]
    /// The sum of every converted line in the booking currency.
    package var total: String
    package var rounding: String
    package var appVersion: String
    package var createdAt: Date

    package init(
        file: String?, sha256: String, bytes: Int, lines: Int, convertedLines: Int, failedLines: Int, bookingCurrency: String,
        rule: LedgerRule, source: RateSourceID, sourceName: String, providers: [String], firstRateDay: CalendarDate?,
        lastRateDay: CalendarDate?, totals: [Total], total: String, rounding: String, appVersion: String, createdAt: Date
    ) {
        self.file = file
        self.sha256 = sha256
        self.bytes = bytes
        self.lines = lines
        self.convertedLines = convertedLines
        self.failedLines = failedLines
        self.bookingCurrency = bookingCurrency
        self.rule = rule
        self.source = source
        self.sourceName = sourceName
        self.providers = providers
        self.firstRateDay = firstRateDay
        self.lastRateDay = lastRateDay
        self.totals = totals
        self.total = total
        self.rounding = rounding
        self.appVersion = appVersion
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case file, sha256, bytes, lines, rule, source, providers, totals, total, rounding
        case convertedLines = "converted_lines"
        case failedLines = "failed_lines"
        case bookingCurrency = "booking_currency"
        case sourceName = "source_name"
        case firstRateDay = "first_rate_day"
        case lastRateDay = "last_rate_day"
        case appVersion = "app_version"
        case createdAt = "created_at"
    }

    /// The receipt as its file carries it: sorted keys, ISO 8601 time, indented (`pretty`), or
    /// on one line, as the API's JSON answer writes everything.
    package func json(pretty: Bool = true) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    package static func decode(_ data: Data) throws -> LedgerReceipt {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(LedgerReceipt.self, from: data)
    }
}
