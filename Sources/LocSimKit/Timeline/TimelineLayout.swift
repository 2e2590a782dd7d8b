/// Where things go in the picture, in SVG user units (1 unit = 1 CSS pixel).
///
/// Public so that tests can find a lane or a time on a rendered page.
package struct TimelineLayout: Equatable, Sendable {
    /// The plot's width; the picture is wider by the names' column and a margin.
    package static let plotWidth = 950
    /// The row names' column is at least this wide, and wider when a
    /// lane or row name needs it, so no name is cut off.
    package static let minimumPlotLeft = 230
    /// Monospace at 11 px: about 6.7 px a character.
    package static let characterWidth = 6.7
    package static let top = 48
    package static let laneHeight = 22
    package static let laneGap = 4
    /// Space between the state lanes and the rows of marks.
    package static let sectionGap = 14
    package static let axisHeight = 28
    /// Marks closer than this (in pixels) are drawn as one aggregated mark.
    package static let markMergeDistance = 3.0

    /// A break of the axis: a gap with no record that would take more
    /// than a tenth of the plot, drawn `breakWidth` pixels wide.
    package static let breakWidth = 40.0
    /// Breaks at most: the longest gaps.
    package static let maxBreaks = 8
    /// Ticks closer than this are not labelled (a label is about 5 characters).
    package static let minimumTickSpacing = 40.0

    /// The time at the plot's right edge.
    package let axisEnd: Millis
    /// The breaks of the axis, in time order: each a gap between records
    /// drawn `breakWidth` wide, so the time around the records keeps the
    /// plot's width (issue 42: early events squeezed into a few pixels).
    package let breaks: [Timeline.Gap]
    /// Pixels per millisecond outside the breaks.
    private let scale: Double
    package let laneCount: Int
    package let rowCount: Int
    /// The plot's left edge, after the names' column.
    package let plotLeft: Int
    /// A legend entry: a colour, what it means, and where it goes.
    package struct LegendEntry: Equatable, Sendable {
        package var color: String
        package var name: String
        package var x: Int
        package var y: Int
        /// Drawn paler, as merged stretches are.
        package var pale = false
    }
    /// The legend's entries.
    package let legend: [LegendEntry]
    /// Each lane's segments as drawn (`drawn(_:x:)`), in lane order.
    package let drawnLanes: [[Timeline.Segment]]

    package init(_ timeline: Timeline) {
        axisEnd = max(timeline.end, Millis(1000))
        laneCount = timeline.lanes.count
        rowCount = timeline.rows.count
        let names = timeline.lanes.map(\.name) + timeline.rows.map(\.name)
        let longest = names.map { Self.textWidth($0) }.max() ?? 0
        plotLeft = max(Self.minimumPlotLeft, Int((8 + longest + 12).rounded(.up)))
        let breaks = Self.breaks(timeline.gaps, axisEnd: axisEnd)
        self.breaks = breaks
        let linear = axisEnd.value - breaks.reduce(0) { $0 + $1.length.value }
        let scale = (Double(Self.plotWidth) - Double(breaks.count) * Self.breakWidth) / Double(linear)
        self.scale = scale
        let left = plotLeft
        let x = { (t: Millis) in Self.x(t, plotLeft: left, breaks: breaks, scale: scale) }
        drawnLanes = timeline.lanes.map { Self.drawn($0.segments, x: x) }
        // The legend: the colours the picture draws — after merging narrow
        // stretches, which shows only the longest one's colour — in a fixed
        // order, flowed into lines.
        let drawnSegments = drawnLanes.joined()
        let states = Set(drawnSegments.map(\.state))
        let kinds = Set(timeline.rows.map(\.kind))
        var entries =
            Timeline.State.allCases.filter(states.contains).map {
                (TimelinePalette.color($0), TimelinePalette.name($0), false)
            }
            + Timeline.MarkKind.allCases.filter(kinds.contains).map {
                (TimelinePalette.color($0), TimelinePalette.name($0), false)
            }
        if !breaks.isEmpty {
            entries.append((Self.breakColor, "axis cut: a while with no record (hover for how long)", false))
        }
        if drawnSegments.contains(where: { $0.count > 1 }) {
            entries.append(
                (TimelinePalette.color(.suspended), "paler: several short stretches, in the longest one's colour", true)
            )
        }
        var placed: [LegendEntry] = []
        let legendTop =
            Self.top + (laneCount + rowCount) * (Self.laneHeight + Self.laneGap) + Self.sectionGap + 4 + Self.axisHeight
        var (entryX, y) = (8, legendTop)
        let right = plotLeft + Self.plotWidth
        for (color, name, pale) in entries {
            let w = 18 + Int(Self.textWidth(name).rounded(.up)) + 14
            if entryX > 8 && entryX + w > right { (entryX, y) = (8, y + Self.legendLine) }
            placed.append(LegendEntry(color: color, name: name, x: entryX, y: y, pale: pale))
            entryX += w
        }
        legend = placed
    }

    /// The plot's right edge.
    package var plotRight: Int { plotLeft + Self.plotWidth }
    /// The picture's width.
    package var width: Int { plotRight + 20 }
    /// Height of a line of the legend.
    package static let legendLine = 18

    /// How wide `text` is drawn, about.
    package static func textWidth(_ text: String) -> Double { Double(text.unicodeScalars.count) * characterWidth }

    /// The legend's swatch of a break, and the wash drawn over one.
    package static let breakColor = "#cfd8dc"

    /// The x of `time`.
    package func x(_ time: Millis) -> Double { Self.x(time, plotLeft: plotLeft, breaks: breaks, scale: scale) }

    /// Linear outside the breaks; across a break, its `breakWidth` pixels
    /// stand for its whole length.
    private static func x(_ time: Millis, plotLeft: Int, breaks: [Timeline.Gap], scale: Double) -> Double {
        var x = Double(plotLeft)
        var from = Millis.zero
        for gap in breaks {
            if time <= gap.start { break }
            x += Double(gap.start.value - from.value) * scale
            if time < gap.end {
                return x + Double(time.value - gap.start.value) / Double(gap.length.value) * breakWidth
            }
            x += breakWidth
            from = gap.end
        }
        return x + Double(time.value - from.value) * scale
    }

    /// The gaps the axis breaks at: those longer than a tenth of the axis
    /// and than 30 s, the `maxBreaks` longest, in time order.
    static func breaks(_ gaps: [Timeline.Gap], axisEnd: Millis) -> [Timeline.Gap] {
        let least = max(axisEnd.value / 10, 30_000)
        let long = gaps.filter { $0.length.value > least }.sorted { $0.length.value > $1.length.value }
        return long.prefix(maxBreaks).sorted { $0.start < $1.start }
    }

    /// The labelled ticks: multiples of `tickStep` outside the breaks and
    /// the end of each break, each at least `minimumTickSpacing` pixels
    /// from the one before.
    package var ticks: [Millis] {
        let step = tickStep
        var candidates = breaks.map(\.end)
        var t = Millis.zero
        while t <= axisEnd {
            if !breaks.contains(where: { $0.start < t && t < $0.end }) { candidates.append(t) }
            t = t + step
        }
        var ticks: [Millis] = []
        for t in Set(candidates).sorted() where ticks.last.map({ x(t) - x($0) >= Self.minimumTickSpacing }) ?? true {
            ticks.append(t)
        }
        return ticks
    }

    /// The segments as drawn: a run of neighbours each narrower than
    /// `markMergeDistance` pixels, with less than that between them, is one
    /// bar, shown as its longest stretch. So after each bar comes a bar or a
    /// gap at least that wide before the next run: a lane draws at most
    /// about 2 × 950 / 3 bars.
    static func drawn(_ segments: [Timeline.Segment], x: (Millis) -> Double) -> [Timeline.Segment] {
        let distance = markMergeDistance
        var result: [Timeline.Segment] = []
        var narrowRun = false
        for segment in segments {
            let narrow = x(segment.end) - x(segment.start) < distance
            if narrow, narrowRun, let last = result.last, x(segment.start) - x(last.end) < distance {
                result[result.count - 1] = last.merged(with: segment)
            } else {
                result.append(segment)
            }
            narrowRun = narrow
        }
        return result
    }

    /// The top of state lane `index`.
    package func laneTop(_ index: Int) -> Int { Self.top + index * (Self.laneHeight + Self.laneGap) }

    /// The top of mark row `index`.
    package func rowTop(_ index: Int) -> Int {
        laneTop(laneCount) + Self.sectionGap + index * (Self.laneHeight + Self.laneGap)
    }

    /// The axis line's y (below everything).
    package var axisY: Int { rowTop(rowCount) + 4 }

    package var height: Int {
        (legend.last.map { $0.y } ?? axisY + Self.axisHeight - Self.legendLine) + Self.legendLine + 4
    }

    /// Seconds between labelled ticks: the smallest step that gives at most 12.
    package var tickStep: Millis {
        let steps: [Int64] = [
            1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400,
        ]
        // Over the time the axis draws to scale: the breaks stand apart.
        let span = axisEnd.value - breaks.reduce(0) { $0 + $1.length.value }
        for s in steps where span / (s * 1000) <= 12 { return .seconds(s) }
        var s: Int64 = 86400
        while span / (s * 1000) > 12 { s *= 2 }
        return .seconds(s)
    }
}

