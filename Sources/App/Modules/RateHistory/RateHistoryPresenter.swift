import Core
import Foundation
import Web

/// Turns a pair's history into the chart's geometry, its text alternative and the table.
struct RateHistoryPresenter: Sendable {
    /// Names the rates' source, and says whether its rates are in force until the next.
    let providers: ProviderCatalog

    /// 404: the pair has no rates.
    static let unknownPair = Message("There are no rates for this currency pair.")

    /// 404: the table has no such page.
    static func noSuchPage(_ page: Int) -> Message {
        Message("There is no page {page} of this table.", ["page": .number(String(page))])
    }

    static let width = 720, height = 320
    static let plot = (left: 72.0, right: 696.0, top: 28.0, bottom: 268.0)
    /// Up to this many days (about three months of business days), the chart has a point to hover per day.
    static let dailyDetailLimit = 92

    /// At most this many points per line: past it, each sliver of the plot keeps its lowest and highest day.
    static let maxLinePoints = 500
    /// Consecutive days further apart than this are a gap in the line (the ECB never closes
    /// longer than five days; a currency not quoted for a while leaves more).
    static let gapDays = 7

    func present(_ output: RateHistory.Output, in l: Localization) -> RateHistory.ViewModel {
        let query = output.query ?? RateHistory.Query(from: output.from.code, to: output.to.code)
        let pair = l.text("{from} → {to}", ["from": output.from.code, "to": output.to.code])
        let points = output.points
        var texts = RateTexts(points)
        let extremes = Extremes(points)
        let stats: [RateHistory.Stat] =
            extremes.map { extremes in
                let last = points.count - 1
                return [
                    .init(label: l.text("Last"), value: l.number(texts[last]), date: l.date(points[last].date)),
                    .init(label: l.text("Lowest"), value: l.number(texts[extremes.low]), date: l.date(points[extremes.low].date)),
                    .init(label: l.text("Highest"), value: l.number(texts[extremes.high]), date: l.date(points[extremes.high].date)),
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
        let source = query.source
        // Each row links to the converter on its day: one address, the day (and the source) appended.
        let converterOnDay = SiteURL.conversion(from: output.from.code, to: output.to.code, amount: "100").path + "&date="
        let sourceSuffix = source.map { "&source=\($0)" } ?? ""
        let dayIndices = isMonthly ? [] : Array(pageRows.reversed())
        let dayRates = Self.aligned(dayIndices.map { texts[$0] })
        let rows: [RateHistory.Row] = zip(dayIndices, dayRates).map { index, rate in
            let date = points[index].date.description
            return .init(date: date, dateText: l.date(points[index].date), rate: l.number(rate), url: converterOnDay + date + sourceSuffix)
        }
        let months = isMonthly ? monthRows(points, starts: monthStarts, rows: pageRows, texts: &texts, in: l) : []
        // The page's newest and oldest day, for its caption.
        let pageDays =
            pageRows.isEmpty
            ? nil
            : isMonthly
                ? (newest: points[monthStarts[pageRows.upperBound] - 1].date, oldest: points[monthStarts[pageRows.lowerBound]].date)
                : (newest: points[pageRows.upperBound - 1].date, oldest: points[pageRows.lowerBound].date)
        func url(range: HistoryRange = query.range, page: Int? = nil) -> String {
            SiteURL.rateHistory(from: output.from.code, to: output.to.code, range: range, date: query.date, page: page, source: source).path
        }
        let rangeText =
            points.first.map {
                $0.date == points.last!.date
                    ? l.date($0.date) : l.text("{first} to {last}", ["first": l.date($0.date), "last": l.date(points.last!.date)])
            } ?? ""
        let heading = l.text("{pair} rate history", ["pair": pair])
        let names = [
            "from": l.currencyName(output.from), "to": l.currencyName(output.to), "fromCode": output.from.code, "toCode": output.to.code,
        ]
        let subtitle = l.text("{from} in {to}: units of {toCode} for 1 {fromCode}", names)
        return RateHistory.ViewModel(
            title:
                "\(query.range == .default && query.date == nil ? heading : l.text("{text}, {range}", ["text": heading, "range": rangeText])) · \(l.text("Currency Converter"))",
            heading: heading,
            subtitle: points.isEmpty ? subtitle : l.text("{text}, {range}", ["text": subtitle, "range": rangeText]),
            chart: extremes.flatMap { points.count >= 2 ? chart(output, extremes: $0, texts: &texts, in: l) : nil },
            message: points.count >= 2
                ? nil
                : points.isEmpty
                    ? output.window.map {
                        l.text(
                            "No day from {first} to {last} has rates for both currencies. Choose a longer range.",
                            ["first": l.date($0.lowerBound), "last": l.date($0.upperBound)])
                    } ?? l.text("No stored day has rates for both currencies yet, so there is no history to draw.")
                    : output.window.flatMap { window in
                        // The pair has other days, outside this range.
                        window.lowerBound == window.upperBound
                            ? nil
                            : l.text(
                                "Only one day from {first} to {last} has rates for both currencies ({day}), so there is no line to draw. Choose a longer range.",
                                ["first": l.date(window.lowerBound), "last": l.date(window.upperBound), "day": l.date(points[0].date)])
                    }
                        ?? l.text(
                            "Only one day of rates is stored for this pair ({day}), so there is no line to draw yet. An administrator can import the ECB’s history.",
                            ["day": l.date(points[0].date)]),
            stats: stats,
            rows: rows,
            months: months,
            hasRows: !points.isEmpty,
            isMonthly: isMonthly,
            tableTitle: isMonthly ? l.text("Monthly rates") : l.text("Daily rates"),
            paging: pages == 1
                ? nil
                : RateHistory.Paging(
                    text: l.text(
                        "Page {page} of {pages}: {newest} back to {oldest}",
                        [
                            "page": l.number(String(page)), "pages": l.number(String(pages)),
                            "newest": pageDays.map { isMonthly ? l.month($0.newest) : l.date($0.newest) } ?? "",
                            "oldest": pageDays.map { isMonthly ? l.month($0.oldest) : l.date($0.oldest) } ?? "",
                        ]),
                    newerURL: page > 1 ? url(page: page - 1) : nil,
                    olderURL: page < pages ? url(page: page + 1) : nil),
            ranges: HistoryRange.allCases.map {
                .init(label: Self.label(of: $0, in: l), url: url(range: $0), isCurrent: $0 == query.range)
            },
            csvURL: SiteURL.rateHistoryCSV(from: output.from.code, to: output.to.code, range: query.range, date: query.date, source: source)
                .path,
            csvLabel: l.plural(
                "Every day’s rate of this range as CSV ({count} day)", "Every day’s rate of this range as CSV ({count} days)",
                count: points.count),
            feedURL: SiteURL.rateHistoryFeed(from: output.from.code, to: output.to.code, source: source).path,
            prices: Self.pricesForm(output, points: points, source: source ?? RateSourceID.blend, in: l),
            reverseURL: SiteURL.rateHistory(
                from: output.to.code, to: output.from.code, range: query.range, date: query.date, source: source
            )
            .path,
            converterURL: SiteURL.conversion(from: output.from.code, to: output.to.code, amount: "100", date: query.date, source: source)
                .path,
            converterLabel: query.date.map { l.text("Convert with these currencies on {day}", ["day": l.date($0)]) }
                ?? l.text("Convert with these currencies"),
            source: l.text(
                "Rates from: {source}",
                ["source": RatesSourceViewModel.name(of: providers.source(source ?? RateSourceID.blend), in: l)]))
    }

    /// The pair's prices over the range's days (editable), for Ledger and hledger by default.
    static func pricesForm(
        _ output: RateHistory.Output, points: [RatePoint], source: RateSourceID, in l: Localization
    ) -> RateHistory.PricesForm? {
        guard let first = points.first?.date, let last = points.last?.date else { return nil }
        let formats: [(String, Message)] = [
            ("ledger", Message("Ledger and hledger")), ("beancount", Message("Beancount")), ("csv", Message("CSV")),
            ("json", Message("JSON")),
        ]
        return RateHistory.PricesForm(
            action: SiteURL.apiPrices.path, legend: l.text("Prices for your books"), base: output.from.code, quote: output.to.code,
            source: source.rawValue, from: first.description, to: last.description, minDate: Converter.firstRatesDay.description,
            maxDate: last.description, fromLabel: l.text("From"), toLabel: l.text("To"), formatLabel: l.text("Format"),
            formats: formats.map { .init(value: $0.0, label: l.text($0.1), selected: $0.0 == "ledger") }, button: l.text("Download prices"))
    }

    /// `1 month`, `All`: a range's link text.
    static func label(of range: HistoryRange, in l: Localization) -> String {
        switch range {
        case .oneMonth: l.plural("{count} month", "{count} months", count: 1)
        case .threeMonths: l.plural("{count} month", "{count} months", count: 3)
        case .oneYear: l.plural("{count} year", "{count} years", count: 1)
        case .fiveYears: l.plural("{count} year", "{count} years", count: 5)
        case .tenYears: l.plural("{count} year", "{count} years", count: 10)
        case .all: l.text("All")
        }
    }

    /// The chart of `output`'s points (at least two).
    func chart(_ output: RateHistory.Output, in l: Localization) -> RateHistory.Chart {
        var texts = RateTexts(output.points)
        return chart(output, extremes: Extremes(output.points)!, texts: &texts, in: l)
    }

    private func chart(_ output: RateHistory.Output, extremes: Extremes, texts: inout RateTexts, in l: Localization) -> RateHistory.Chart {
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
                    label: l.text("{day}: {rate}", ["day": l.date(points[index].date), "rate": l.number(texts[index])]))
            }
        // Round values (steps of 1, 2 or 5 times a power of ten), each with the decimals the step needs.
        let (tickValues, decimals) = Self.valueTicks(low: low, high: high)
        let yTicks = tickValues.map { value -> RateHistory.Tick in
            let position = Self.round(y(value))
            return .init(
                position: Self.coordinate(position), labelPosition: Self.coordinate(position + 4),
                label: l.number(Self.fixed(value, decimals: decimals)))
        }
        let xTicks = Self.timeTicks(from: points.first!.date, to: points.last!.date, x: x, in: l)

        // The highest, the lowest and (when it is neither) the last day, each with its label.
        let lastIndex = points.count - 1
        var marked: [(index: Int, kind: String, label: String)] = [
            (extremes.high, "high", l.text("max")), (extremes.low, "low", l.text("min")),
        ]
        if lastIndex != extremes.high && lastIndex != extremes.low { marked.append((lastIndex, "last", l.text("last"))) }
        let labels = marked.map {
            ChartLabelLayout.Marker(
                point: .init(x: coordinates[$0.index].x, y: coordinates[$0.index].y),
                text: l.text("{label} {rate}", ["label": $0.label, "rate": l.number(texts[$0.index])]),
                // The highest's label above it, the lowest's below; the last's away from the plot's nearer edge.
                prefersAbove: $0.kind == "high" || ($0.kind == "last" && points[$0.index].value < (low + high) / 2))
        }
        let plotBox = ChartLabelLayout.Box(left: plot.left, top: plot.top, right: plot.right, bottom: plot.bottom)
        let wide = ChartLabelLayout.place(labels, in: plotBox, line: coordinates, fontSize: ChartLabelLayout.wideFontSize)
        let narrow = ChartLabelLayout.place(labels, in: plotBox, line: coordinates, fontSize: ChartLabelLayout.narrowFontSize)
        func written(_ placement: ChartLabelLayout.Placement) -> RateHistory.LabelPlacement {
            .init(x: Self.coordinate(placement.x), y: Self.coordinate(placement.baseline), anchor: placement.anchor)
        }
        let markers = marked.indices.map { index in
            RateHistory.Marker(
                x: Self.coordinate(labels[index].point.x), y: Self.coordinate(labels[index].point.y), text: labels[index].text,
                kind: marked[index].kind, wide: written(wide[index]), narrow: written(narrow[index]))
        }
        let dayMarker = output.query?.date.flatMap { date in
            (points.first!.date...points.last!.date).contains(date)
                ? RateHistory.DayMarker(x: Self.coordinate(Self.round(x(date))), label: l.date(date)) : nil
        }

        // A tax authority's rate is in force until the next: drawn as steps, level until the next
        // rate's day, and broken only where a period was never stored.
        let cadence = providers.source(output.query?.source ?? RateSourceID.blend).cadence
        let isStepped = cadence?.appliesUntilNext == true
        let gap = isStepped ? cadence!.reach : Self.gapDays
        let stretches = Self.stretches(of: points, gap: gap)
        let first = points.first!, last = points.last!
        var description = l.text(
            "From {first} to {last}, 1 {from} was worth between {low} ({lowDay}) and {high} ({highDay}); on {last} it was {rate}.",
            [
                "first": l.date(first.date), "last": l.date(last.date), "from": output.from.code,
                "low": "\(l.number(texts[extremes.low])) \(output.to.code)", "lowDay": l.date(points[extremes.low].date),
                "high": "\(l.number(texts[extremes.high])) \(output.to.code)", "highDay": l.date(points[extremes.high].date),
                "rate": "\(l.number(texts[lastIndex])) \(output.to.code)",
            ])
        description += " " + l.plural("{count} day is shown.", "{count} days are shown.", count: points.count)
        if stretches.count > 1 {
            description +=
                " "
                + l.plural(
                    "The line breaks where no rate was quoted for more than {count} day.",
                    "The line breaks where no rate was quoted for more than {count} days.", count: gap)
        }
        let bucketWidth: Double? =
            points.count > Self.maxLinePoints ? (plot.right - plot.left) / Double(Self.maxLinePoints / 2) : nil
        return RateHistory.Chart(
            width: Self.width, height: Self.height, plotLeft: Self.coordinate(plot.left), plotRight: Self.coordinate(plot.right),
            plotTop: Self.coordinate(plot.top), plotBottom: Self.coordinate(plot.bottom), yLabelX: Self.coordinate(plot.left - 8),
            xLabelY: Self.coordinate(plot.bottom + 22),
            lines: stretches.map {
                isStepped ? Self.line(through: Self.steps(coordinates[$0])) : Self.line(through: coordinates[$0], bucketWidth: bucketWidth)
            },
            dayMarker: dayMarker, dayCount: points.count,
            points: chartPoints, yTicks: yTicks, xTicks: xTicks, markers: markers,
            titleText: l.text(
                "{from} to {to} exchange rate, {first} to {last}",
                ["from": output.from.code, "to": output.to.code, "first": l.date(first.date), "last": l.date(last.date)]),
            description: description)
    }

