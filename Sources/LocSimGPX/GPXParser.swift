import Foundation
import LocSimKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Streams the points of a GPX file (docs/gpx.md) with FoundationXML's
/// `XMLParser`, which hands over one element at a time: memory stays flat
/// however long the track.
///
/// The points are the `trkpt` elements in file order, across every `trk`
/// and `trkseg`; a file without any is read a second time for its `wpt`
/// elements (the form Xcode's simulated locations use). Routes (`rte`) are
/// planned, not recorded, and are not read.
package enum GPXParser {
    /// Calls `body` with each point; `body` returns false to stop early.
    ///
    /// - Throws: `TrackError`, at the place in the file, when the file is not
    ///   GPX, not well-formed XML, or a point does not fit; without a place
    ///   when the file cannot be opened.
    package static func read(_ path: String, _ body: (GPXPoint) -> Bool) throws(TrackError) {
        // Opened once, here, for the system's reason (XMLParser says only
        // that it could not read) and so a FIFO's writer is read by this
        // open and no other.
        let fd: Int32
        switch FileIO.openForReading(path) {
        case .success(let opened): fd = opened
        case .failure(let error): throw TrackError(error.message)
        }
        defer { close(fd) }
        try read(fd: fd, body)
    }

    /// `read(_:_:)` from an open descriptor (`locsim-gpx -` reads the file
    /// `locsim` opened): a regular file is streamed, twice if the second
    /// pass is needed; anything else (a pipe) is read to its end once and
    /// parsed from memory.
    ///
    /// `GPXFastReader` reads the file first; where it is unsure, the file
    /// is read again from its start with FoundationXML, whose points up to
    /// the ones already handed to `body` are skipped, so the points and the
    /// error are those FoundationXML gives. `fast: false` reads with
    /// FoundationXML only (the tests compare both).
    package static func read(fd: Int32, fast: Bool = true, _ body: (GPXPoint) -> Bool) throws(TrackError) {
        var info = stat()
        let regular = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        var source: Source
        if regular {
            source = .file(fd)
        } else {
            switch FileIO.readAll(fd, label: "the GPX file") {
            case .success(let bytes): source = .bytes(bytes)
            case .failure(let error): throw TrackError(error.message)
            }
        }
        try refuseDeclaredEntities(source)
        var handed = 0
        if fast {
            let counted = { (point: GPXPoint) -> Bool in
                handed += 1
                return body(point)
            }
            if case .done(let tracks) = fastPass(source, element: "trkpt", counted) {
                guard tracks.points == 0 && !tracks.stopped && tracks.waypoints > 0 else { return }
                if case .done = fastPass(source, element: "wpt", counted) { return }
            }
        }
        try refuseMalformedDeclaration(source)
        try refuseInvalidMarkup(source)
        var skip = handed
        let rest = { (point: GPXPoint) -> Bool in
            guard skip == 0 else {
                skip -= 1
                return true
            }
            return body(point)
        }
        let tracks = try pass(source, element: "trkpt", rest)
        if tracks.points == 0 && tracks.stopped == false && tracks.waypoints > 0 {
            _ = try pass(source, element: "wpt", rest)
        }
    }

    /// The error to report instead of `error`, libxml2's, when the file
    /// holds markup too large for libxml2 (`GPXMarkupSizes`) where it
    /// stopped or before: libxml2 reports such markup as a bare syntax
    /// error, often at the file's end (issue 31).
    private static func oversize(_ source: Source, before error: TrackError) throws(TrackError) -> TrackError? {
        var sizes = GPXMarkupSizes()
        try scan(source, isDone: { sizes.isDone }) { bytes, end in sizes.feed(bytes, end: end) }
        guard let found = sizes.found else { return nil }
        if let place = error.location,
            (place.line, place.column) < (found.reported.line, found.reported.column)
        {
            return nil
        }
        return TrackError(found.message, at: found.location)
    }

    /// Runs `GPXFastReader` over the source from its start.
    private static func fastPass(
        _ source: Source, element: String, _ body: (GPXPoint) -> Bool
    ) -> GPXFastReader.Outcome {
        switch source {
        case .bytes(let bytes): return GPXFastReader.read(fd: nil, bytes: bytes, pointElement: element, body)
        case .file(let fd): return GPXFastReader.read(fd: fd, bytes: [], pointElement: element, body)
        }
    }

    /// Where a pass reads the file.
    private enum Source {
        /// A regular file, read from its start with a stream of its own.
        case file(Int32)
        case bytes([UInt8])

        func parser() throws(TrackError) -> XMLParser {
            switch self {
            case .bytes(let bytes): return XMLParser(data: Data(bytes))
            case .file(let fd):
                lseek(fd, 0, SEEK_SET)
                // `/dev/fd/N` is the open file (Linux opens it anew at its start).
                guard let stream = InputStream(fileAtPath: "/dev/fd/\(fd)") else {
                    throw TrackError("cannot read the GPX file")
                }
                return XMLParser(stream: stream)
            }
        }
    }

    /// Reads the file's prolog (`GPXProlog`) and throws at an entity the
    /// file declares, before the XML parser would expand it.
    private static func refuseDeclaredEntities(_ source: Source) throws(TrackError) {
        var prolog = GPXProlog()
        try scan(source, isDone: { prolog.isDone }) { prolog.feed($0, end: $1) }
        if let (name, location) = prolog.entity {
            throw TrackError(
                "the file declares the entity '\(name)'; locsim does not expand entities a GPX file declares"
                    + " (a few lines of them can stand for gigabytes of text; GPX needs none)",
                at: location)
        }
    }

    /// Throws at an XML declaration that is not well formed
    /// (`GPXXMLDeclaration`), whose encoding libxml2 would ignore.
    private static func refuseMalformedDeclaration(_ source: Source) throws(TrackError) {
        var head: [UInt8] = []
        try scan(source, isDone: { !head.isEmpty }) { bytes, _ in head += bytes }
        do throws(GPXXMLDeclaration.Malformation) {
            try GPXXMLDeclaration.check(head[...])
        } catch {
            throw TrackError(
                "malformed GPX: the XML declaration is not well formed: expected \(error.expected)"
                    + " (it reads <?xml version=\"1.0\" encoding=\"UTF-8\"?>, the encoding optional)",
                at: error.location)
        }
    }

    /// Reads the file (`GPXMarkupUTF8`) and throws at a byte in markup
    /// that is not UTF-8, on which FoundationXML would trap, or at a
    /// character reference to no character, which libxml2 reads as text
    /// that is not the file's.
    private static func refuseInvalidMarkup(_ source: Source) throws(TrackError) {
        var markup = GPXMarkupUTF8()
        try scan(source, isDone: { markup.isDone }) { markup.feed($0, end: $1) }
        if let (text, location) = markup.badReference {
            throw TrackError(
                "malformed GPX: the character reference '\(text)' names no character XML allows"
                    + " (#x9, #xA, #xD, #x20-#xD7FF, #xE000-#xFFFD, #x10000-#x10FFFF)",
                at: location)
        }
        if let (byte, location, inText) = markup.failure {
            let hex = String(byte, radix: 16, uppercase: true)
            if markup.endsInsideCharacter {
                throw TrackError(
                    "malformed GPX: the file ends inside a character (its first byte 0x\(hex); a file cut short?)",
                    at: location)
            }
            let place = inText ? "in character data" : "in a name, an attribute, a comment or a processing instruction"
            throw TrackError(
                "malformed GPX: a byte that is not UTF-8 (0x\(hex)) \(place) (is the file UTF-8?)",
                at: location)
        }
    }

    /// Hands the source's bytes, from its start, to `feed` (with whether
    /// they are the last) until `isDone` or the end.
    private static func scan(
        _ source: Source, isDone: () -> Bool, _ feed: (ArraySlice<UInt8>, Bool) -> Void
    ) throws(TrackError) {
        switch source {
        case .bytes(let bytes):
            feed(bytes[...], true)
        case .file(let fd):
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            var offset = 0
            while !isDone() {
                let n = chunk.withUnsafeMutableBytes { buffer in
                    FileIO.readInto(fd, buffer.baseAddress!, count: buffer.count, at: offset, label: "the GPX file")
                }
                switch n {
                case .success(let count):
                    feed(chunk[..<count], count == 0)
                    if count == 0 { return }
                    offset += count
                case .failure(let error): throw TrackError(error.message)
                }
            }
        }
    }

    private static func pass(
        _ source: Source, element: String, _ body: (GPXPoint) -> Bool
    ) throws(TrackError) -> GPXDocument.Counts {
        let parser = try source.parser()
        ignoreInstructions(parser)
        let result: Result<GPXDocument.Counts, TrackError> = withoutActuallyEscaping(body) { body in
            let document = GPXDocument(pointElement: element, parser: parser, body: body)
            parser.delegate = document
            let finished = parser.parse()
            // Markup too large for libxml2: an "internal error" (1) or a
            // malformed tag (68, 73), after which libxml2 may hand on text
            // that is not the file's.
            let code = (parser.parserError as NSError?)?.code ?? 0
            if !finished && [1, 68, 73].contains(code) {
                let error = document.failure ?? Self.xmlError(parser)
                if let oversize = try? Self.oversize(source, before: error) { return .failure(oversize) }
            }
            if let failure = document.failure { return .failure(failure) }
            if !finished && !document.counts.stopped {
                return .failure(Self.xmlError(parser))
            }
            if !document.sawRoot {
                return .failure(
                    TrackError("the file is empty; expected a <gpx> document", at: SourceLocation(line: 1, column: 1)))
            }
            if let open = document.openElement {
                // libxml2 in push mode does not report a file cut short.
                return .failure(
                    TrackError(
                        "malformed GPX: the file ends inside <\(open)>",
                        at: SourceLocation(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))))
            }
            return .success(document.counts)
        }
        return try result.get()
    }

    /// Stops libxml2 handing `parser` processing instructions.
    ///
    /// FoundationXML's handler reads an instruction's data as a C string
    /// and crashes (a segmentation fault) on one without data, `<?x?>`,
    /// which is well-formed XML and for which libxml2 passes a null
    /// pointer; the fuzzer found it in every part of a file and in every
    /// encoding (issue 20). `GPXDocument` has no use for instructions, so
    /// the handler is taken out of the libxml2 SAX handler the parser made
    /// (its `_handler`, an `xmlSAXHandler`, copied when parsing starts):
    /// libxml2 skips an instruction without a handler. The handler is
    /// found by its field's place in libxml2's public struct, checked by
    /// the struct's `initialized` magic number; a Foundation without it is
    /// left as it is (GPXFastReaderTests reads `<?x?>` with FoundationXML).
    private static func ignoreInstructions(_ parser: XMLParser) {
        #if canImport(FoundationXML)
            guard let child = Mirror(reflecting: parser).children.first(where: { $0.label == "_handler" }),
                let handler = child.value as? OpaquePointer
            else { return }
            let fields = UnsafeMutableRawPointer(handler)
            let pointer = MemoryLayout<UnsafeMutableRawPointer?>.stride
            // `initialized` follows the 27 callbacks of libxml2 1's handler; XML_SAX2_MAGIC.
            guard fields.load(fromByteOffset: 27 * pointer, as: UInt32.self) == 0xDEED_BEAF else { return }
            // `processingInstruction` is the 20th callback.
            fields.storeBytes(of: nil, toByteOffset: 19 * pointer, as: UnsafeMutableRawPointer?.self)
        #endif
    }

    /// The parser's error in words, where libxml2 stopped.
    private static func xmlError(_ parser: XMLParser) -> TrackError {
        let code = (parser.parserError as NSError?)?.code ?? 0
        // The code is libxml2's `xmlParserErrors` (FoundationXML passes it
        // through), whose numbers are stable across libxml2 versions.
        let what: String
        switch code {
        case 4: what = "the file has no root element; expected a <gpx> document"
        case 5: what = "content after the root element"
        case 9: what = "a byte that is not a valid character (is the file UTF-8?)"
        case 23: what = "an entity reference without its ';'"
        case 26, 27: what = "an undefined entity"
        case 38: what = "'<' inside an attribute value"
        case 39, 40, 41, 42: what = "a malformed attribute (values need quotes)"
        case 68: what = "a malformed tag"
        case 73: what = "a tag is not closed with '>' (are attribute values quoted?)"
        case 76: what = "a closing tag does not match the open element"
        case 77: what = "the file ends inside an element"
        default: what = "an XML syntax error"
        }
        return TrackError(
            "malformed GPX: \(what) (libxml2 error \(code))",
            at: SourceLocation(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
    }
}