/// The colours of states and marks, chosen apart enough for a test to tell
/// them by pixel.
package enum TimelinePalette {
    package static func color(_ state: Timeline.State) -> String {
        switch state {
        case .notRunning: return "#e0e0e0"
        case .foreground: return "#2e7d32"
        case .background: return "#1565c0"
        case .suspended: return "#9e9e9e"
        case .inUseForeground: return "#43a047"
        case .inUseGrace: return "#a5d6a7"
        case .inUseBackground: return "#80cbc4"
        case .session: return "#00897b"
        case .sessionWaiting: return "#d7ccc8"
        case .sessionEffective: return "#5d4037"
        case .indicator: return "#1e88e5"
        case .notDetermined: return "#bdbdbd"
        case .denied: return "#c62828"
        case .restricted: return "#6a1b9a"
        case .whenInUse: return "#66bb6a"
        case .always: return "#1b5e20"
        case .authorizedLegacy: return "#388e3c"
        case .provisional: return "#9ccc65"
        case .prompt: return "#fdd835"
        case .promptAnswered: return color(.answer)
        case .fullAccuracy: return "#283593"
        case .reducedAccuracy: return "#ff8f00"
        case .temporaryFullAccuracy: return "#9fa8da"
        }
    }

    /// What a colour means, in the legend.
    package static func name(_ state: Timeline.State) -> String {
        switch state {
        case .notRunning: return "not running"
        case .foreground: return "foreground"
        case .background: return "background"
        case .suspended: return "suspended"
        case .inUseForeground: return "in use (foreground)"
        case .inUseGrace: return "in use (grace period)"
        case .inUseBackground: return "in use (cause not known)"
        case .session: return "in use (background session)"
        case .sessionWaiting: return "session waiting (insufficientlyInUse)"
        case .sessionEffective: return "session in effect"
        case .indicator: return "indicator"
        case .notDetermined: return "notDetermined"
        case .denied: return "denied"
        case .restricted: return "restricted"
        case .whenInUse: return "When In Use"
        case .always: return "Always"
        case .authorizedLegacy: return "authorized (iOS 7)"
        case .provisional: return "provisional Always"
        case .prompt: return "prompt"
        case .promptAnswered: return "prompt answered at once (policy)"
        case .fullAccuracy: return "full accuracy"
        case .reducedAccuracy: return "reduced accuracy"
        case .temporaryFullAccuracy: return "full accuracy (temporary)"
        }
    }

    package static func name(_ kind: Timeline.MarkKind) -> String {
        switch kind {
        case .delegate: return "callback / update"
        case .completion: return "completion"
        case .notification: return "notification"
        case .hold: return "held"
        case .drop: return "dropped"
        case .warning: return "warning"
        case .crash: return "crash"
        case .answer: return "prompt answer"
        }
    }

    /// Text on a bar: white on dark colours, black on light ones.
    package static func textColor(_ state: Timeline.State) -> String {
        switch state {
        case .foreground, .background, .session, .sessionEffective, .indicator, .denied, .restricted, .always,
            .authorizedLegacy,
            .fullAccuracy, .promptAnswered:
            return "#ffffff"
        case .notRunning, .suspended, .inUseForeground, .inUseGrace, .inUseBackground, .sessionWaiting, .notDetermined,
            .whenInUse,
            .provisional, .prompt, .reducedAccuracy, .temporaryFullAccuracy:
            return "#000000"
        }
    }

    package static func color(_ kind: Timeline.MarkKind) -> String {
        switch kind {
        case .delegate: return "#1e88e5"
        case .completion: return "#00897b"
        case .notification: return "#6d4c41"
        // Contrast on the rows' #f5f5f5 (WCAG): held 3.9:1, answer 10.9:1;
        // amber against deep purple, 2.8:1 between them (docs/timeline.md).
        case .hold: return "#c25e00"
        case .drop: return "#e53935"
        case .warning: return "#f9a825"
        case .crash: return "#000000"
        case .answer: return "#4a148c"
        }
    }
}
