/// Draws a `Timeline` as SVG, or as an HTML page holding it.
///
/// The bytes depend only on the timeline: numbers are printed from integer
/// tenths, lanes and rows come in a fixed order, nothing is read from a
/// clock or the machine. Each bar and mark carries a `<title>`, which
/// browsers show on hover.
package enum TimelineSVG {
    /// The picture as a standalone SVG document.
    package static func svg(_ timeline: Timeline) -> [UInt8] {
        var out = SVGWriter()
        draw(timeline, into: &out)
        return out.bytes
    }

    /// A self-contained HTML page showing the picture (no script, no outside file).
    package static func html(_ timeline: Timeline) -> [UInt8] {
        var out = SVGWriter()
        out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        out.text(timeline.heading)
        out.raw(
            " — locsim timeline</title>\n<style>html,body{margin:0;padding:0;background:#ffffff}svg{display:block}</style>\n</head>\n<body>\n"
        )
        draw(timeline, into: &out)
        out.raw("</body>\n</html>\n")
        return out.bytes
    }

    private static func draw(_ timeline: Timeline, into out: inout SVGWriter) {
        let layout = TimelineLayout(timeline)
        let width = layout.width
        let height = layout.height
        out.raw(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"DejaVu Sans Mono,Menlo,Consolas,monospace\" font-size=\"11\">\n"
        )
        out.raw("<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n")
        out.raw("<text x=\"8\" y=\"20\" font-size=\"14\" font-weight=\"bold\">")
        out.text(timeline.heading)
        out.raw(
            "</text>\n<text x=\"8\" y=\"36\" fill=\"#616161\">hover a bar or a mark for its log line; marks closer than 3 px are drawn as one</text>\n"
        )
        axis(layout, into: &out)
        for (i, lane) in timeline.lanes.enumerated() {
            let top = layout.laneTop(i)
            rowFrame(lane.name, top: top, layout, into: &out)
            let segments = layout.drawnLanes[i]
            for (k, segment) in segments.enumerated() {
                let room = k + 1 < segments.count ? segments[k + 1].start : layout.axisEnd
                let before = k > 0 ? layout.x(segments[k - 1].end) : Double(layout.plotLeft)
                bar(
                    segment, top: top, room: layout.x(room) - layout.x(segment.end),
                    roomBefore: layout.x(segment.start) - before, layout, into: &out)
            }
        }
        for (i, row) in timeline.rows.enumerated() {
            let top = layout.rowTop(i)
            rowFrame(row.name, top: top, layout, into: &out)
            marks(row, top: top, layout, into: &out)
        }
        lines(timeline.connectors, layout, into: &out)
        breaks(layout, into: &out)
        legend(layout, into: &out)
        out.raw("</svg>\n")
    }

    /// The segments as drawn (`TimelineLayout.drawn(_:x:)`).
    static func drawn(_ segments: [Timeline.Segment], _ layout: TimelineLayout) -> [Timeline.Segment] {
        TimelineLayout.drawn(segments, x: layout.x)
    }

    /// Each colour the picture uses and what it means, below the axis.
    private static func legend(_ layout: TimelineLayout, into out: inout SVGWriter) {
        for entry in layout.legend {
            let pale = entry.pale ? " fill-opacity=\"0.6\"" : ""
            out.raw(
                "<rect x=\"\(entry.x)\" y=\"\(entry.y + 3)\" width=\"14\" height=\"10\" fill=\"\(entry.color)\"\(pale)/><text x=\"\(entry.x + 18)\" y=\"\(entry.y + 12)\" fill=\"#424242\">"
            )
            out.text(entry.name)
            out.raw("</text>\n")
        }
    }

    private static func axis(_ layout: TimelineLayout, into out: inout SVGWriter) {
        let top = TimelineLayout.top - 4
        for t in layout.ticks {
            let x = layout.x(t)
            out.raw(
                "<line x1=\"\(tenths(x))\" y1=\"\(top)\" x2=\"\(tenths(x))\" y2=\"\(layout.axisY)\" stroke=\"#e0e0e0\"/>\n"
            )
            out.raw("<text x=\"\(tenths(x))\" y=\"\(layout.axisY + 16)\" text-anchor=\"middle\" fill=\"#424242\">")
            out.text(tickLabel(t, axisEnd: layout.axisEnd))
            out.raw("</text>\n")
        }
        let left = layout.plotLeft
        let right = layout.plotRight
        out.raw(
            "<line x1=\"\(left)\" y1=\"\(layout.axisY)\" x2=\"\(right)\" y2=\"\(layout.axisY)\" stroke=\"#424242\"/>\n")
    }

    /// Each break of the axis: dashed edges across the lanes and rows (whose
    /// backgrounds `rowFrame` washes), and a cut (two slanted strokes) in
    /// the axis line; its hover text says how long nothing happened. Drawn
    /// over the bars and marks.
    private static func breaks(_ layout: TimelineLayout, into out: inout SVGWriter) {
        let top = TimelineLayout.top - 4
        let bottom = layout.axisY
        for gap in layout.breaks {
            let (x0, x1) = (layout.x(gap.start), layout.x(gap.end))
            let middle = (x0 + x1) / 2
            out.raw("<g><title>axis cut: no record for \(gap.length) s, \(gap.start)–\(gap.end) s</title>")
            out.raw(
                "<rect x=\"\(tenths(x0))\" y=\"\(top)\" width=\"\(tenths(x1 - x0))\" height=\"\(bottom - top)\" fill=\"#ffffff\" fill-opacity=\"0\"/>"
            )
            for x in [x0 + 1, x1 - 1] {
                out.raw(
                    "<line x1=\"\(tenths(x))\" y1=\"\(top)\" x2=\"\(tenths(x))\" y2=\"\(bottom)\" stroke=\"#90a4ae\" stroke-dasharray=\"3 3\"/>"
                )
            }
            out.raw(
                "<rect x=\"\(tenths(middle - 6))\" y=\"\(bottom - 5)\" width=\"12\" height=\"10\" fill=\"#ffffff\"/>")
            for dx in [-4.0, 2.0] {
                out.raw(
                    "<line x1=\"\(tenths(middle + dx - 2))\" y1=\"\(bottom + 6)\" x2=\"\(tenths(middle + dx + 2))\" y2=\"\(bottom - 6)\" stroke=\"#424242\"/>"
                )
            }
            out.raw("</g>\n")
        }
    }

    /// `30 s` on short axes, `12:30` (minutes) up to an hour, `1:05:00` beyond.
    static func tickLabel(_ t: Millis, axisEnd: Millis) -> String {
        let s = t.value / 1000
        let two = { (n: Int64) in n < 10 ? "0\(n)" : "\(n)" }
        if axisEnd.value < 600_000 { return "\(s) s" }
        if axisEnd.value <= 3_600_000 { return "\(s / 60):\(two(s % 60))" }
        return "\(s / 3600):\(two((s / 60) % 60)):\(two(s % 60))"
    }

    private static func rowFrame(_ name: String, top: Int, _ layout: TimelineLayout, into out: inout SVGWriter) {
        let left = layout.plotLeft
        let plotWidth = TimelineLayout.plotWidth
        out.raw("<text x=\"8\" y=\"\(top + 15)\">")
        out.text(name)
        out.raw(
            "</text>\n<rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotWidth)\" height=\"\(TimelineLayout.laneHeight)\" fill=\"#f5f5f5\"/>\n"
        )
        // The axis cuts wash the row's background, under its bars, marks
        // and labels: a free stretch there reads as cut, a bar keeps its colour.
        for gap in layout.breaks {
            let (x0, x1) = (layout.x(gap.start), layout.x(gap.end))
            out.raw(
                "<rect x=\"\(tenths(x0 + 1))\" y=\"\(top)\" width=\"\(tenths(x1 - x0 - 2))\" height=\"\(TimelineLayout.laneHeight)\" fill=\"\(TimelineLayout.breakColor)\" fill-opacity=\"0.75\"/>\n"
            )
        }
    }

    /// A segment's bar and its label: inside the bar when it fits, else
    /// just after it when the lane is empty there (`room` pixels), else
    /// just before it when the lane is empty there (`roomBefore`: a prompt
    /// answered near the end, issue 42), else only in the hover text.
    private static func bar(
        _ segment: Timeline.Segment, top: Int, room: Double, roomBefore: Double, _ layout: TimelineLayout,
        into out: inout SVGWriter
    ) {
        // A prompt answered the instant it showed is a 3 px tick at its time.
        let tick = segment.start == segment.end
        let x0 = layout.x(segment.start) - (tick ? 1.5 : 0)
        let w = tick ? 3 : max(layout.x(segment.end) - x0, 1)
        out.raw("<g><title>")
        if segment.count == 1 {
            out.text(segment.title)
            out.raw("</title><rect")
        } else {
            // Stretches too short to draw one by one: paler, and no label.
            out.text("\(segment.count) stretches, \(segment.start)–\(segment.end) s; longest: \(segment.title)")
            out.raw("</title><rect fill-opacity=\"0.6\"")
        }
        out.raw(
            " x=\"\(tenths(x0))\" y=\"\(top)\" width=\"\(tenths(w))\" height=\"\(TimelineLayout.laneHeight)\" fill=\"\(TimelinePalette.color(segment.state))\"/>"
        )
        let needed = segment.count == 1 ? TimelineLayout.textWidth(segment.label) + 8 : .infinity
        if needed <= w {
            out.raw(
                "<text x=\"\(tenths(x0 + 4))\" y=\"\(top + 15)\" fill=\"\(TimelinePalette.textColor(segment.state))\">")
            out.text(segment.label)
            out.raw("</text>")
        } else if needed <= room {
            out.raw("<text x=\"\(tenths(x0 + w + 4))\" y=\"\(top + 15)\" fill=\"#212121\">")
            out.text(segment.label)
            out.raw("</text>")
        } else if needed <= roomBefore {
            out.raw("<text x=\"\(tenths(x0 - 4))\" y=\"\(top + 15)\" text-anchor=\"end\" fill=\"#212121\">")
            out.text(segment.label)
            out.raw("</text>")
        }
        out.raw("</g>\n")
    }

    /// The connectors; one whose ends are both within `markMergeDistance`
    /// pixels of the last drawn one's, between the same rows, is not drawn
    /// again.
    private static func lines(_ connectors: [Timeline.Connector], _ layout: TimelineLayout, into out: inout SVGWriter) {
        var last: Timeline.Connector? = nil
        let near = { (a: Millis, b: Millis) in abs(layout.x(a) - layout.x(b)) < TimelineLayout.markMergeDistance }
        for connector in connectors {
            if let last, last.heldRow == connector.heldRow, last.deliveredRow == connector.deliveredRow,
                near(last.held, connector.held), near(last.delivered, connector.delivered)
            {
                continue
            }
            line(connector, layout, into: &out)
            last = connector
        }
    }

    /// A thin line from a held event's mark to its delivery's.
    private static func line(_ connector: Timeline.Connector, _ layout: TimelineLayout, into out: inout SVGWriter) {
        let middle = TimelineLayout.laneHeight / 2
        let (x1, y1) = (layout.x(connector.held), layout.rowTop(connector.heldRow) + middle)
        let (x2, y2) = (layout.x(connector.delivered), layout.rowTop(connector.deliveredRow) + middle)
        out.raw("<g><title>")
        out.text(connector.title)
        out.raw(
            "</title><line x1=\"\(tenths(x1))\" y1=\"\(y1)\" x2=\"\(tenths(x2))\" y2=\"\(y2)\" stroke=\"\(TimelinePalette.color(.hold))\" stroke-width=\"1\" stroke-dasharray=\"4 2\"/></g>\n"
        )
    }

    /// The row's marks: a lone mark as a 2 px tick at its time, marks
    /// closer than `markMergeDistance` as one bar spanning them.
    private static func marks(_ row: Timeline.Row, top: Int, _ layout: TimelineLayout, into out: inout SVGWriter) {
        let color = TimelinePalette.color(row.kind)
        var group: (first: MarkBuckets.Bucket, last: Millis, count: Int)? = nil
        func flush(_ out: inout SVGWriter) {
            guard let g = group else { return }
            let x0 = layout.x(g.first.first) - 1
            let x1 = layout.x(g.last) + 1
            out.raw("<g><title>")
            if g.count == 1 {
                out.text(g.first.text)
            } else {
                out.text("\(g.count) × \(row.name), \(g.first.first)–\(g.last) s; first: \(g.first.text)")
            }
            out.raw(
                "</title><rect x=\"\(tenths(x0))\" y=\"\(top + 3)\" width=\"\(tenths(max(x1 - x0, 2)))\" height=\"\(TimelineLayout.laneHeight - 6)\" fill=\"\(color)\"/></g>\n"
            )
        }
        for bucket in row.marks.nonEmpty {
            if let g = group, layout.x(bucket.first) - layout.x(g.first.first) < TimelineLayout.markMergeDistance {
                group = (g.first, bucket.last, g.count + bucket.count)
            } else {
                flush(&out)
                group = (bucket, bucket.last, bucket.count)
            }
        }
        flush(&out)
    }

    /// `x` rounded to a tenth, printed without a trailing `.0`.
    static func tenths(_ x: Double) -> String {
        let t = Int64((x * 10).rounded())
        let sign = t < 0 ? "-" : ""
        let a = t < 0 ? -t : t
        return a % 10 == 0 ? "\(sign)\(a / 10)" : "\(sign)\(a / 10).\(a % 10)"
    }
}

/// Bytes of an SVG or HTML document being written.
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    /// Markup, written as is.
    mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// Text content or an attribute value, escaped, and every character
    /// XML 1.0 does not allow (control characters but tab, line feed and
    /// carriage return; U+FFFE, U+FFFF) written as U+FFFD: a scenario's
    /// strings and file name may hold them, and the output must stay
    /// well-formed (docs/timeline.md).
    mutating func text(_ s: String) {
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x26: raw("&amp;")
            case 0x3C: raw("&lt;")
            case 0x3E: raw("&gt;")
            case 0x22: raw("&quot;")
            case 0x09, 0x0A, 0x0D, 0x20..<0x80: bytes.append(UInt8(scalar.value))
            case 0..<0x20, 0xFFFE, 0xFFFF: raw("\u{FFFD}")
            default: bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }
}
