import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LocSimKit

/// The `XMLParser` delegate behind `GPXParser`: keeps only the point being
/// read, hands it over at its end tag, and stops the parser at the first
/// thing that does not fit.
final class GPXDocument: NSObject, XMLParserDelegate {
    struct Counts {
        var points = 0
        /// `wpt` elements seen while reading `trkpt`: the file's fallback.
        var waypoints = 0
        /// True when the caller asked to stop.
        var stopped = false
    }

    /// The children of a point that locsim reads; others (`name`, `sat`,
    /// `extensions`, …) are skipped with their content.
    private enum Child: String {
        case ele, time, hdop, speed, course
    }

    private let pointElement: String
    private unowned let parser: XMLParser
    private let body: (GPXPoint) -> Bool

    private(set) var counts = Counts()
    private(set) var failure: TrackError?
    private(set) var sawRoot = false

    private var depth = 0
    /// The names of the open elements, outermost first.
    private var open: [String] = []
    /// The innermost element still open, `nil` once the root has closed.
    var openElement: String? { open.last }
    /// The depth of the point element being read, `nil` between points.
    private var pointDepth: Int?
    private var point = GPXPoint(
        offset: .zero, latitude: "", longitude: "", location: SourceLocation(line: 1, column: 1))
    private var time: Int64?
    private var child: (Child, SourceLocation)?
    private var text = ""
    private var spacing = GPXSpacing()

    init(pointElement: String, parser: XMLParser, body: @escaping (GPXPoint) -> Bool) {
        self.pointElement = pointElement
        self.parser = parser
        self.body = body
    }

    private var here: SourceLocation {
        SourceLocation(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
    }

    /// The element name without a namespace prefix (`gpx:trkpt` is `trkpt`).
    private static func localName(_ name: String) -> Substring {
        guard let colon = name.lastIndex(of: ":") else { return Substring(name) }
        return name[name.index(after: colon)...]
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        open.append(elementName)
        let name = Self.localName(elementName)
        if depth == 1 {
            sawRoot = true
            if name != "gpx" { fail("expected a GPX file, whose root element is <gpx>; found <\(elementName)>", here) }
            return
        }
        guard let pointDepth else {
            if name == "wpt" { counts.waypoints += 1 }
            if name == pointElement { startPoint(elementName, attributes) }
            return
        }
        if depth == pointDepth + 1, let kind = Child(rawValue: String(name)) {
            child = (kind, here)
            text = ""
        }
    }

    /// A reference to an entity neither XML nor the file defines
    /// (`&nbsp;`, or any entity of an external DTD, which is never read):
    /// the error names it, where it is. Without this, libxml2 carries on
    /// after it and the values that follow read as empty (issue 20).
    /// Entities the file declares itself are refused before parsing
    /// (`GPXProlog`).
    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        // The parser stands just after the reference's `;`.
        let column = max(parser.columnNumber - name.unicodeScalars.count - 2, 1)
        fail(
            "malformed GPX: an undefined entity '&\(name);' (GPX uses only &amp; &lt; &gt; &quot; &apos; and character references like &#233;)",
            SourceLocation(line: max(parser.lineNumber, 1), column: column))
        return nil
    }

