import Testing

@testable import LocSimGPX
@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `GPXFastReader` against FoundationXML (issue 20 item 10): on every GPX
/// file in the repository and on generated tracks, reading with the fast
/// reader first gives exactly the points and the error (message and place)
/// of FoundationXML alone, and the fast reader itself reads the ordinary
/// files to their end rather than handing them over.
@Suite struct GPXFastReaderTests {
    struct Result: Equatable {
        var points: [GPXPoint] = []
        var error: TrackError?
    }

    static func read(_ bytes: [UInt8], fast: Bool, pipe: Bool = false) -> Result {
        var result = Result()
        let fd: Int32
        if pipe {
            var fds: [Int32] = [0, 0]
            precondition(Glibc.pipe(&fds) == 0)
            precondition(bytes.count < 60_000)
            _ = FileIO.writeAll(fds[1], bytes)
            close(fds[1])
            fd = fds[0]
        } else {
            let path = GPXReaderTests.file("")
            let out = open(path, O_WRONLY | O_TRUNC)
            _ = FileIO.writeAll(out, bytes)
            close(out)
            fd = open(path, O_RDONLY)
            unlink(path)
        }
        defer { close(fd) }
        do throws(TrackError) {
            try GPXParser.read(fd: fd, fast: fast) {
                result.points.append($0)
                return true
            }
        } catch {
            result.error = error
        }
        return result
    }

    /// `nil` when the fast reader reads `bytes` to the end by itself, else why not.
    static func unsure(_ bytes: [UInt8]) -> String? {
        switch GPXFastReader.read(fd: nil, bytes: bytes, pointElement: "trkpt", { _ in true }) {
        case .unsure(_, let reason): return reason
        case .done(let counts) where counts.points == 0 && counts.waypoints > 0:
            if case .unsure(_, let reason) = GPXFastReader.read(
                fd: nil, bytes: bytes, pointElement: "wpt", { _ in true })
            {
                return reason
            }
            return nil
        case .done: return nil
        }
    }

    static var repositoryFiles: [String] {
        let root = String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
        var found: [String] = []
        for folder in ["Scenarios", "Tests"] {
            let pipe = popen("find '/\(root)/\(folder)' -name '*.gpx' | sort", "r")!
            var line = [CChar](repeating: 0, count: 4096)
            while fgets(&line, 4096, pipe) != nil {
                let bytes = line.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
                found.append(String(decoding: bytes, as: UTF8.self).trimmingSuffixNewline)
            }
            pclose(pipe)
        }
        return found
    }

    @Test func repositoryFilesReadTheSame() throws {
        let files = Self.repositoryFiles
        #expect(files.count >= 7)
        var alone = 0
        for path in files {
            let fd = open(path, O_RDONLY)
            guard case .success(let bytes) = FileIO.readAll(fd, label: path) else {
                Issue.record("\(path)")
                continue
            }
            close(fd)
            #expect(Self.read(bytes, fast: true) == Self.read(bytes, fast: false), "\(path)")
            if Self.unsure(bytes) == nil { alone += 1 }
        }
        // morning-run, no-times, xcode-waypoints at least.
        #expect(alone >= 3)
    }

    /// Tracks in the forms real files take: every point read by the fast
    /// reader alone, with the same points as FoundationXML's.
    @Test func generatedTracksReadTheSameAndFast() {
        var random = GPXTrackGenerator.Random(seed: 20)
        for n in 0..<300 {
            let bytes = GPXTrackGenerator.track(&random, points: n % 40 + (n == 7 ? 3000 : 0))
            let fast = Self.read(bytes, fast: true)
            #expect(fast == Self.read(bytes, fast: false), "\(String(decoding: bytes.prefix(2000), as: UTF8.self))")
            #expect(fast.error == nil)
            let unsure = Self.unsure(bytes)
            #expect(unsure == nil, "\(unsure ?? "") \(String(decoding: bytes.prefix(2000), as: UTF8.self))")
            if bytes.count < 60_000 && n % 10 == 0 {
                #expect(Self.read(bytes, fast: true, pipe: true) == fast)
            }
        }
    }

    /// Damage in files longer than the reader's window (`GPXByteInput`
    /// reads again a piece that runs into the window's end, and hands over
    /// one that stays unsure once more is read): FoundationXML's points and error.
    @Test func longOddFilesReadTheSame() {
        var random = GPXTrackGenerator.Random(seed: 22)
        for _ in 0..<16 {
            let bytes = GPXTrackGenerator.damaged(GPXTrackGenerator.track(&random, points: 1500), &random)
            let fast = Self.read(bytes, fast: true)
            let slow = Self.read(bytes, fast: false)
            if let error = slow.error,
                error.message.hasPrefix("malformed GPX: a byte that is not UTF-8")
                    || error.message.hasPrefix("malformed GPX: the file ends inside a character")
                    || (error.message.hasPrefix("malformed GPX: the character reference")
                        && error.message.contains("names no character XML allows"))
            {
                #expect(fast.error == error)
            } else {
                #expect(fast == slow)
            }
        }
    }