    /// The value axis's ticks: every multiple of a round step (1, 2 or 5 times a power of ten)
    /// in `low...high` with the largest step that gives at least four (or three, where the next
    /// step down would crowd the axis with eight or more), and the decimals that step needs:
    /// 110, 120 … 160 for 108.74…168.00; 0.6, 0.8, 1.0, 1.2 for 0.58…1.26.
    static func valueTicks(low: Double, high: Double) -> (values: [Double], decimals: Int) {
        guard high > low, (high - low).isFinite else { return ([low], 2) }
        /// `multiple × 10^exponent` without the error of multiplying by a negative power.
        func value(_ multiple: Int, _ exponent: Int) -> Double {
            exponent >= 0
                ? Double(multiple) * Foundation.pow(10, Double(exponent)) : Double(multiple) / Foundation.pow(10, Double(-exponent))
        }
        func ticks(_ multiple: Int, _ exponent: Int) -> (values: [Double], decimals: Int) {
            let step = value(multiple, exponent)
            let first = Int((low / step).rounded(.up)), last = Int((high / step).rounded(.down))
            return (first > last ? [] : (first...last).map { value($0 * multiple, exponent) }, max(0, -exponent))
        }
        var exponent = Int(Foundation.floor(Foundation.log10(high - low))) + 1
        var multiple = 5
        var previous: (values: [Double], decimals: Int)?
        while exponent > -15 {
            let candidate = ticks(multiple, exponent)
            if candidate.values.count >= 4 {
                if candidate.values.count >= 8, let previous, previous.values.count >= 3 { return previous }
                return candidate
            }
            previous = candidate
            (multiple, exponent) = multiple == 5 ? (2, exponent) : multiple == 2 ? (1, exponent) : (5, exponent - 1)
        }
        return ([low, high], 2)
    }