    private func startPoint(_ name: String, _ attributes: [String: String]) {
        pointDepth = depth
        time = nil
        point = GPXPoint(offset: .zero, latitude: "", longitude: "", location: here)
        guard let lat = attributes["lat"], let lon = attributes["lon"] else {
            return fail("<\(name)> needs both lat and lon attributes", here)
        }
        point.latitude = trimmed(lat)
        point.longitude = trimmed(lon)
        guard let latitude = ScenarioParser.decimal(point.latitude), (-90...90).contains(latitude) else {
            return fail("latitude '\(lat)' is not a decimal number from -90 to 90", here)
        }
        guard let longitude = ScenarioParser.decimal(point.longitude), (-180...180).contains(longitude) else {
            return fail("longitude '\(lon)' is not a decimal number from -180 to 180", here)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if child != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        defer {
            depth -= 1
            open.removeLast()
        }
        guard let pointDepth, failure == nil else { return }
        if depth == pointDepth + 1, let (kind, location) = child {
            child = nil
            value(kind, trimmed(text), at: location)
        } else if depth == pointDepth {
            self.pointDepth = nil
            endPoint()
        }
    }

    private func value(_ kind: Child, _ value: String, at location: SourceLocation) {
        switch kind {
        case .time:
            guard let ms = GPXTime.milliseconds(value) else {
                return fail("time '\(value)' is not an ISO 8601 date-time like 2024-05-01T07:00:00Z", location)
            }
            time = ms
        case .hdop:
            // hdop × 5 m must be an accuracy a fix line takes (≤ 1,000 km).
            guard let hdop = ScenarioParser.decimal(value), hdop >= 0, hdop <= Self.maxHDOP else {
                return fail("hdop '\(value)' is not a decimal number from 0 to \(Int(Self.maxHDOP)) (an accuracy of at most \(Int(ScenarioParser.trackAccuracyLimit)) m)", location)
            }
            point.accuracy = Self.meters(hdop * GPXPoint.metersPerHDOP)
        case .ele, .speed, .course:
            guard let number = ScenarioParser.decimal(value) else {
                return fail("\(kind.rawValue) '\(value)' is not a decimal number", location)
            }
            guard number.magnitude <= ScenarioParser.trackMagnitudeLimit else {
                return fail("\(kind.rawValue) '\(value)' is too large; expected at most 1e15 in magnitude", location)
            }
            switch kind {
            case .ele: point.altitude = value
            case .speed: point.speed = value
            case .course: point.course = value
            case .time, .hdop: break
            }
        }
    }

    private func endPoint() {
        // The point's `fix` line must fit a scenario line, so that what
        // `locsim gpx` prints replays (issue 20): numbers of tens of
        // thousands of digits are refused here, for `gpx` lines too.
        let words = [point.latitude, point.longitude, point.accuracy, point.speed, point.course, point.altitude]
        let length = words.reduce(Self.fixLineOverhead) { $0 + ($1?.utf8.count ?? 0) }
        if length > LineReader.maxLineLength {
            return fail(
                "this point's fix line would be \(length) bytes, longer than a scenario line may be (\(LineReader.maxLineLength)); write its numbers with fewer digits",
                point.location)
        }
        switch spacing.offset(at: time) {
        case .success(let offset): point.offset = offset
        case .failure(let error): return fail(error.message, point.location)
        }
        counts.points += 1
        if !body(point) {
            counts.stopped = true
            parser.abortParsing()
        }
    }

    /// A fix line's bytes besides its numbers, with the longest time
    /// (`1000000000000.000`): ` fix `, the spaces and `speed=` `course=` `alt=`.
    static let fixLineOverhead = 17 + 5 + 1 + 1 + 7 + 8 + 5

    /// The largest `<hdop>`: × `metersPerHDOP` it is the largest accuracy.
    static let maxHDOP = ScenarioParser.trackAccuracyLimit / GPXPoint.metersPerHDOP

    /// Meters with at most two decimals and no trailing zeros (`6.5`, `12`).
    static func meters(_ value: Double) -> String {
        let cents = Int64((value * 100).rounded())
        var s = String(cents / 100)
        let rest = cents % 100
        if rest != 0 {
            s += rest % 10 == 0 ? "." + String(rest / 10) : (rest < 10 ? ".0" : ".") + String(rest)
        }
        return s
    }

    private func trimmed(_ s: String) -> String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\n" || c == "\r" }
        guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(s[first...last])
    }

    private func fail(_ message: String, _ location: SourceLocation) {
        guard failure == nil else { return }
        failure = TrackError(message, at: location)
        parser.abortParsing()
    }
}
