import Foundation

/// Turns a pair's history into the chart's geometry, its text alternative and the table.
struct RateHistoryPresenter: Sendable {
    static let width = 720, height = 320
    static let plot = (left: 72.0, right: 696.0, top: 28.0, bottom: 268.0)
    /// Up to this many days (about three months of business days), the chart has a point to hover per day.
    static let dailyDetailLimit = 92

    /// At most this many points per line: past it, each sliver of the plot keeps its lowest and highest day.
    static let maxLinePoints = 500
    /// Consecutive days further apart than this are a gap in the line (the ECB never closes
    /// longer than five days; a currency not quoted for a while leaves more).
    static let gapDays = 7

    func present(_ output: RateHistory.Output) -> RateHistory.ViewModel {
        let query = output.query ?? RateHistory.Query(from: output.from.code, to: output.to.code)
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
        let isMonthly = query.range.isMonthly
        // Newest first: page 1 ends with the newest day (or month).
        let monthStarts = isMonthly ? RateHistory.monthStarts(points) : []
        let rowCount = isMonthly ? monthStarts.count - 1 : points.count
        let perPage = RateHistory.rowsPerPage(monthly: isMonthly)
        let pages = max(1, (rowCount + perPage - 1) / perPage)
        let page = min(query.page, pages)
        let pageEnd = rowCount - (page - 1) * perPage
        let pageRows = max(0, pageEnd - perPage)..<max(0, pageEnd)
        // Each row links to the converter on its day: one address, the day appended.
        let converterOnDay = SiteURL.conversion(from: output.from.code, to: output.to.code, amount: "100").path + "&date="
        let rows: [RateHistory.Row] =
            isMonthly
            ? []
            : pageRows.reversed().map { index in
                let date = points[index].date.description
                return .init(date: date, rate: texts[index], url: converterOnDay + date)
            }
        let months = isMonthly ? monthRows(points, starts: monthStarts, rows: pageRows, texts: &texts) : []
        // The page's newest and oldest day, for its caption.
        let pageDays =
            pageRows.isEmpty
            ? nil
            : isMonthly
                ? (newest: points[monthStarts[pageRows.upperBound] - 1].date, oldest: points[monthStarts[pageRows.lowerBound]].date)
                : (newest: points[pageRows.upperBound - 1].date, oldest: points[pageRows.lowerBound].date)
        func url(range: HistoryRange = query.range, page: Int? = nil) -> String {
            SiteURL.rateHistory(from: output.from.code, to: output.to.code, range: range, date: query.date, page: page).path
        }
        let rangeText = points.first.map { $0.date == points.last!.date ? "\($0.date)" : "\($0.date) to \(points.last!.date)" } ?? ""
        return RateHistory.ViewModel(
            title: "\(pair) rate history\(query.range == .default && query.date == nil ? "" : ", \(rangeText)") · \(AppInfo.name)",
            heading: "\(pair) rate history",
            subtitle: "\(output.from.name) in \(output.to.name): units of \(output.to.code) for 1 \(output.from.code)"
                + (points.isEmpty ? "" : ", \(rangeText)"),
            chart: extremes.flatMap { points.count >= 2 ? chart(output, extremes: $0, texts: &texts) : nil },
            message: points.count >= 2
                ? nil
                : points.isEmpty
                    ? output.window.map {
                        "No day from \($0.lowerBound) to \($0.upperBound) has rates for both currencies. Choose a longer range."
                    } ?? "No stored day has rates for both currencies yet, so there is no history to draw."
                    : output.window.flatMap { window in
                        // The pair has other days, outside this range.
                        window.lowerBound == window.upperBound
                            ? nil
                            : "Only one day from \(window.lowerBound) to \(window.upperBound) has rates for both currencies "
                                + "(\(points[0].date)), so there is no line to draw. Choose a longer range."
                    }
                        ?? "Only one day of rates is stored for this pair (\(points[0].date)), so there is no line to draw yet. An administrator can import the ECB's history.",
            stats: stats,
            rows: rows,
            months: months,
            hasRows: !points.isEmpty,
            isMonthly: isMonthly,
            tableTitle: isMonthly ? "Monthly rates" : "Daily rates",
            paging: pages == 1
                ? nil
                : RateHistory.Paging(
                    text: "Page \(page) of \(pages): "
                        + (pageDays.map {
                            isMonthly
                                ? "\(DateText.month(of: $0.newest)) back to \(DateText.month(of: $0.oldest))"
                                : "\($0.newest) back to \($0.oldest)"
                        } ?? ""),
                    newerURL: page > 1 ? url(page: page - 1) : nil,
                    olderURL: page < pages ? url(page: page + 1) : nil),
            ranges: HistoryRange.allCases.map { .init(label: $0.label, url: url(range: $0), isCurrent: $0 == query.range) },
            csvURL: SiteURL.rateHistoryCSV(from: output.from.code, to: output.to.code, range: query.range, date: query.date).path,
            csvLabel: "Every day's rate of this range as CSV (\(points.count) \(points.count == 1 ? "day" : "days"))",
            reverseURL: SiteURL.rateHistory(from: output.to.code, to: output.from.code, range: query.range, date: query.date).path,
            converterURL: SiteURL.conversion(from: output.from.code, to: output.to.code, amount: "100", date: query.date).path,
            converterLabel: query.date.map { "Convert with these currencies on \($0)" } ?? "Convert with these currencies")
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
        let xTicks = Self.timeTicks(from: points.first!.date, to: points.last!.date, x: x)

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
        let dayMarker = output.query?.date.flatMap { date in
            (points.first!.date...points.last!.date).contains(date)
                ? RateHistory.DayMarker(x: Self.coordinate(Self.round(x(date))), label: date.description) : nil
        }

        let stretches = Self.stretches(of: points)
        let first = points.first!, last = points.last!
        let gapText = stretches.count > 1 ? " The line breaks where no rate was quoted for more than \(Self.gapDays) days." : ""
        let description =
            "From \(first.date) to \(last.date), 1 \(output.from.code) was worth between "
            + "\(texts[extremes.low]) \(output.to.code) (\(points[extremes.low].date)) and "
            + "\(texts[extremes.high]) \(output.to.code) (\(points[extremes.high].date)); "
            + "on \(last.date) it was \(texts[lastIndex]) \(output.to.code). \(points.count) days are shown.\(gapText)"
        let bucketWidth: Double? =
            points.count > Self.maxLinePoints ? (plot.right - plot.left) / Double(Self.maxLinePoints / 2) : nil
        return RateHistory.Chart(
            width: Self.width, height: Self.height, plotLeft: Self.coordinate(plot.left), plotRight: Self.coordinate(plot.right),
            plotTop: Self.coordinate(plot.top), plotBottom: Self.coordinate(plot.bottom), yLabelX: Self.coordinate(plot.left - 8),
            xLabelY: Self.coordinate(plot.bottom + 22),
            lines: stretches.map { Self.line(through: coordinates[$0], bucketWidth: bucketWidth) },
            dayMarker: dayMarker, dayCount: points.count,
            points: chartPoints, yTicks: yTicks, xTicks: xTicks, markers: markers,
            titleText: "\(output.from.code) to \(output.to.code) exchange rate, \(first.date) to \(last.date)",
            description: description)
    }

