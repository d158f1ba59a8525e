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

    /// The series' days merged in order, a line at a time: by day, then by quote (each series
    /// is oldest first, so the next line is always at the head of one of them).
    struct Merge: Sendable {
        let series: [(quote: String, points: ArraySlice<RatePoint>)]
        let base: String
        let invert: Bool
        private var heads: [Int]

        init(_ output: Prices.Output) {
            series = output.series
            base = output.query.base
            invert = output.query.invert
            heads = output.series.map(\.points.startIndex)
        }

        mutating func next() -> Line? {
            var earliest: Int?
            for index in series.indices where heads[index] < series[index].points.endIndex {
                let date = series[index].points[heads[index]].date
                if earliest.map({ date < series[$0].points[heads[$0]].date }) ?? true { earliest = index }
            }
            guard let index = earliest else { return nil }
            let point = series[index].points[heads[index]]
            heads[index] += 1
            let quote = series[index].quote
            let (numerator, denominator) = invert ? (point.fromRate, point.toRate) : (point.toRate, point.fromRate)
            return Line(
                date: point.date, commodity: invert ? quote : base,
                amount: numerator.quotientText(dividingBy: denominator, minimumFractionDigits: 0, significantDigits: 10),
                currency: invert ? base : quote)
        }
    }

    /// The file's name: `prices-EUR-2026-01-01-2026-03-31.journal` (`prices-USD-buying-…` for a side).
    func fileName(of query: Prices.Query) -> String {
        let side = query.side == .mid ? "" : "-\(query.side.rawValue)"
        return "prices-\(query.base)\(side)-\(query.days.lowerBound)-\(query.days.upperBound).\(query.format.fileExtension)"
    }

    func pieces(of output: Prices.Output) -> Pieces {
        Pieces(output: output)
    }

    /// The answer's bytes, `linesPerPiece` lines at a time, each piece's lines merged as it is
    /// written (with the CSV's header, or the JSON array's brackets, in the first and last).
    struct Pieces: AsyncSequence, Sendable {
        let output: Prices.Output

        struct AsyncIterator: AsyncIteratorProtocol {
            let pieces: Pieces
            var merge: Merge
            var written = 0
            var done = false

            mutating func next() async -> [UInt8]? {
                guard !done else { return nil }
                var lines: [Line] = []
                lines.reserveCapacity(PricesPresenter.linesPerPiece)
                while lines.count < PricesPresenter.linesPerPiece, let line = merge.next() { lines.append(line) }
                done = lines.count < PricesPresenter.linesPerPiece
                defer { written += lines.count }
                return pieces.piece(lines, first: written == 0, last: done)
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pieces: self, merge: Merge(output)) }

        private func piece(_ lines: [Line], first: Bool, last: Bool) -> [UInt8] {
            let format = output.query.format, source = output.source
            var text = ""
            if first {
                switch format {
                case .csv: text += "date,base,quote,amount,source,type\r\n"
                case .json: text += "["
                case .ledger, .beancount: break
                }
            }
            let side = output.query.side
            let kind =
                side == .mid
                ? Self.csvField(source.rateType ?? (source.id == .blend ? "blend of official rates" : "rate")) : "\(side.rawValue) rate"
            for (index, line) in lines.enumerated() {
                switch format {
                case .ledger: text += "P \(line.date) \(line.commodity) \(line.amount) \(line.currency)\n"
                case .beancount: text += "\(line.date) price \(line.commodity) \(line.amount) \(line.currency)\n"
                case .csv: text += "\(line.date),\(line.commodity),\(line.currency),\(line.amount),\(source.id),\(kind)\r\n"
                case .json:
                    if index > 0 || !first { text += "," }
                    text += #"{"date":"\#(line.date)","base":"\#(line.commodity)","quote":"\#(line.currency)","#
                    text += #""amount":"\#(line.amount)","source":"\#(source.id)""#
                    text += side == .mid ? "}" : #","side":"\#(side.rawValue)"}"#
                }
            }
            if last, format == .json { text += "]" }
            return Array(text.utf8)
        }

        /// `text` as one CSV field: quoted when it holds a comma, a quote or a line break.
        static func csvField(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
    }
}
