import Core
import Foundation
import ServiceInterfaces
import Web

/// Writes Frankfurter v2's answers as its document shows them: members in its order, no spaces,
/// rates as JSON numbers of at most ``significantDigits`` significant digits (a published rate
/// comes out as published), in JSON, NDJSON or CSV.
struct FrankfurterV2Presenter: Sendable {
    /// Enough for any central bank's published digits; cross rates are rounded there.
    static let significantDigits = 8

    /// Answers of more records than this are sent in pieces of about this many.
    static let recordsPerPiece = 4_096

    // MARK: Rates

    /// `answer` in `format`, in pieces of ``recordsPerPiece`` records, each written as it is sent.
    func pieces(of answer: FrankfurterV2.Rates, as format: FrankfurterV2.Format) -> Pieces {
        Pieces(records: answer.records, format: format, expanded: answer.query.expandProviders, presenter: self)
    }

    /// `/v2/rate/{base}/{quote}`'s one record: a JSON object, or CSV with its header.
    func single(_ record: FrankfurterV2.Record, as format: FrankfurterV2.Format) -> [UInt8] {
        format == .csv ? csvHeader(expanded: false) + csvRows([record], expanded: false) : Array(json([record]).dropFirst().dropLast())
    }

    /// The records of an answer as written, a few thousand at a time: the JSON array's opening
    /// and closing around the first and last piece, the CSV header before the first.
    struct Pieces: AsyncSequence, Sendable {
        let records: [FrankfurterV2.Record]
        let format: FrankfurterV2.Format
        let expanded: Bool
        let presenter: FrankfurterV2Presenter

        /// The whole answer when it is one piece, else `nil`.
        var whole: [UInt8]? {
            records.count <= FrankfurterV2Presenter.recordsPerPiece ? piece(records[...], first: true, last: true) : nil
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            let pieces: Pieces
            var start = 0
            var done = false

            mutating func next() async -> [UInt8]? {
                guard !done else { return nil }
                let end = Swift.min(pieces.records.count, start + FrankfurterV2Presenter.recordsPerPiece)
                let bytes = pieces.piece(pieces.records[start..<end], first: start == 0, last: end == pieces.records.count)
                (start, done) = (end, end == pieces.records.count)
                return bytes
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pieces: self) }

        func piece(_ records: ArraySlice<FrankfurterV2.Record>, first: Bool, last: Bool) -> [UInt8] {
            switch format {
            case .ndjson: return presenter.ndjson(records)
            case .csv: return (first ? presenter.csvHeader(expanded: expanded) : []) + presenter.csvRows(records, expanded: expanded)
            case .json:
                if !first && records.isEmpty { return last ? [UInt8(ascii: "]")] : [] }
                var bytes = presenter.json(records)
                if !first { bytes[0] = UInt8(ascii: ",") }
                if !last { bytes.removeLast() }
                return bytes
            }
        }
    }

