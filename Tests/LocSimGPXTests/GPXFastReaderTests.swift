#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import LocSimKit
@testable import LocSimGPX

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
            try GPXParser.read(fd: fd, fast: fast) { result.points.append($0); return true }
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
            if case .unsure(_, let reason) = GPXFastReader.read(fd: nil, bytes: bytes, pointElement: "wpt", { _ in true }) {
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
                found.append(String(cString: line).trimmingSuffixNewline)
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
            guard case .success(let bytes) = FileIO.readAll(fd, label: path) else { Issue.record("\(path)"); continue }
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

    /// Bytes that are not UTF-8 in character data: libxml2's error.
    /// (Not in a name: FoundationXML traps there, with or without the
    /// fast reader, which hands such a file over; issue 20.)
    @Test func invalidBytesReadTheSame() {
        for bad: [UInt8] in [[0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0x01]] {
            let bytes = Array("<gpx><trk><name>a".utf8) + bad + Array("</name><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>".utf8)
            let result = Self.read(bytes, fast: true)
            #expect(result == Self.read(bytes, fast: false))
            #expect(result.error != nil)
        }
    }

    /// Files the fast reader hands over, or whose points do not fit:
    /// the same points, then the same error at the same place.
    @Test func oddFilesReadTheSame() {
        var random = GPXTrackGenerator.Random(seed: 21)
        for n in 0..<300 {
            let bytes = GPXTrackGenerator.damaged(GPXTrackGenerator.track(&random, points: n % 12 + 1), &random)
            #expect(
                Self.read(bytes, fast: true) == Self.read(bytes, fast: false),
                "\(String(decoding: bytes, as: UTF8.self))")
        }
    }
}

extension String {
    fileprivate var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