    /// The index ranges of the line's stretches: a new one starts after a gap of more than `gap` days.
    static func stretches(of points: [RatePoint], gap: Int = gapDays) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var start = 0
        for index in points.indices.dropFirst() where points[index - 1].date.days(until: points[index].date) > gap {
            stretches.append(start..<index)
            start = index
        }
        stretches.append(start..<points.count)
        return stretches
    }

    /// The time axis's labels. Over two years: the first of January of every year (or every
    /// 2nd, 5th, 10th year, so that labels do not crowd), labelled `2020`. Shorter: the first
    /// and last days and others in between where they do not crowd a neighbour.
    static func timeTicks(
        from first: CalendarDate, to last: CalendarDate, x: (CalendarDate) -> Double, in l: Localization
    ) -> [RateHistory.Tick] {
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
                ticks.append(.init(position: position, labelPosition: position, label: l.year(january)))
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
            RateHistory.Tick(position: coordinate(tick.position), labelPosition: coordinate(tick.position), label: l.date(tick.date))
        }
    }

    /// A row per calendar month, newest first, for the months `rows` counts (0 the oldest): its
    /// lowest, highest and last rate. Only these months' rates are worked out.
    private func monthRows(
        _ points: [RatePoint], starts: [Int], rows: Range<Int>, texts: inout RateTexts, in l: Localization
    ) -> [RateHistory.MonthRow] {
        let months = rows.reversed().map { month in
            let start = starts[month], end = starts[month + 1]
            return (start: start, end: end, extremes: Extremes(points[start..<end])!)
        }
        // Lowest, highest and last of each month, in that order, all with as many decimals.
        let rates = Self.aligned(months.flatMap { [texts[$0.extremes.low], texts[$0.extremes.high], texts[$0.end - 1]] })
        return months.indices.map { row in
            let date = points[months[row].end - 1].date
            return .init(
                month: DateText.isoMonth(of: date), label: l.month(date), days: l.number(String(months[row].end - months[row].start)),
                low: l.number(rates[3 * row]), high: l.number(rates[3 * row + 1]), last: l.number(rates[3 * row + 2]))
        }
    }

    /// A table's rates (canonical texts, trailing zeros dropped) with as many decimals in each
    /// as the one with the most: `159.456` beside `159.4882` reads `159.4560`.
    static func aligned(_ column: [String]) -> [String] {
        func decimals(_ text: String) -> Int { text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0 }
        let widest = column.map(decimals).max() ?? 0
        guard widest > 0 else { return column }
        return column.map { text in
            let missing = widest - decimals(text)
            guard missing > 0 else { return text }
            return text + (missing == widest ? "." : "") + String(repeating: "0", count: missing)
        }
    }

    /// `USD-EUR-daily-rates-2025-11-03-to-2026-10-30.csv`.
    func csvFileName(_ output: RateHistory.Output) -> String {
        let days = output.points.first.map { "-\($0.date)-to-\(output.points.last!.date)" } ?? ""
        return "\(output.from.code)-\(output.to.code)-daily-rates\(days).csv"
    }

    /// Every day's rate of the range, oldest first, to ten significant digits (more than any source
    /// quotes). The column headers are in the visitor's language, the values canonical.
    func csv(_ output: RateHistory.Output, in l: Localization) -> String {
        let headers = [l.text("Date"), l.text("{to} per {from}", ["to": output.to.code, "from": output.from.code])]
        var text = headers.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") + "\r\n"
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
    /// A line of steps through `coordinates`: level from each point to the next one's x, then
    /// straight up or down to it (a rate in force until the next).
    static func steps(_ coordinates: ArraySlice<(x: Double, y: Double)>) -> ArraySlice<(x: Double, y: Double)> {
        var stepped: [(x: Double, y: Double)] = []
        stepped.reserveCapacity(coordinates.count * 2)
        for point in coordinates {
            if let previous = stepped.last { stepped.append((point.x, previous.y)) }
            stepped.append(point)
        }
        return stepped[...]
    }

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
