import Foundation

/// Turns a pair's history into the chart's geometry, its text alternative and the table.
struct RateHistoryPresenter: Sendable {
    static let width = 720, height = 320
    static let plot = (left: 72.0, right: 696.0, top: 28.0, bottom: 268.0)
    /// Up to this many days (about three months of business days), the table has a row and the
    /// chart a point to hover per day; longer histories get a row per month.
    static let dailyDetailLimit = 92

    func present(_ output: RateHistory.Output) -> RateHistory.ViewModel {
        let pair = "\(output.from.code) → \(output.to.code)"
        let points = output.points
        var texts = RateTexts(points)
        let extremes = Extremes(points)
        let stats: [RateHistory.Stat] =
            extremes.map { extremes in
                let last = points.count - 1
                return [
                    .init(label: "Last", value: texts[last], date: points[last].date.description),
                    .init(label: "Lowest", value: texts[extremes.low], date: points[extremes.low].date.description),
                    .init(label: "Highest", value: texts[extremes.high], date: points[extremes.high].date.description),
                ]
            } ?? []
        let isMonthly = points.count > Self.dailyDetailLimit
        let rows: [RateHistory.Row] =
            isMonthly ? [] : points.indices.reversed().map { .init(date: points[$0].date.description, rate: texts[$0]) }
        let months = isMonthly ? monthRows(points, texts: &texts) : []
        return RateHistory.ViewModel(
            title: "\(pair) rate history · \(AppInfo.name)",
            heading: "\(pair) rate history",
            subtitle: "\(output.from.name) in \(output.to.name): units of \(output.to.code) for 1 \(output.from.code)",
            chart: extremes.flatMap { points.count >= 2 ? chart(output, extremes: $0, texts: &texts) : nil },
            message: points.count >= 2
                ? nil
                : points.isEmpty
                    ? "No stored day has rates for both currencies yet, so there is no history to draw."
                    : "Only one day of rates is stored for this pair (\(points[0].date)), so there is no line to draw yet. An administrator can import the ECB's 90-day history.",
            stats: stats,
            rows: rows,
            months: months,
            hasRows: !points.isEmpty,
            isMonthly: isMonthly,
            tableTitle: isMonthly ? "Monthly rates" : "Daily rates",
            csvURL: SiteURL.rateHistoryCSV(from: output.from.code, to: output.to.code).path,
            reverseURL: SiteURL.rateHistory(from: output.to.code, to: output.from.code).path,
            converterURL: SiteURL.conversion(from: output.from.code, to: output.to.code, amount: "100").path)
    }

    /// The chart of `output`'s points (at least two).
    func chart(_ output: RateHistory.Output) -> RateHistory.Chart {
        var texts = RateTexts(output.points)
        return chart(output, extremes: Extremes(output.points)!, texts: &texts)
    }

