import Foundation

/// Where the chart's marker labels (`max 163.9131`, `min …`, `last …`) go: inside the plot,
/// clear of each other, of every marker (the line's end is one) and of the line near its end,
/// over as little of the line as can be and as close to their points as that allows. The
/// stylesheet gives the labels two sizes (13 view-box units where the chart is wide, 26 on a
/// phone, where the chart shrinks and its text must not), so each gets a layout of its own and the
/// page shows the one that fits. The browser measures text only after the page is drawn, so
/// widths are estimated per character, generously (about a fifth above Noto Sans's): a label is
/// never wider than its box.
enum ChartLabelLayout {
    /// `.chart-marker-label`'s font sizes (app.css), in the view box's units.
    static let wideFontSize = 13.0
    static let narrowFontSize = 26.0
    /// A marker's radius (`r="5"` in the template) and the room kept around it.
    static let markerRadius = 5.0
    static let clearance = 3.0
    /// How far before the line's end (along the time axis) the line is kept clear of labels:
    /// its last stretch into the last day's marker.
    static let lineEndLength = 12.0

    struct Box: Equatable {
        var left: Double, top: Double, right: Double, bottom: Double

        func overlaps(_ other: Box) -> Bool {
            left < other.right && other.left < right && top < other.bottom && other.top < bottom
        }

        func contains(_ point: Point) -> Bool {
            point.x >= left && point.x <= right && point.y >= top && point.y <= bottom
        }

        func inset(by amount: Double) -> Box {
            Box(left: left + amount, top: top + amount, right: right - amount, bottom: bottom - amount)
        }
    }

    struct Point: Equatable {
        let x: Double
        let y: Double
    }

    /// A marker to label: its point, its text, and which side it would rather have.
    struct Marker {
        let point: Point
        let text: String
        let prefersAbove: Bool
    }

    /// Where one label goes: an SVG `text-anchor`, the anchor's x, the baseline's y, and the box
    /// the text takes.
    struct Placement: Equatable {
        let anchor: String
        let x: Double
        let baseline: Double
        let box: Box
    }

    /// The placements for `markers`, in their order: the combination that keeps every label in
    /// `plot`, clear of the others, of every marker and of the line's last stretch (`line`, in
    /// order), with the fewest points of the line under the labels and each label nearest its
    /// point. Should no combination fit (a plot far too small), the one breaking the fewest rules.
    static func place(_ markers: [Marker], in plot: Box, line: [(x: Double, y: Double)], fontSize: Double) -> [Placement] {
        // A glyph's side bearing may reach a unit past the text's advance: keep two from the
        // sides. (Above and below, the font's ascent and descent already reach past its letters.)
        let plot = Box(left: plot.left + 2, top: plot.top, right: plot.right - 2, bottom: plot.bottom)
        let obstacles = markers.map { marker in
            Box(
                left: marker.point.x - markerRadius, top: marker.point.y - markerRadius,
                right: marker.point.x + markerRadius, bottom: marker.point.y + markerRadius)
        }
        // The line's last stretch, read from its end (a history page runs this for every request:
        // nothing here walks or copies the whole line).
        var lineEnd: [Point] = []
        if let end = line.last {
            var index = line.count - 1
            while index >= 0, end.x - line[index].x <= lineEndLength {
                lineEnd.append(Point(x: line[index].x, y: line[index].y))
                index -= 1
            }
        }
        // A hundred and fifty of the line's points are enough to tell how much of it a label
        // covers; the line runs left to right, so only those below the label's width are looked at.
        let step = max(1, line.count / 150)
        func covered(by box: Box) -> Int {
            var low = 0, high = line.count
            while low < high {
                let middle = (low + high) / 2
                if line[middle].x < box.left { low = middle + 1 } else { high = middle }
            }
            var count = 0
            var index = (low + step - 1) / step * step // the first sampled point at or past the box's left
            while index < line.count, line[index].x <= box.right {
                let point = line[index]
                if point.y >= box.top, point.y <= box.bottom { count += 1 }
                index += step
            }
            return count
        }
        let options = markers.map { marker in
            candidates(for: marker, in: plot, fontSize: fontSize).enumerated().map { rank, placement in
                var broken = 0
                if placement.box.left < plot.left || placement.box.right > plot.right || placement.box.top < plot.top
                    || placement.box.bottom > plot.bottom
                {
                    broken += 1
                }
                let padded = Box(
                    left: placement.box.left - clearance, top: placement.box.top - clearance,
                    right: placement.box.right + clearance, bottom: placement.box.bottom + clearance)
                for obstacle in obstacles where padded.overlaps(obstacle) { broken += 1 }
                if lineEnd.contains(where: placement.box.contains) { broken += 1 }
                // Each point of the line under a label weighs more than a less likely place.
                return (placement: placement, broken: broken, cost: Double(rank) + Double(covered(by: placement.box)) * 2)
            }
        }
        // Each marker's options, the likeliest first, so that a good whole is found early and
        // every worse branch is cut short.
        let orders = options.map { candidates in
            candidates.indices.sorted { (candidates[$0].broken, candidates[$0].cost) < (candidates[$1].broken, candidates[$1].cost) }
        }
        // The search reads plain numbers only (a placement's anchor is a `String`: copying
        // placements cost a history page more than the search itself).
        let boxes = options.map { $0.map(\.placement.box) }
        let padded = boxes.map { $0.map { $0.inset(by: -clearance) } }
        let brokenRules = options.map { $0.map(\.broken) }
        let costs = options.map { $0.map(\.cost) }
        var best: (choice: [Int], broken: Int, cost: Double)?
        var choice = Array(repeating: 0, count: markers.count)
        func search(_ index: Int, broken: Int, cost: Double) {
            if let best, broken > best.broken || (broken == best.broken && cost >= best.cost) { return }
            guard index < markers.count else {
                best = (choice, broken, cost)
                return
            }
            for option in orders[index] {
                let box = boxes[index][option]
                var clashes = 0
                for earlier in 0..<index where padded[earlier][choice[earlier]].overlaps(box) { clashes += 1 }
                choice[index] = option
                search(index + 1, broken: broken + brokenRules[index][option] + clashes, cost: cost + costs[index][option])
            }
        }
        search(0, broken: 0, cost: 0)
        return best.map { best in best.choice.enumerated().map { options[$0][$1].placement } } ?? []
    }