    /// `[{…},{…}]`.
    func json(_ records: some Collection<FrankfurterV2.Record>) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(records.count * 64 + 2)
        var lead = Lead()
        for (index, record) in records.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(record, lead: &lead, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// One record per line.
    func ndjson(_ records: some Collection<FrankfurterV2.Record>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * 64)
        var lead = Lead()
        for record in records {
            write(record, lead: &lead, into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// A record's opening to its quote, `{"date":"…","base":"…","quote":`, written once for
    /// the records of a date and base that follow one another (a day's 160 share it).
    private struct Lead {
        var date: CalendarDate?
        var base = ""
        var bytes: [UInt8] = []

        mutating func of(_ record: FrankfurterV2.Record) -> [UInt8] {
            if date != record.date || base != record.base {
                bytes = Array(#"{"date":""#.utf8)
                bytes += record.date.description.utf8
                bytes += #"","base":"#.utf8
                APIJSON.writeString(record.base, into: &bytes)
                bytes += #","quote":"#.utf8
                (date, base) = (record.date, record.base)
            }
            return bytes
        }
    }

    /// The CSV header: `date,base,quote,rate`, and `providers` when each provider's rate is asked.
    func csvHeader(expanded: Bool) -> [UInt8] { Array(("date,base,quote,rate" + (expanded ? ",providers" : "") + "\r\n").utf8) }

    /// CSV rows; the providers as `KEY:RATE` joined by `|`, an excluded one ending in `*`.
    func csvRows(_ records: some Collection<FrankfurterV2.Record>, expanded: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * 40)
        for record in records {
            bytes += "\(record.date),\(record.base),\(record.quote),".utf8
            bytes += Self.number(record.rate).utf8
            if expanded {
                bytes.append(UInt8(ascii: ","))
                let cell = (record.providers ?? []).map { "\($0.key):\(Self.number($0.rate))\($0.excluded ? "*" : "")" }.joined(
                    separator: "|")
                bytes += cell.utf8
            }
            bytes += "\r\n".utf8
        }
        return bytes
    }

    private func write(_ record: FrankfurterV2.Record, lead: inout Lead, into bytes: inout [UInt8]) {
        bytes += lead.of(record)
        APIJSON.writeString(record.quote, into: &bytes)
        bytes += #","rate":"#.utf8
        bytes += Self.number(record.rate).utf8
        if let providers = record.providers {
            bytes += #","providers":["#.utf8
            for (index, provider) in providers.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += #"{"key":"#.utf8
                APIJSON.writeString(provider.key, into: &bytes)
                bytes += #","date":""#.utf8
                bytes += provider.date.description.utf8
                bytes += #"","rate":"#.utf8
                bytes += Self.number(provider.rate).utf8
                if provider.excluded { bytes += #","excluded":true"#.utf8 }
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// A rate as a JSON number: at most ``significantDigits`` significant digits, never an exponent.
    static func number(_ rate: Decimal) -> String { rate.plainText(significantDigits: significantDigits) }

    // MARK: Currencies and providers

    /// `/v2/currencies`: the schema's members only.
    func json(currencies: [FrankfurterV2.CurrencyInfo]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, currency) in currencies.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += "{".utf8
            member("iso_code", currency.code, into: &bytes, first: true)
            member("iso_numeric", currency.numeric, into: &bytes)
            member("name", currency.name, into: &bytes)
            member("symbol", currency.symbol, into: &bytes)
            member("start_date", currency.start?.description, into: &bytes)
            member("end_date", currency.end?.description, into: &bytes)
            bytes += "}".utf8
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// `/v2/currency/{code}`: with the providers that quote it, and its peg if it has one.
    func json(currency: FrankfurterV2.CurrencyInfo) -> [UInt8] {
        var bytes: [UInt8] = Array("{".utf8)
        member("iso_code", currency.code, into: &bytes, first: true)
        member("iso_numeric", currency.numeric, into: &bytes)
        member("name", currency.name, into: &bytes)
        member("symbol", currency.symbol, into: &bytes)
        bytes += #","providers":"#.utf8
        strings(currency.providers, into: &bytes)
        if let peg = currency.peg {
            bytes += #","peg":{"#.utf8
            member("base", peg.anchor, into: &bytes, first: true)
            bytes += #","rate":"#.utf8
            bytes += Self.number(peg.rate).utf8
            member("authority", peg.authority, into: &bytes)
            member("source", peg.source, into: &bytes)
            bytes += "}".utf8
        }
        bytes += "}".utf8
        return bytes
    }

    /// `/v2/providers`.
    func json(providers: [FrankfurterV2.ProviderInfo]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, provider) in providers.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(provider, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    /// `/v2/providers/{key}`: the same object as the list's.
    func json(provider: FrankfurterV2.ProviderInfo) -> [UInt8] {
        var bytes: [UInt8] = []
        write(provider, into: &bytes)
        return bytes
    }

    /// A provider as `/v2/providers` writes it, with Frankfurter's fields and this app's `kind`
    /// (`central bank`, `tax and customs`) and `sides` (`mid`, and `buying` and `selling` where
    /// it writes them: what `side` may ask of it).
    private func write(_ provider: FrankfurterV2.ProviderInfo, into bytes: inout [UInt8]) {
        let source = provider.source
        bytes += "{".utf8
        member("key", source.key, into: &bytes, first: true)
        member("name", source.name, into: &bytes)
        member("country_code", source.countryCode, into: &bytes)
        member("rate_type", source.rateType, into: &bytes)
        member("pivot_currency", source.homeCurrency, into: &bytes)
        member("data_url", source.website, into: &bytes)
        member("terms_url", source.termsURL, into: &bytes)
        member("start_date", provider.start?.description, into: &bytes)
        member("end_date", provider.end?.description, into: &bytes)
        member("publish_cadence", Self.publishCadence(source.cadence ?? .daily), into: &bytes)
        bytes += #","publishes_missed":"#.utf8
        bytes += (provider.missed.map(String.init) ?? "null").utf8
        member("kind", source.kind.rawValue, into: &bytes)
        bytes += #","sides":"#.utf8
        strings(source.sides.map(\.rawValue), into: &bytes)
        bytes += #","currencies":"#.utf8
        strings(provider.currencies, into: &bytes)
        bytes += "}".utf8
    }

    /// The cadence as Frankfurter names it: `monthly` for a month's last day's rates (the BIS's),
    /// `yearly` for a year's (the Kursliste's year-end rates and means),
    /// none for a publisher that ended (`null`, Frankfurter's for historical-only providers).
    static func publishCadence(_ cadence: RateSource.Cadence) -> String? {
        switch cadence {
        case .historical: nil
        case .monthEnd: "monthly"
        case .yearEnd, .yearly: "yearly"
        case .daily, .weekly, .monthly, .quarterly: cadence.rawValue
        }
    }

    /// `{"message": …}`, as every v2 error is written.
    func body(message: String) -> [UInt8] {
        var bytes: [UInt8] = Array(#"{"message":"#.utf8)
        APIJSON.writeString(message, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    func body(_ failure: FrankfurterV2.Failure) -> [UInt8] {
        switch failure {
        case .notFound: body(message: "not found")
        case .unprocessable(let message): body(message: message)
        case .unavailable: body(message: "The rates cannot be read right now; try again in a minute.")
        case .loading(let loading): body(message: loading.message.english)
        }
    }

    private func member(_ key: String, _ value: String?, into bytes: inout [UInt8], first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        APIJSON.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if let value { APIJSON.writeString(value, into: &bytes) } else { bytes += "null".utf8 }
    }

    private func strings(_ values: [String], into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            APIJSON.writeString(value, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    init() {}
}