    /// The index ranges of the line's stretches: a new one starts after a gap of more than ``gapDays``.
    static func stretches(of points: [RatePoint]) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var start = 0
        for index in points.indices.dropFirst() where points[index - 1].date.days(until: points[index].date) > gapDays {
            stretches.append(start..<index)
            start = index
        }
        stretches.append(start..<points.count)
        return stretches
    }

    /// The time axis's labels. Over two years: the first of January of every year (or every
    /// 2nd, 5th, 10th year, so that labels do not crowd), labelled `2020`. Shorter: the first
    /// and last days and others in between where they do not crowd a neighbour.
    static func timeTicks(from first: CalendarDate, to last: CalendarDate, x: (CalendarDate) -> Double) -> [RateHistory.Tick] {
        if first.days(until: last) > 2 * 365 {
            let width = plot.right - plot.left
            let perYear = width / (Double(first.days(until: last)) / 365.25)
            let step = [1, 2, 5, 10].first { Double($0) * perYear >= 52 } ?? 20
            var ticks: [RateHistory.Tick] = []
            var year = (first.year / step + 1) * step
            if let january = CalendarDate(year: first.year, month: 1, day: 1), january == first, first.year % step == 0 {
                year = first.year
            }
            while let january = CalendarDate(year: year, month: 1, day: 1), january <= last {
                let position = coordinate(round(x(january)))
                ticks.append(.init(position: position, labelPosition: position, label: String(year)))
                year += step
            }
            return ticks
        }
        var ticks: [(position: Double, date: CalendarDate)] = []
        let span = first.days(until: last)
        for offset in [0, span, span / 2, span / 4, 3 * span / 4] {
            let date = CalendarDate(dayNumber: first.dayNumber + offset)
            let position = round(x(date))
            guard ticks.allSatisfy({ abs($0.position - position) >= 110 }) else { continue }
            ticks.append((position, date))
        }
        return ticks.sorted { $0.position < $1.position }.map { tick in
            RateHistory.Tick(position: coordinate(tick.position), labelPosition: coordinate(tick.position), label: tick.date.description)
        }
    }

    /// A row per calendar month, newest first, for the months `rows` counts (0 the oldest): its
    /// lowest, highest and last rate. Only these months' rates are worked out.
    private func monthRows(_ points: [RatePoint], starts: [Int], rows: Range<Int>, texts: inout RateTexts) -> [RateHistory.MonthRow] {
        rows.reversed().map { month in
            let start = starts[month], end = starts[month + 1]
            let extremes = Extremes(points[start..<end])!
            let date = points[end - 1].date
            return .init(
                month: DateText.isoMonth(of: date), label: DateText.month(of: date), days: String(end - start),
                low: texts[extremes.low], high: texts[extremes.high], last: texts[end - 1])
        }
    }

    /// `USD-EUR-daily-rates-2025-11-03-to-2026-10-30.csv`.
    func csvFileName(_ output: RateHistory.Output) -> String {
        let days = output.points.first.map { "-\($0.date)-to-\(output.points.last!.date)" } ?? ""
        return "\(output.from.code)-\(output.to.code)-daily-rates\(days).csv"
    }

    /// Every day's rate of the range, oldest first, to ten significant digits (more than any source quotes).
    func csv(_ output: RateHistory.Output) -> String {
        var text = "date,\(output.to.code) per \(output.from.code)\r\n"
        for point in output.points {
            text +=
                "\(point.date),\(point.toRate.quotientText(dividingBy: point.fromRate, minimumFractionDigits: 0, significantDigits: 10))\r\n"
        }
        return text
    }

    /// `x,y x,y …` through `coordinates`. With `bucketWidth` (more days than the chart shows
    /// points for), each bucket of that width along the time axis keeps only its lowest and
    /// highest point, in order: the line keeps its shape, spikes included, in at most
    /// ``maxLinePoints`` points.
    static func line(through coordinates: ArraySlice<(x: Double, y: Double)>, bucketWidth: Double? = nil) -> String {
        var kept = Array(coordinates)
        if let bucketWidth {
            kept = []
            var index = coordinates.startIndex
            while index < coordinates.endIndex {
                let bucket = Int((coordinates[index].x - plot.left) / bucketWidth)
                var end = index, lowest = index, highest = index
                while end < coordinates.endIndex, Int((coordinates[end].x - plot.left) / bucketWidth) == bucket {
                    if coordinates[end].y < coordinates[highest].y { highest = end } // SVG y grows downwards
                    if coordinates[end].y > coordinates[lowest].y { lowest = end }
                    end += 1
                }
                kept.append(coordinates[min(lowest, highest)])
                if lowest != highest { kept.append(coordinates[max(lowest, highest)]) }
                index = end
            }
        }
        // A day alone between gaps: a line of no length, which the round line cap draws as a dot.
        if kept.count == 1 { kept.append(kept[0]) }
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