    /// Bytes that are not UTF-8 in character data, and characters XML
    /// does not allow: an error, the same with the fast reader or without.
    @Test func invalidBytesReadTheSame() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0x01]] {
            let bytes =
                Array("<gpx><trk><name>a".utf8) + bad
                + Array("</name><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>".utf8)
            let result = Self.read(bytes, fast: true)
            #expect(result == Self.read(bytes, fast: false))
            #expect(result.error != nil)
        }
    }

    /// A byte that is not UTF-8 in an element name, an attribute name or
    /// value, a namespace prefix or URI, a comment or a processing
    /// instruction (where FoundationXML traps): refused at the byte, with
    /// the fast reader or without.
    @Test func invalidBytesInMarkupAreRefusedAtTheByte() {
        // A declared UTF-16 without a byte order mark is read as UTF-8.
        // (Declarations that are not well formed, which name no encoding
        // libxml2 uses, are refused first: GPXFuzzCrashTests.)
        for declaration in ["<?xml version=\"1.0\"?>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>"] {
            refused(declaration + "\n<gpx version=\"1.1\">\n<trk><trkseg><trkpt lat=\"1\" lon=\"2\">")
        }
    }

    private func refused(_ head: String) {
        let places: [(before: String, after: String)] = [
            ("<e", "le>3</ele>"), ("<ele a", "b=\"1\">3</ele>"), ("<ele a=\"x", "\">3</ele>"),
            ("<p", ":ele xmlns:p=\"u\">3</p:ele>"), ("<p:ele xmlns:p=\"u", "\">3</p:ele>"),
            ("<!-- ", " -->"), ("<?pi ", "?>"), ("<?p", " x?>"),
        ]
        for (before, after) in places {
            for bad: [UInt8] in [[0xFF], [0xC3, 0x28], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] {
                let text = head + before
                let bytes =
                    Array(text.utf8) + bad + Array(after.utf8)
                    + Array("</trkpt></trkseg></trk></gpx>\n".utf8)
                let column = text.split(separator: "\n", omittingEmptySubsequences: false).last!.count + 1
                let hex = String(bad[0], radix: 16, uppercase: true)
                let expected = TrackError(
                    "malformed GPX: a byte that is not UTF-8 (0x\(hex)) in a name, an attribute, a comment or a"
                        + " processing instruction (is the file UTF-8?)",
                    at: SourceLocation(line: 3, column: column))
                for fast in [true, false] {
                    #expect(Self.read(bytes, fast: fast).error == expected, "\(before) \(bad) fast \(fast)")
                }
                #expect(Self.read(bytes, fast: true, pipe: true).error == expected)
            }
        }
    }

    /// A byte that is not UTF-8 in character data, then a name that is not
    /// ASCII (libxml2 then hands FoundationXML a name it traps on; found by
    /// bench/fuzz-gpx.sh): refused at the first byte.
    @Test func invalidTextBeforeANonASCIINameIsRefused() {
        let bytes =
            Array("<gpx><trk><name>a".utf8) + [0xCA]
            + Array(" b</name><trkseg><trkpt lat=\"1\" lon=\"2\"><\u{21A}x/></trkpt></trkseg></trk></gpx>".utf8)
        let expected = TrackError(
            "malformed GPX: a byte that is not UTF-8 (0xCA) in character data (is the file UTF-8?)",
            at: SourceLocation(line: 1, column: 18))
        #expect(Self.read(bytes, fast: true).error == expected)
        #expect(Self.read(bytes, fast: false).error == expected)
    }

    /// The same bytes in a file that names its encoding are that encoding's characters.
    @Test func latin1NamesAreRead() {
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><e".utf8)
            + [0xE9] + Array("/></trkpt></trkseg></trk></gpx>".utf8)
        #expect(Self.read(bytes, fast: true) == Result(points: Self.read(bytes, fast: false).points, error: nil))
        #expect(Self.read(bytes, fast: true).points.count == 1)
    }

    /// Files the fast reader hands over, or whose points do not fit:
    /// the same points, then the same error at the same place. A byte that
    /// is not UTF-8 in markup (or a character the file's end cuts short)
    /// is refused before FoundationXML reads the file (so is a character
    /// reference to no XML character, issue 41), so only the fast reader has handed points by then (those
    /// before the byte): the error is the same, and never a trap.
    @Test func oddFilesReadTheSame() {
        var random = GPXTrackGenerator.Random(seed: 21)
        var refused = 0
        for n in 0..<300 {
            let bytes = GPXTrackGenerator.damaged(GPXTrackGenerator.track(&random, points: n % 12 + 1), &random)
            let fast = Self.read(bytes, fast: true)
            let slow = Self.read(bytes, fast: false)
            if let error = slow.error,
                error.message.hasPrefix("malformed GPX: a byte that is not UTF-8")
                    || error.message.hasPrefix("malformed GPX: the file ends inside a character")
                    || (error.message.hasPrefix("malformed GPX: the character reference")
                        && error.message.contains("names no character XML allows"))
            {
                refused += 1
                #expect(fast.error == error)
                #expect(slow.points.isEmpty)
                #expect(fast.points.allSatisfy { $0.location.line <= error.location!.line })
            } else {
                #expect(fast == slow, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(refused > 0)
    }
}

extension String {
    fileprivate var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
