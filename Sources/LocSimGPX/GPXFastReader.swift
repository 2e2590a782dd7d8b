import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a GPX file's points straight from its bytes, without Foundation:
/// about a tenth of the instructions of `XMLParser`, which makes a `String`
/// for every element name, attribute and run of text (issue 20, bench/).
///
/// It knows the part of XML that GPX files use: the XML declaration (UTF-8),
/// elements, attributes, namespace prefixes in scope, character data, the
/// five predefined entity references and character references, comments,
/// processing instructions (skipped) and CDATA sections, and a byte order
/// mark. Anything else, or anything it is unsure of, is `unsure`: a
/// document type declaration, an entity reference, CDATA or a processing
/// instruction inside a value locsim reads,
/// an encoding other than UTF-8, bytes that are not characters, a lone
/// carriage return, malformed markup, and every value or point that does
/// not fit (`GPXPointBuilder`). `GPXParser` then reads the file with
/// FoundationXML from its start, so every error and its place is the one
/// libxml2 reports (docs/gpx.md), skipping the points already handed over.
///
/// A point's place is where libxml2 stands when it reports the element:
/// the line and character (not byte) of the start tag's `>` or `/>`, a
/// byte order mark not counted; a CR LF pair is one line end.
struct GPXFastReader: ~Copyable {
    /// How a pass ended.
    enum Outcome: Equatable {
        /// The whole file was read (or `body` asked to stop): the counts.
        case done(GPXDocument.Counts)
        /// Read it with FoundationXML instead; `points` were handed over.
        /// `reason`: the place in this reader's source that was unsure (for tests).
        case unsure(points: Int, reason: String)
    }

    /// Why the reader is unsure: the place in its source (for tests).
    struct Unsure: Error {
        var source: String
        init(file: String = #fileID, line: Int = #line) { source = "\(file):\(line)" }
    }

    /// Reads the file open at `fd` from its start (`bytes`: the whole file
    /// when it is not a regular file), calling `body` with each
    /// `pointElement` (`trkpt` or `wpt`).
    static func read(
        fd: Int32?, bytes: [UInt8], pointElement: String, _ body: (GPXPoint) -> Bool
    ) -> Outcome {
        var input = GPXByteInput(fd: fd, bytes: bytes)
        defer { input.deallocate() }
        var reader = GPXFastReader(pointElement: Array(pointElement.utf8))
        do throws(Unsure) {
            try reader.document(&input, body)
            return .done(reader.counts)
        } catch {
            return .unsure(points: reader.counts.points, reason: error.source)
        }
    }

    private let pointElement: [UInt8]
    private(set) var counts = GPXDocument.Counts()
    private var builder = GPXPointBuilder()
    private var depth = 0
    private var sawRoot = false
    private var pointDepth: Int?
    private var child: (GPXPointBuilder.Child, SourceLocation)?
    private var text = ByteBuffer(capacity: 64)
    /// The open elements' names, one after the other, and where each ends.
    private var names = ByteBuffer(capacity: 256)
    private var nameEnds: [Int] = []
    /// Namespace prefixes declared on open elements, with the element's depth.
    private var prefixes: [(name: [UInt8], depth: Int)] = []

    private init(pointElement: [UInt8]) {
        self.pointElement = pointElement
    }

    private mutating func document(_ input: inout GPXByteInput, _ body: (GPXPoint) -> Bool) throws(Unsure) {
        try input.skipByteOrderMark()
        if try input.starts("<?xml") { try input.declaration() }
        while try input.available(1) {
            if input.byte(0) == UInt8(ascii: "<") {
                try markup(&input, body)
                if counts.stopped { return }
            } else {
                try characters(&input)
            }
        }
        guard sawRoot, depth == 0 else { throw Unsure() }
    }

    /// Character data up to the next `<`.
    private mutating func characters(_ input: inout GPXByteInput) throws(Unsure) {
        let end = try input.find(UInt8(ascii: "<"), from: 0, orEnd: true)
        let run = try input.checkCharacters(from: 0, to: end, markup: false)
        if depth == 0 && !run.blank { throw Unsure() }
        if child != nil {
            if run.references { throw Unsure() }
            // A value too long to read: `GPXDocument` reports it.
            if text.count + end > GPXPointBuilder.maxValueBytes { throw Unsure() }
            input.append(count: end, returns: run.returns, to: &text)
        }
        input.advance(end, lineFeeds: run.feeds)
    }

    private mutating func markup(_ input: inout GPXByteInput, _ body: (GPXPoint) -> Bool) throws(Unsure) {
        guard try input.available(2) else { throw Unsure() }
        switch input.byte(1) {
        case UInt8(ascii: "/"):
            try endTag(&input, body)
        case UInt8(ascii: "!"):
            if try input.starts("<!--") {
                let end = try input.find("-->", from: 4)
                // `--` may not appear inside a comment.
                if try input.find("--", from: 4) != end { throw Unsure() }
                _ = try input.checkCharacters(from: 4, to: end, markup: true)
                input.advance(end + 3)
            } else if try input.starts("<![CDATA[") {
                guard depth > 0, child == nil else { throw Unsure() }
                let end = try input.find("]]>", from: 9)
                _ = try input.checkCharacters(from: 9, to: end, markup: true)
                input.advance(end + 3)
            } else {
                throw Unsure()
            }
        case UInt8(ascii: "?"):
            // Skipped, as by `GPXDocument`, which has no use for them; not
            // inside a value (libxml2 then hands the value in two pieces).
            guard child == nil else { throw Unsure() }
            try input.instruction()
        default:
            try startTag(&input, body)
        }
    }

