import Web

/// Writes Frankfurter v1's JSON, byte for byte as frankfurter.dev writes it: members in its
/// order (`amount`, `base`, `date` or `start_date` and `end_date`, `rates`), no spaces, numbers
/// as Ruby writes them, and its arithmetic (`Quote::Base`): with the euro as base and an amount
/// of 1 the ECB's rates unchanged; else each rate times the amount, rounded
/// (``FrankfurterNumber/rounded(_:)``), and for another base each of those divided by the
/// base's own rounded rate and rounded again. That double rounding is Frankfurter's, kept so
/// that answers match: on 2024-07-26, USD → TRY is 32.963 from it and 32.964 without.
///
/// A range is written a day at a time (``writeDays(_:_:into:)``), so the View can send 27
/// years in pieces instead of building 3 MB first.
struct FrankfurterPresenter: Sendable {
    /// Frankfurter's own lowercase words, for the statuses whose message its clients compare.
    static func errorMessage(status: UInt) -> String? {
        switch status {
        case 404: "not found"
        case 405: "method not allowed"
        default: nil
        }
    }

    /// Everything before the first day's rates.
    func opening(_ output: Frankfurter.Output) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(96)
        bytes += #"{"amount":"#.utf8
        RubyNumber.writeFloat(output.query.amount, into: &bytes)
        bytes += #","base":"#.utf8
        APIJSON.writeString(output.query.base, into: &bytes)
        if output.isRange {
            bytes += #","start_date":""#.utf8
            bytes += output.days.first!.date.description.utf8
            bytes += #"","end_date":""#.utf8
            bytes += output.days.last!.date.description.utf8
            bytes += #"","rates":{"#.utf8
        } else {
            bytes += #","date":""#.utf8
            bytes += output.days[0].date.description.utf8
            bytes += #"","rates":"#.utf8
        }
        return bytes
    }

    /// The days at `indices` of `output.days`: `"2020-01-02":{…}` each in a range (with the
    /// commas between them), the one day's `{…}` otherwise.
    func writeDays(_ output: Frankfurter.Output, _ indices: Range<Int>, into bytes: inout [UInt8]) {
        let amount = output.query.amount
        let rounds = amount != 1.0 || output.baseColumn != nil
        for index in indices {
            let day = output.days[index]
            if output.isRange {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "\""))
                bytes += day.date.description.utf8
                bytes += #"":"#.utf8
            }
            bytes.append(UInt8(ascii: "{"))
            var first = true
            // The base's rate as Frankfurter divides by it: times the amount, rounded.
            let divisor = output.baseColumn.map { FrankfurterNumber.rounded(amount * day.value($0)).value }
            for (code, column) in output.currencies {
                let rate: Double
                if let column {
                    rate = day.value(column)
                    guard !rate.isNaN else { continue }
                } else {
                    rate = 1 // the euro, when it is not the base
                }
                let number: FrankfurterNumber
                if let divisor {
                    // Frankfurter puts the amount itself in for the euro, unrounded.
                    let prepared = column == nil ? amount : FrankfurterNumber.rounded(amount * rate).value
                    number = .rounded(amount * prepared / divisor)
                } else {
                    number = rounds ? .rounded(amount * rate) : .float(amount * rate)
                }
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                bytes.append(UInt8(ascii: "\""))
                bytes += code.utf8
                bytes += #"":"#.utf8
                number.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Everything after the last day's rates.
    func closing(_ output: Frankfurter.Output) -> [UInt8] {
        output.isRange ? Array("}}".utf8) : Array("}".utf8)
    }

    /// The whole answer at once (a day's, or a short range's).
    func body(_ output: Frankfurter.Output) -> [UInt8] {
        var bytes = opening(output)
        bytes.reserveCapacity(bytes.count + output.days.count * (output.currencies.count * 16 + 20) + 2)
        writeDays(output, 0..<output.days.count, into: &bytes)
        bytes += closing(output)
        return bytes
    }

    /// `{"AUD":"Australian Dollar",…}`.
    func body(_ currencies: Frankfurter.CurrencyNames) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, entry) in currencies.names.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            APIJSON.writeString(entry.code, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            APIJSON.writeString(entry.name, into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// `{"message":"not found"}` and the like.
    func body(_ failure: Frankfurter.Failure) -> [UInt8] { body(message: message(failure)) }

    /// `{"message": …}`, Frankfurter's one error shape (also for errors before any route).
    func body(message: String) -> [UInt8] {
        var bytes = Array(#"{"message":"#.utf8)
        APIJSON.writeString(message, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    func message(_ failure: Frankfurter.Failure) -> String {
        switch failure {
        case .notFound: "not found"
        case .unprocessable(let message): message
        case .unavailable: "rates are unavailable right now; try again in a minute"
        case .loading(let loading): loading.message.english
        }
    }

    /// A range of more days than this is written in pieces of about this many days.
    static let daysPerPiece = 256

    /// `output` whole when it is short (``daysPerPiece`` days or fewer), else `nil`: see ``pieces(of:)``.
    func whole(_ output: Frankfurter.Output) -> [UInt8]? { output.days.count <= Self.daysPerPiece ? body(output) : nil }

    /// `output` in pieces of ``daysPerPiece`` days, each written as it is sent.
    func pieces(of output: Frankfurter.Output) -> Pieces { Pieces(output: output, presenter: self) }

    /// A long answer's pieces: the opening with the first days, then the days, the closing with the last.
    struct Pieces: AsyncSequence, Sendable {
        let output: Frankfurter.Output
        let presenter: FrankfurterPresenter

        struct AsyncIterator: AsyncIteratorProtocol {
            let pieces: Pieces
            var start = 0
            var done = false

            mutating func next() async -> [UInt8]? {
                guard !done else { return nil }
                let output = pieces.output, presenter = pieces.presenter
                var bytes = start == 0 ? presenter.opening(output) : []
                let end = Swift.min(output.days.count, start + FrankfurterPresenter.daysPerPiece)
                presenter.writeDays(output, start..<end, into: &bytes)
                if end == output.days.count { bytes += presenter.closing(output) }
                (start, done) = (end, end == output.days.count)
                return bytes
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pieces: self) }
    }

    init() {}
}