    /// Where a label may go around its point, the likelier first: above or below (its preferred
    /// side first), centred, then ending or starting at the point, each moved along the axis to
    /// stay in `plot` as long as it still spans the point (then anchored at the plot's edge, so a
    /// text narrower than its estimate stays there); then beside it; then a line further out
    /// above and below.
    static func candidates(for marker: Marker, in plot: Box, fontSize: Double) -> [Placement] {
        let metrics = Metrics(fontSize: fontSize)
        let (x, y) = (marker.point.x, marker.point.y)
        let width = width(of: marker.text, fontSize: fontSize)
        let gap = markerRadius + clearance + 1
        let above = y - gap - metrics.descent, below = y + gap + metrics.ascent
        let step = metrics.ascent + metrics.descent + clearance
        var placements: [Placement] = []
        func over(_ baseline: Double) {
            for (anchor, at) in [("middle", x), ("end", x + gap), ("start", x - gap)] {
                var placement = metrics.placement(anchor, at, baseline, width)
                if placement.box.left < plot.left, plot.left + width >= x {
                    placement = metrics.placement("start", plot.left, baseline, width)
                } else if placement.box.right > plot.right, plot.right - width <= x {
                    placement = metrics.placement("end", plot.right, baseline, width)
                }
                placements.append(placement)
            }
        }
        for baseline in marker.prefersAbove ? [above, below] : [below, above] { over(baseline) }
        let level = y + (metrics.ascent - metrics.descent) / 2
        placements.append(metrics.placement("end", x - gap, level, width))
        placements.append(metrics.placement("start", x + gap, level, width))
        for baseline in marker.prefersAbove ? [above - step, below + step] : [below + step, above - step] { over(baseline) }
        return placements
    }

    /// How far a line of text reaches above and below its baseline: the font's own ascent and
    /// descent (what the browser's box of the text spans), not just its letters.
    struct Metrics {
        let ascent: Double
        let descent: Double

        init(fontSize: Double) {
            (ascent, descent) = (fontSize * 1.1, fontSize * 0.32)
        }

        /// The box of a text `width` wide anchored at `x` on `baseline`. The chart's coordinates
        /// are written to a tenth: the box is worked out from the anchor as written.
        func placement(_ anchor: String, _ x: Double, _ baseline: Double, _ width: Double) -> Placement {
            let x = (x * 10).rounded() / 10, baseline = (baseline * 10).rounded() / 10
            let left =
                switch anchor {
                case "end": x - width
                case "middle": x - width / 2
                default: x
                }
            return Placement(
                anchor: anchor, x: x, baseline: baseline,
                box: Box(left: left, top: baseline - ascent, right: left + width, bottom: baseline + descent))
        }
    }

    /// The text's width at `fontSize`, from each character's advance in ems, rounded up from
    /// common bold sans-serif fonts' (Noto Sans, Segoe UI, Roboto, Helvetica).
    static func width(of text: String, fontSize: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + advance($1) } * fontSize
    }

    private static func advance(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x200E, 0x200F, 0x2066...0x2069: 0 // direction marks and isolates
        case 0x30...0x39: 0.64 // digits (tabular)
        case 0x2C, 0x2E, 0x3A, 0x27, 0x2019, 0x60C, 0x66B, 0x66C: 0.36 // , . : ’ and Arabic separators
        case 0x20, 0xA0, 0x202F: 0.32
        case 0x1100...0x11FF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
            1.0 // CJK, kana, Hangul, full-width forms
        case 0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: 0.62 // Arabic
        default: 0.7 // Latin, Cyrillic and the rest, bold
        }
    }
}