    private mutating func startTag(_ input: inout GPXByteInput, _ body: (GPXPoint) -> Bool) throws(Unsure) {
        guard depth > 0 || !sawRoot else { throw Unsure() }
        let tag = try input.startTag()
        depth += 1
        let attributes = !input.attributes.isEmpty
        for attribute in input.attributes where attributes && attribute.name.hasPrefix {
            let name = attribute.name
            if input.equal(name.start..<name.local, "xmlns:") {
                let prefix = name.local..<name.end
                guard !attribute.value.isEmpty, !input.equal(prefix, "xml"), !input.equal(prefix, "xmlns") else {
                    throw Unsure()
                }
                prefixes.append((Array(input.bytes(prefix)), depth))
            }
        }
        try checkPrefix(tag.name, element: true, input)
        for attribute in input.attributes
        where attributes && !input.equal(attribute.name.start..<attribute.name.local, "xmlns:") {
            try checkPrefix(attribute.name, element: false, input)
        }
        names.append(input.bytes(tag.name.start..<tag.name.end))
        nameEnds.append(names.count)
        let local = tag.name.local..<tag.name.end
        if depth == 1 {
            sawRoot = true
            guard input.equal(local, "gpx") else { throw Unsure() }
        } else if let pointDepth {
            if depth == pointDepth + 1, let kind = GPXPointBuilder.Child(input.bytes(local)) {
                child = (kind, input.location(back: tag.closeBack))
                text.removeAll()
            } else if child != nil {
                throw Unsure()
            }
        } else {
            if input.equal(local, "wpt") { counts.waypoints += 1 }
            if local.count == pointElement.count
                && pointElement.withUnsafeBufferPointer({
                    memcmp($0.baseAddress!, input.window + local.lowerBound, local.count) == 0
                })
            {
                pointDepth = depth
                func attribute(_ key: StaticString) throws(Unsure) -> String? {
                    guard
                        let value = input.attributes.first(where: { input.equal($0.name.start..<$0.name.end, key) })?
                            .value
                    else { return nil }
                    let bytes = input.bytes(value)
                    if memchr(bytes.baseAddress!, Int32(UInt8(ascii: "&")), bytes.count) != nil { throw Unsure() }
                    return String(decoding: bytes, as: UTF8.self)
                }
                let name = String(decoding: input.bytes(tag.name.start..<tag.name.end), as: UTF8.self)
                let location = input.location(back: tag.closeBack)
                if builder.start(name, lat: try attribute("lat"), lon: try attribute("lon"), at: location) != nil {
                    throw Unsure()
                }
            }
        }
        if tag.empty { try close(body) }
    }

    private mutating func endTag(_ input: inout GPXByteInput, _ body: (GPXPoint) -> Bool) throws(Unsure) {
        guard depth > 0 else { throw Unsure() }
        let start = nameEnds.count > 1 ? nameEnds[nameEnds.count - 2] : 0
        guard try input.endTag(names.bytes(from: start)) else { throw Unsure() }
        try close(body)
    }

    /// The innermost open element ends.
    private mutating func close(_ body: (GPXPoint) -> Bool) throws(Unsure) {
        if let pointDepth {
            if depth == pointDepth + 1, let (kind, location) = child {
                child = nil
                if builder.value(kind, bytes: text.bytes(from: 0), at: location) != nil { throw Unsure() }
            } else if depth == pointDepth {
                self.pointDepth = nil
                if builder.end() != nil { throw Unsure() }
                counts.points += 1
                if !body(builder.point) { counts.stopped = true }
            }
        }
        while let last = prefixes.last, last.depth == depth { prefixes.removeLast() }
        nameEnds.removeLast()
        names.removeAll(after: nameEnds.last ?? 0)
        depth -= 1
    }

    /// A prefixed name's prefix must be declared by an open element (`xml:` for attributes).
    private func checkPrefix(_ name: GPXByteInput.Name, element: Bool, _ input: GPXByteInput) throws(Unsure) {
        guard name.hasPrefix else { return }
        let prefix = input.bytes(name.start..<(name.local - 1))
        if !element && prefix.elementsEqual("xml".utf8) { return }
        guard prefixes.contains(where: { $0.name.elementsEqual(prefix) }) else { throw Unsure() }
    }

    /// Whether `bytes` are `text`'s.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount, let base = bytes.baseAddress else {
            return bytes.isEmpty && text.utf8CodeUnitCount == 0
        }
        return memcmp(base, text.utf8Start, bytes.count) == 0
    }
}