    private func chart(_ output: RateHistory.Output, extremes: Extremes, texts: inout RateTexts) -> RateHistory.Chart {
        let points = output.points
        let plot = Self.plot
        var low = points[extremes.low].value, high = points[extremes.high].value
        if high - low < high * 1e-9 {
            low *= 0.99
            high *= 1.01
        } // a flat line sits mid-chart
        let padding = (high - low) * 0.08
        low -= padding
        high += padding
        let firstDay = Double(points.first!.date.dayNumber), lastDay = Double(points.last!.date.dayNumber)
        func x(_ date: CalendarDate) -> Double {
            plot.left + (Double(date.dayNumber) - firstDay) / max(lastDay - firstDay, 1) * (plot.right - plot.left)
        }
        func y(_ value: Double) -> Double { plot.bottom - (value - low) / (high - low) * (plot.bottom - plot.top) }
        let coordinates = points.map { (x: Self.round(x($0.date)), y: Self.round(y($0.value))) }

        let chartPoints =
            points.count > Self.dailyDetailLimit
            ? []
            : points.indices.map { index in
                RateHistory.ChartPoint(
                    x: Self.coordinate(coordinates[index].x), y: Self.coordinate(coordinates[index].y),
                    label: "\(points[index].date): \(texts[index])")
            }
        // One number of decimals for every axis label, enough to tell the ticks apart.
        let step = (high - low) / 3
        let decimals = min(8, max(2, Int((-log10(step)).rounded(.up)) + 1))
        let yTicks = (0...3).map { index -> RateHistory.Tick in
            let value = low + step * Double(index)
            let position = Self.round(y(value))
            return .init(
                position: Self.coordinate(position), labelPosition: Self.coordinate(position + 4),
                label: Self.fixed(value, decimals: decimals))
        }
        // First and last dates, and others in between only where they do not crowd a neighbour.
        var xTicks: [(position: Double, date: CalendarDate)] = []
        for point in [points.first!, points.last!, points[points.count / 2], points[points.count / 4], points[3 * points.count / 4]] {
            let position = Self.round(x(point.date))
            guard xTicks.allSatisfy({ abs($0.position - position) >= 110 }) else { continue }
            xTicks.append((position, point.date))
        }
        let uniqueXTicks = xTicks.sorted { $0.position < $1.position }.map { tick in
            RateHistory.Tick(
                position: Self.coordinate(tick.position), labelPosition: Self.coordinate(tick.position), label: tick.date.description)
        }

        func marker(_ index: Int, _ kind: String, _ label: String, above: Bool) -> RateHistory.Marker {
            let at = coordinates[index]
            let anchor = at.x > plot.right - 120 ? "end" : at.x < plot.left + 120 ? "start" : "middle"
            // Keep the label inside the plot: above the point unless that leaves the top, and
            // below it unless that would sit on the axis.
            let fitsAbove = at.y - 10 >= plot.top + 12, fitsBelow = at.y + 20 <= plot.bottom - 6
            let labelAbove = above ? fitsAbove || !fitsBelow : !fitsBelow && fitsAbove
            let labelX = anchor == "middle" ? at.x : anchor == "end" ? at.x - 8 : at.x + 8
            return .init(
                x: Self.coordinate(at.x), y: Self.coordinate(at.y), labelX: Self.coordinate(labelX),
                labelY: Self.coordinate(Self.round(labelAbove ? at.y - 10 : at.y + 20)),
                anchor: anchor, text: "\(label) \(texts[index])", kind: kind)
        }
        let lastIndex = points.count - 1
        var markers = [marker(extremes.high, "high", "max", above: true), marker(extremes.low, "low", "min", above: false)]
        if lastIndex != extremes.high && lastIndex != extremes.low {
            markers.append(marker(lastIndex, "last", "last", above: points[lastIndex].value >= (low + high) / 2 ? false : true))
        }

        let first = points.first!, last = points.last!
        let description =
            "From \(first.date) to \(last.date), 1 \(output.from.code) was worth between "
            + "\(texts[extremes.low]) \(output.to.code) (\(points[extremes.low].date)) and "
            + "\(texts[extremes.high]) \(output.to.code) (\(points[extremes.high].date)); "
            + "on \(last.date) it was \(texts[lastIndex]) \(output.to.code). \(points.count) days are shown."
        return RateHistory.Chart(
            width: Self.width, height: Self.height, plotLeft: Self.coordinate(plot.left), plotRight: Self.coordinate(plot.right),
            plotTop: Self.coordinate(plot.top), plotBottom: Self.coordinate(plot.bottom), yLabelX: Self.coordinate(plot.left - 8),
            xLabelY: Self.coordinate(plot.bottom + 22),
            line: Self.line(through: coordinates), dayCount: points.count,
            points: chartPoints, yTicks: yTicks, xTicks: uniqueXTicks, markers: markers,
            titleText: "\(output.from.code) to \(output.to.code) exchange rate, \(first.date) to \(last.date)",
            description: description)
    }

    /// A row per calendar month, newest first: its lowest, highest and last rate.
    private func monthRows(_ points: [RatePoint], texts: inout RateTexts) -> [RateHistory.MonthRow] {
        var rows: [RateHistory.MonthRow] = []
        var end = points.count
        while end > 0 {
            let month = (points[end - 1].date.year, points[end - 1].date.month)
            var start = end - 1
            while start > 0, (points[start - 1].date.year, points[start - 1].date.month) == month { start -= 1 }
            let extremes = Extremes(points[start..<end])!
            let date = points[end - 1].date
            rows.append(
                .init(
                    month: DateText.isoMonth(of: date), label: DateText.month(of: date), days: String(end - start),
                    low: texts[extremes.low], high: texts[extremes.high], last: texts[end - 1]))
            end = start
        }
        return rows
    }

    /// Every day's rate, oldest first, to ten significant digits (more than any source quotes).
    func csv(_ output: RateHistory.Output) -> String {
        var text = "date,\(output.to.code) per \(output.from.code)\r\n"
        for point in output.points {
            text +=
                "\(point.date),\(point.toRate.quotientText(dividingBy: point.fromRate, minimumFractionDigits: 0, significantDigits: 10))\r\n"
        }
        return text
    }

