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
    }

    /// The preset a conversion followed: its id, name and the guidance it cites, in English.
    package struct Preset: Sendable, Equatable, Codable {
        package var id: String
        package var name: String
        package var guidance: String
        package var guidanceURL: String
        package var summary: String

        package init(_ preset: LedgerPreset) {
            id = preset.id
            name = preset.name.english
            guidance = preset.guidance.title
            guidanceURL = preset.guidance.url
            summary = preset.summary.english
        }

        enum CodingKeys: String, CodingKey {
            case id, name, guidance, summary
            case guidanceURL = "guidance_url"
        }
    }

    /// A rate the lines used: of which currency and source, for which days (a day, a month, a
    /// quarter, a month's or a year's mean), of which day, and how many lines it converted.
    package struct RateUsed: Sendable, Equatable, Codable {
        package var currency: String
        package var source: RateSourceID
        /// Units of the booking currency per unit of ``currency``, as the lines were converted.
        package var rate: String
        package var rateDay: CalendarDate?
        package var from: CalendarDate?
        package var through: CalendarDate?
        package var lines: Int
        /// `buying` or `selling` when the rate is that side of the source's quotation; absent for its mid.
        package var side: RateSide? = nil

        enum CodingKeys: String, CodingKey {
            case currency, source, rate, from, through, lines, side
            case rateDay = "rate_day"
        }
    }

    /// The rates a receipt lists at most; the converted file names each line's rate and day.
    package static let ratesListed = 1_000

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
    package var preset: Preset?
    /// `buying` or `selling` when every line converted at that side of the source's quotation;
    /// absent for the mid (and in receipts from before sides).
    package var side: RateSide?
    /// The rates used, by currency and period (at most ``ratesListed``).
    package var rates: [RateUsed]
    /// Rates used beyond ``ratesListed``, not listed.
    package var ratesNotListed: Int

    enum CodingKeys: String, CodingKey {
        case file, sha256, bytes, lines, rule, source, providers, totals, total, rounding, preset, rates, side
        case ratesNotListed = "rates_not_listed"
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

    /// Kept receipts from before presets and rate lists read with none.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decodeIfPresent(String.self, forKey: .file)
        sha256 = try c.decode(String.self, forKey: .sha256)
        bytes = try c.decode(Int.self, forKey: .bytes)
        lines = try c.decode(Int.self, forKey: .lines)
        convertedLines = try c.decode(Int.self, forKey: .convertedLines)
        failedLines = try c.decode(Int.self, forKey: .failedLines)
        bookingCurrency = try c.decode(String.self, forKey: .bookingCurrency)
        rule = try c.decode(LedgerRule.self, forKey: .rule)
        source = try c.decode(RateSourceID.self, forKey: .source)
        sourceName = try c.decode(String.self, forKey: .sourceName)
        providers = try c.decode([String].self, forKey: .providers)
        firstRateDay = try c.decodeIfPresent(CalendarDate.self, forKey: .firstRateDay)
        lastRateDay = try c.decodeIfPresent(CalendarDate.self, forKey: .lastRateDay)
        totals = try c.decode([Total].self, forKey: .totals)
        total = try c.decode(String.self, forKey: .total)
        rounding = try c.decode(String.self, forKey: .rounding)
        appVersion = try c.decode(String.self, forKey: .appVersion)
        createdAt = try c.decode(Date.self, forKey: .createdAt)
        preset = try c.decodeIfPresent(Preset.self, forKey: .preset)
        side = try c.decodeIfPresent(RateSide.self, forKey: .side)
        rates = try c.decodeIfPresent([RateUsed].self, forKey: .rates) ?? []
        ratesNotListed = try c.decodeIfPresent(Int.self, forKey: .ratesNotListed) ?? 0
    }

    package static func decode(_ data: Data) throws -> LedgerReceipt {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(LedgerReceipt.self, from: data)
    }
}

extension LedgerReceipt.RateUsed {
    /// `rate` of `currency` from `source`, used by `lines` lines of the days in `period`.
    package init(
        currency: String, source: RateSourceID, rate: LedgerRate, period: ClosedRange<CalendarDate>?, lines: Int, side: RateSide = .mid
    ) {
        self.init(
            currency: currency, source: source, rate: rate.text, rateDay: rate.day, from: period?.lowerBound, through: period?.upperBound,
            lines: lines, side: side == .mid ? nil : side)
    }
}
