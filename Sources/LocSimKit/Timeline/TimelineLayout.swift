/// Where things go in the picture, in SVG user units (1 unit = 1 CSS pixel).
///
/// Public so that tests can find a lane or a time on a rendered page.
package struct TimelineLayout: Equatable, Sendable {
    package static let width = 1200
    /// The row names' column; the plot starts after it.
    package static let plotLeft = 230
    package static let plotRight = 1180
    package static let top = 48
    package static let laneHeight = 22
    package static let laneGap = 4
    /// Space between the state lanes and the rows of marks.
    package static let sectionGap = 14
    package static let axisHeight = 28
    /// Marks closer than this (in pixels) are drawn as one aggregated mark.
    package static let markMergeDistance = 3.0

    /// The time at the plot's right edge.
    package let axisEnd: Millis
    package let laneCount: Int
    package let rowCount: Int

    package init(_ timeline: Timeline) {
        axisEnd = max(timeline.end, Millis(1000))
        laneCount = timeline.lanes.count
        rowCount = timeline.rows.count
    }

    /// The x of `time`.
    package func x(_ time: Millis) -> Double {
        Double(Self.plotLeft)
            + Double(time.value) / Double(axisEnd.value) * Double(Self.plotRight - Self.plotLeft)
    }

    /// The top of state lane `index`.
    package func laneTop(_ index: Int) -> Int { Self.top + index * (Self.laneHeight + Self.laneGap) }

    /// The top of mark row `index`.
    package func rowTop(_ index: Int) -> Int { laneTop(laneCount) + Self.sectionGap + index * (Self.laneHeight + Self.laneGap) }

    /// The axis line's y (below everything).
    package var axisY: Int { rowTop(rowCount) + 4 }

    package var height: Int { axisY + Self.axisHeight }

    /// Seconds between labelled ticks: the smallest step that gives at most 12.
    package var tickStep: Millis {
        let steps: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]
        for s in steps where axisEnd.value / (s * 1000) <= 12 { return .seconds(s) }
        var s: Int64 = 86400
        while axisEnd.value / (s * 1000) > 12 { s *= 2 }
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
        case .indicator: return "#1e88e5"
        case .notDetermined: return "#bdbdbd"
        case .denied: return "#c62828"
        case .restricted: return "#6a1b9a"
        case .whenInUse: return "#66bb6a"
        case .always: return "#1b5e20"
        case .authorizedLegacy: return "#388e3c"
        case .provisional: return "#9ccc65"
        case .prompt: return "#fdd835"
        }
    }

    /// Text on a bar: white on dark colours, black on light ones.
    package static func textColor(_ state: Timeline.State) -> String {
        switch state {
        case .foreground, .background, .session, .indicator, .denied, .restricted, .always, .authorizedLegacy:
            return "#ffffff"
        case .notRunning, .suspended, .inUseForeground, .inUseGrace, .inUseBackground, .notDetermined, .whenInUse,
            .provisional, .prompt:
            return "#000000"
        }
    }

    package static func color(_ kind: Timeline.MarkKind) -> String {
        switch kind {
        case .delegate: return "#1e88e5"
        case .completion: return "#00897b"
        case .notification: return "#6d4c41"
        case .hold: return "#fb8c00"
        case .drop: return "#e53935"
        case .warning: return "#f9a825"
        case .crash: return "#000000"
        case .answer: return "#f57f17"
        }
    }
}
