import Foundation

/// Turns a pair's history into the chart's geometry, its text alternative and the table.
struct RateHistoryPresenter: Sendable {
    static let width = 720, height = 320
    static let plot = (left: 72.0, right: 696.0, top: 28.0, bottom: 268.0)

    func present(_ output: RateHistory.Output) -> RateHistory.ViewModel {
        let pair = "\(output.from.code) → \(output.to.code)"
        let points = output.points
        // Each day's rate is written once, for the table, the chart and the figures.
        let rates = points.map { Self.rate($0.rate) }
        let stats: [RateHistory.Stat] = {
            guard let lowIndex = points.indices.min(by: { points[$0].rate < points[$1].rate }),
                  let highIndex = points.indices.max(by: { points[$0].rate < points[$1].rate })
            else { return [] }
            let lastIndex = points.count - 1
            return [
                .init(label: "Last", value: rates[lastIndex], date: points[lastIndex].date.description),
                .init(label: "Lowest", value: rates[lowIndex], date: points[lowIndex].date.description),
                .init(label: "Highest", value: rates[highIndex], date: points[highIndex].date.description),
            ]
        }()
        return RateHistory.ViewModel(
            title: "\(pair) rate history · \(AppInfo.name)",
            heading: "\(pair) rate history",
            subtitle: "\(output.from.name) in \(output.to.name): units of \(output.to.code) for 1 \(output.from.code)",
            chart: points.count >= 2 ? chart(output, rates: rates) : nil,
            message: points.count >= 2 ? nil
                : points.isEmpty ? "No stored day has rates for both currencies yet, so there is no history to draw."
                : "Only one day of rates is stored for this pair (\(points[0].date)), so there is no line to draw yet. An administrator can import the ECB's 90-day history.",
            stats: stats,
            rows: zip(points, rates).reversed().map { .init(date: $0.date.description, rate: $1) },
            hasRows: !points.isEmpty,
            reverseURL: SiteURL.rateHistory(from: output.to.code, to: output.from.code).path,
            converterURL: SiteURL.conversion(from: output.from.code, to: output.to.code, amount: "100").path)
    }

    /// The chart of `output`'s points, `rates` being their rates as written (``rate(_:)``).
    func chart(_ output: RateHistory.Output, rates: [String]? = nil) -> RateHistory.Chart {
        let points = output.points
        let rates = rates ?? points.map { Self.rate($0.rate) }
        let plot = Self.plot
        let values = points.map { NSDecimalNumber(decimal: $0.rate).doubleValue }
        var low = values.min()!, high = values.max()!
        if high - low < high * 1e-9 { low *= 0.99; high *= 1.01 } // a flat line sits mid-chart
        let padding = (high - low) * 0.08
        low -= padding
        high += padding
        let firstDay = Double(points.first!.date.dayNumber), lastDay = Double(points.last!.date.dayNumber)
        func x(_ date: CalendarDate) -> Double {
            plot.left + (Double(date.dayNumber) - firstDay) / max(lastDay - firstDay, 1) * (plot.right - plot.left)
        }
        func y(_ value: Double) -> Double { plot.bottom - (value - low) / (high - low) * (plot.bottom - plot.top) }
        let coordinates = zip(points, values).map { (x: Self.round(x($0.date)), y: Self.round(y($1))) }

        let chartPoints = points.indices.map { index in
            RateHistory.ChartPoint(x: .init(coordinates[index].x), y: .init(coordinates[index].y),
                                   label: "\(points[index].date): \(rates[index])")
        }
        // One number of decimals for every axis label, enough to tell the ticks apart.
        let step = (high - low) / 3
        let decimals = min(8, max(2, Int((-log10(step)).rounded(.up)) + 1))
        let yTicks = (0...3).map { index -> RateHistory.Tick in
            let value = low + step * Double(index)
            let position = Self.round(y(value))
            return .init(position: .init(position), labelPosition: .init(position + 4), label: String(format: "%.\(decimals)f", value))
        }
        // First and last dates, and others in between only where they do not crowd a neighbour.
        var xTicks: [RateHistory.Tick] = []
        for point in [points.first!, points.last!, points[points.count / 2], points[points.count / 4], points[3 * points.count / 4]] {
            let position = Self.round(x(point.date))
            guard xTicks.allSatisfy({ abs($0.position.value - position) >= 110 }) else { continue }
            xTicks.append(.init(position: .init(position), labelPosition: .init(position), label: point.date.description))
        }
        let uniqueXTicks = xTicks.sorted { $0.position.value < $1.position.value }

        let lowIndex = values.indices.min { values[$0] < values[$1] }!
        let highIndex = values.indices.max { values[$0] < values[$1] }!
        func marker(_ index: Int, _ kind: String, _ label: String, above: Bool) -> RateHistory.Marker {
            let at = coordinates[index]
            let anchor = at.x > plot.right - 120 ? "end" : at.x < plot.left + 120 ? "start" : "middle"
            // Keep the label inside the plot: above the point unless that leaves the top, and
            // below it unless that would sit on the axis.
            let fitsAbove = at.y - 10 >= plot.top + 12, fitsBelow = at.y + 20 <= plot.bottom - 6
            let labelAbove = above ? fitsAbove || !fitsBelow : !fitsBelow && fitsAbove
            let labelX = anchor == "middle" ? at.x : anchor == "end" ? at.x - 8 : at.x + 8
            return .init(x: .init(at.x), y: .init(at.y), labelX: .init(labelX), labelY: .init(Self.round(labelAbove ? at.y - 10 : at.y + 20)),
                         anchor: anchor, text: "\(label) \(rates[index])", kind: kind)
        }
        var markers = [marker(highIndex, "high", "max", above: true), marker(lowIndex, "low", "min", above: false)]
        if points.count - 1 != highIndex && points.count - 1 != lowIndex {
            markers.append(marker(points.count - 1, "last", "last", above: values.last! >= (low + high) / 2 ? false : true))
        }

        let first = points.first!, last = points.last!
        let description = "From \(first.date) to \(last.date), 1 \(output.from.code) was worth between "
            + "\(rates[lowIndex]) \(output.to.code) (\(points[lowIndex].date)) and "
            + "\(rates[highIndex]) \(output.to.code) (\(points[highIndex].date)); "
            + "on \(last.date) it was \(rates[points.count - 1]) \(output.to.code). \(points.count) days are shown."
        return RateHistory.Chart(
            width: Self.width, height: Self.height, plotLeft: .init(plot.left), plotRight: .init(plot.right),
            plotTop: .init(plot.top), plotBottom: .init(plot.bottom), yLabelX: .init(plot.left - 8), xLabelY: .init(plot.bottom + 22),
            line: coordinates.map { "\($0.x),\($0.y)" }.joined(separator: " "),
            points: chartPoints, yTicks: yTicks, xTicks: uniqueXTicks, markers: markers,
            titleText: "\(output.from.code) to \(output.to.code) exchange rate, \(first.date) to \(last.date)",
            description: description)
    }

    /// Rates as the converter shows them: four decimals, more for small rates.
    static func rate(_ value: Decimal) -> String {
        value.rounded(minimumFractionDigits: 4, significantDigits: 4).plainText
    }

    private static func round(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
