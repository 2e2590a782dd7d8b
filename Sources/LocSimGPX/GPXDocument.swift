import Foundation
import LocSimKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `XMLParser` delegate behind `GPXParser`: keeps only the point being
/// read, hands it over at its end tag, and stops the parser at the first
/// thing that does not fit.
final class GPXDocument: NSObject, XMLParserDelegate {
    struct Counts: Equatable {
        var points = 0
        /// `wpt` elements seen while reading `trkpt`: the file's fallback.
        var waypoints = 0
        /// True when the caller asked to stop.
        var stopped = false
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
    private var builder = GPXPointBuilder()
    private var child: (GPXPointBuilder.Child, SourceLocation)?
    private var text = ""

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
        if depth == pointDepth + 1, let kind = GPXPointBuilder.Child(rawValue: String(name)) {
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
        if let error = builder.start(name, lat: attributes["lat"], lon: attributes["lon"], at: here) {
            fail(error.message, error.location ?? here)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        // Past the longest value read, the rest is not kept: the value is
        // an error at its end tag (`GPXPointBuilder.maxValueBytes`).
        if child != nil && text.utf8.count <= GPXPointBuilder.maxValueBytes { text += string }
    }

    /// A CDATA section is text as XML defines it (`<time><![CDATA[…]]></time>`):
    /// part of the value, as `GPXFastReader` would read it, not an empty value.
    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if child != nil && text.utf8.count <= GPXPointBuilder.maxValueBytes {
            text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        defer {
            depth -= 1
            open.removeLast()
        }
        guard let pointDepth, failure == nil else { return }
        if depth == pointDepth + 1, let (kind, location) = child {
            child = nil
            if let error = builder.value(kind, text, at: location) {
                fail(error.message, error.location ?? location)
            }
        } else if depth == pointDepth {
            self.pointDepth = nil
            endPoint()
        }
    }

    private func endPoint() {
        if let error = builder.end() { return fail(error.message, error.location ?? here) }
        counts.points += 1
        if !body(builder.point) {
            counts.stopped = true
            parser.abortParsing()
        }
    }

    private func fail(_ message: String, _ location: SourceLocation) {
        guard failure == nil else { return }
        failure = TrackError(message, at: location)
        parser.abortParsing()
    }
}