    /// `x,y x,y …` through `coordinates`. With more than two days per unit of the plot's width
    /// (years of history), each unit-wide column keeps only its first, lowest, highest and last
    /// point, in order: the line keeps its shape at a fraction of the size.
    static func line(through coordinates: [(x: Double, y: Double)]) -> String {
        var kept = coordinates
        if coordinates.count > 2 * Int(plot.right - plot.left) {
            kept = []
            var index = 0
            while index < coordinates.count {
                let column = Int(coordinates[index].x)
                var end = index, lowest = index, highest = index
                while end < coordinates.count, Int(coordinates[end].x) == column {
                    if coordinates[end].y < coordinates[highest].y { highest = end } // SVG y grows downwards
                    if coordinates[end].y > coordinates[lowest].y { lowest = end }
                    end += 1
                }
                for keep in Set([index, min(lowest, highest), max(lowest, highest), end - 1]).sorted() { kept.append(coordinates[keep]) }
                index = end
            }
        }
        // Written in place: at most 20 digits, a sign and a point per number.
        return String(unsafeUninitializedCapacity: kept.count * 46) { text in
            var count = 0
            /// `value` (already rounded to tenths) as `Double.description` writes it: `72.0`, `128.4`.
            func writeTenths(_ value: Double) {
                var tenths = Int((value * 10).rounded())
                if tenths < 0 {
                    text[count] = UInt8(ascii: "-")
                    count += 1
                    tenths = -tenths
                }
                var digits = 1, rest = tenths / 10
                while rest >= 10 {
                    rest /= 10
                    digits += 1
                }
                var whole = tenths / 10
                for position in stride(from: count + digits - 1, through: count, by: -1) {
                    text[position] = UInt8(ascii: "0") + UInt8(whole % 10)
                    whole /= 10
                }
                count += digits
                text[count] = UInt8(ascii: ".")
                text[count + 1] = UInt8(ascii: "0") + UInt8(tenths % 10)
                count += 2
            }
            for (index, point) in kept.enumerated() {
                if index > 0 {
                    text[count] = UInt8(ascii: " ")
                    count += 1
                }
                writeTenths(point.x)
                text[count] = UInt8(ascii: ",")
                count += 1
                writeTenths(point.y)
            }
            return count
        }
    }

    /// The decimal digits of `number` (not negative), without making a `String` of them.
    private static func writeDigits(of number: Int, into text: inout [UInt8]) {
        if number >= 10 { writeDigits(of: number / 10, into: &text) }
        text.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// `value` with exactly `decimals` decimals (`0.9140`), as `%.Nf` writes it but without
    /// `String(format:)`, which is slow on Linux.
    static func fixed(_ value: Double, decimals: Int) -> String {
        let product = abs(value) * Foundation.pow(10, Double(decimals))
        // Where rounding the product could go either way (it is itself rounded), or the digits
        // would not fit, `%.Nf`'s exact expansion decides.
        let fraction = product - product.rounded(.down)
        guard product < 1e15, abs(fraction - 0.5) > 4 * product.ulp else { return String(format: "%.\(decimals)f", value) }
        let scaled = Int(product.rounded(.toNearestOrEven))
        var text: [UInt8] = value < 0 && scaled != 0 ? [UInt8(ascii: "-")] : []
        var power = 1
        for _ in 0..<decimals { power *= 10 }
        writeDigits(of: scaled / power, into: &text)
        if decimals > 0 {
            text.append(UInt8(ascii: "."))
            let fraction = String(scaled % power).utf8
            text += repeatElement(UInt8(ascii: "0"), count: decimals - fraction.count)
            text += fraction
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// A length in the chart's view box as the template prints it, `Double.description`'s way
    /// (`72.0`, `128.4`), written digit by digit for the tenths every coordinate is rounded to.
    static func coordinate(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard abs(tenths) < 1e15, tenths / 10 == value, let whole = Int(exactly: tenths), whole != 0 || value.sign == .plus
        else { return value.description }
        var text: [UInt8] = whole < 0 ? [UInt8(ascii: "-")] : []
        writeDigits(of: Int(whole.magnitude / 10), into: &text)
        text.append(UInt8(ascii: "."))
        text.append(UInt8(ascii: "0") + UInt8(whole.magnitude % 10))
        return String(decoding: text, as: UTF8.self)
    }
}

/// Where the lowest and highest rates of some points are (the first of equals).
private struct Extremes {
    let low: Int
    let high: Int

    init?(_ points: [RatePoint]) { self.init(points[...]) }

    /// Indices of `points`' base array.
    init?(_ points: ArraySlice<RatePoint>) {
        guard var low = points.indices.first else { return nil }
        var high = low
        for index in points.indices {
            if points[index].value < points[low].value { low = index }
            if points[index].value > points[high].value { high = index }
        }
        (self.low, self.high) = (low, high)
    }
}

/// Each point's rate as written, worked out (a long division of the two stored rates) only for
/// the points a page shows.
private struct RateTexts {
    private let points: [RatePoint]
    private var written: [String?]

    init(_ points: [RatePoint]) {
        self.points = points
        written = Array(repeating: nil, count: points.count)
    }

    subscript(index: Int) -> String {
        mutating get {
            if let text = written[index] { return text }
            let text = points[index].toRate.rateText(dividedBy: points[index].fromRate)
            written[index] = text
            return text
        }
    }
}
