import Core
import Foundation

/// Writes the prices, oldest day first and the quotes in the order asked, a few thousand lines at
/// a time: each rate to ten significant digits (a rate the source publishes for the pair is
/// written as published), as the history's CSV writes them.
struct PricesPresenter: Sendable {
    static let linesPerPiece = 4_096

    /// One price line's parts.
    struct Line: Sendable, Equatable {
        let date: CalendarDate
        /// One unit of `commodity` is worth `amount` of `currency`.
        let commodity: String
        let amount: String
        let currency: String
    }

    /// Every line of `output`, in order: by day, then by quote.
    func lines(of output: Prices.Output) -> [Line] {
        var entries: [(date: CalendarDate, quote: Int, point: RatePoint)] = []
        entries.reserveCapacity(output.series.reduce(0) { $0 + $1.points.count })
        for (index, series) in output.series.enumerated() {
            for point in series.points { entries.append((point.date, index, point)) }
        }
        entries.sort { ($0.date, $0.quote) < ($1.date, $1.quote) }
        let base = output.query.base, invert = output.query.invert
        return entries.map { entry in
            let quote = output.series[entry.quote].quote
            let (numerator, denominator) = invert ? (entry.point.fromRate, entry.point.toRate) : (entry.point.toRate, entry.point.fromRate)
            return Line(
                date: entry.date, commodity: invert ? quote : base,
                amount: numerator.quotientText(dividingBy: denominator, minimumFractionDigits: 0, significantDigits: 10),
                currency: invert ? base : quote)
        }
    }

    /// The file's name: `prices-EUR-2026-01-01-2026-03-31.journal`.
    func fileName(of query: Prices.Query) -> String {
        "prices-\(query.base)-\(query.days.lowerBound)-\(query.days.upperBound).\(query.format.fileExtension)"
    }

    func pieces(of output: Prices.Output) -> Pieces {
        Pieces(lines: lines(of: output), format: output.query.format, source: output.source)
    }

    /// The answer's bytes, `linesPerPiece` lines at a time (with the CSV's header, or the JSON
    /// array's brackets, in the first and last).
    struct Pieces: AsyncSequence, Sendable {
        let lines: [Line]
        let format: Prices.Format
        let source: RateSource

        struct AsyncIterator: AsyncIteratorProtocol {
            let pieces: Pieces
            var start = 0
            var done = false

            mutating func next() async -> [UInt8]? {
                guard !done else { return nil }
                let end = Swift.min(pieces.lines.count, start + PricesPresenter.linesPerPiece)
                let bytes = pieces.piece(start..<end)
                done = end == pieces.lines.count
                start = end
                return bytes
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pieces: self) }

        private func piece(_ range: Range<Int>) -> [UInt8] {
            var text = ""
            if range.lowerBound == 0 {
                switch format {
                case .csv: text += "date,base,quote,amount,source,type\r\n"
                case .json: text += "["
                case .ledger, .beancount: break
                }
            }
            let kind = Self.csvField(source.rateType ?? (source.id == .blend ? "blend of official rates" : "rate"))
            for index in range {
                let line = lines[index]
                switch format {
                case .ledger: text += "P \(line.date) \(line.commodity) \(line.amount) \(line.currency)\n"
                case .beancount: text += "\(line.date) price \(line.commodity) \(line.amount) \(line.currency)\n"
                case .csv: text += "\(line.date),\(line.commodity),\(line.currency),\(line.amount),\(source.id),\(kind)\r\n"
                case .json:
                    if index > 0 { text += "," }
                    text += #"{"date":"\#(line.date)","base":"\#(line.commodity)","quote":"\#(line.currency)","#
                    text += #""amount":"\#(line.amount)","source":"\#(source.id)"}"#
                }
            }
            if range.upperBound == lines.count, format == .json { text += "]" }
            return Array(text.utf8)
        }

        /// `text` as one CSV field: quoted when it holds a comma, a quote or a line break.
        static func csvField(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }
}
