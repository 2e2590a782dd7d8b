import Foundation
import Testing

@testable import LocSimKit

/// The streaming line reader: line ends, BOM, long lines, chunk edges, read errors.
@Suite struct LineReaderTests {
    /// Every line as text, with its number.
    func lines(_ reader: inout LineReader) throws(ScenarioError) -> [(Int, String)] {
        var out: [(Int, String)] = []
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            out.append((number, String(decoding: bytes, as: UTF8.self)))
        }
        return out
    }

    func texts(_ bytes: [UInt8]) throws(ScenarioError) -> [String] {
        var reader = LineReader(bytes: bytes)
        let all = try lines(&reader)
        #expect(all.map(\.0) == Array(0..<all.count).map { $0 + 1 })
        return all.map(\.1)
    }

    @Test(
        arguments: [
            ("", []),
            ("\n", [""]),
            ("\n\n", ["", ""]),
            ("a", ["a"]),
            ("a\n", ["a"]),
            ("a\nb", ["a", "b"]),
            ("a\n\nb\n", ["a", "", "b"]),
            ("a\r\nb\r\n", ["a", "b"]),
            ("a\r\nb", ["a", "b"]),
            ("a\rb\n", ["a\rb"]),
            ("a\r\r\n", ["a\r"]),
            ("x\r", ["x"]),
            ("\r\n", [""]),
            ("\u{FEFF}0 launch\n1 background", ["0 launch", "1 background"]),
            ("\u{FEFF}", [""]),
            ("\u{FEFF}\r\n", [""]),
            ("a\n\u{FEFF}b", ["a", "\u{FEFF}b"]),
        ] as [(String, [String])])
    func splitsLines(_ text: String, _ expected: [String]) throws {
        #expect(try texts(Array(text.utf8)) == expected)
        var reader = LineReader(text)
        #expect(try lines(&reader).map(\.1) == expected)
        #expect(try viaPipe(Array(text.utf8), pieces: [1]) == expected)
    }

    @Test func numbersLinesFromOne() throws {
        var reader = LineReader("a\n\nc\n")
        let all = try lines(&reader)
        #expect(all.map(\.0) == [1, 2, 3])
    }

    // MARK: Long lines

    @Test func acceptsALineOfTheMaximumLength() throws {
        let line = [UInt8](repeating: 0x61, count: LineReader.maxLineLength)
        let bytes = [0xEF, 0xBB, 0xBF] + line + [0x0D, 0x0A] + line
        #expect(try texts(bytes).map(\.utf8.count) == [LineReader.maxLineLength, LineReader.maxLineLength])
        #expect(try viaFile(bytes).map(\.utf8.count) == [LineReader.maxLineLength, LineReader.maxLineLength])
    }

    @Test(arguments: [false, true])
    func rejectsALongerLine(throughFile: Bool) {
        let long = [UInt8](repeating: 0x61, count: LineReader.maxLineLength + 1)
        let bytes = Array("ok\n".utf8) + long + [0x0A] + Array("never read\n".utf8)
        do {
            _ = throughFile ? try viaFile(bytes) : try texts(bytes)
            Issue.record("accepted a line of \(long.count) bytes")
        } catch {
            #expect(error == ScenarioError("line is longer than 65536 bytes; split it", line: 2, column: 1))
        }
    }

    /// A file that is one endless line fails once the line is too long,
    /// without reading (or keeping) the rest.
    @Test func rejectsAnEndlessLineEarly() {
        let bytes = [UInt8](repeating: 0x61, count: 1 << 20)
        #expect(throws: ScenarioError("line is longer than 65536 bytes; split it", line: 1, column: 1)) {
            try viaFile(bytes)
        }
    }

    /// A long file with CR-only line ends is one line to the reader: the
    /// error names the line ends, not only the length (issue 14).
    @Test(arguments: [false, true]) func namesCROnlyLineEnds(throughFile: Bool) {
        let bytes = Array(String(repeating: "1 fix 35.1 139.2 5\r", count: 5000).utf8)
        let message =
            "line is longer than 65536 bytes and holds carriage returns (\\r): the file has CR-only line ends (classic Mac); convert them to LF"
        #expect(throws: ScenarioError(message, line: 1, column: 1)) {
            _ = throughFile ? try viaFile(bytes) : try texts(bytes)
        }
    }

    // MARK: Chunk edges

    /// Lines of many lengths, so that line ends fall on, before and after
    /// every 64 KiB chunk edge, a CRLF is split across one, and lines of
    /// almost a chunk are carried.
    static func awkwardText() -> (bytes: [UInt8], lines: [String]) {
        var lines: [String] = []
        var total = 0
        var n = 0
        while total < 5 * LineReader.chunkSize + 12_345 {
            let length = (n * 7919) % 300 + (n % 97 == 0 ? 65_000 : 0)
            let line = String(repeating: String(UnicodeScalar(UInt8(97 + n % 26))), count: length)
            lines.append(line)
            total += length + (n % 3 == 0 ? 2 : 1)
            n += 1
        }
        var bytes: [UInt8] = []
        for (i, line) in lines.enumerated() {
            bytes += Array(line.utf8)
            bytes += i % 3 == 0 ? [0x0D, 0x0A] : [0x0A]
        }
        return (bytes, lines)
    }

    @Test func linesStraddlingChunkEdgesFromAFile() throws {
        let (bytes, expected) = Self.awkwardText()
        #expect(try viaFile(bytes) == expected)
    }

    @Test func linesStraddlingChunkEdgesFromAPipeInUnevenPieces() throws {
        let (bytes, expected) = Self.awkwardText()
        #expect(try viaPipe(bytes, pieces: [1, 2, 3, 4095, 65_535, 65_536, 65_537, 7]) == expected)
    }

    /// Every position of a CRLF relative to the first chunk edge, one at a time.
    @Test func lineEndAtEveryOffsetAroundAChunkEdge() throws {
        let edge = LineReader.chunkSize
        for shift in -3...3 {
            // The second line's `\n` lands at `edge + shift`, its `\r` just before.
            let second = edge - 102 + shift
            let bytes =
                [UInt8](repeating: 0x61, count: 100) + [0x0D, 0x0A]
                + [UInt8](repeating: 0x62, count: second) + [0x0D, 0x0A] + Array("c\r\nd".utf8)
            let got = try viaFile(bytes)
            #expect(got.map(\.utf8.count) == [100, second, 1, 1], "line end shifted by \(shift)")
            #expect(got.last == "d")
        }
    }

    @Test func noFinalNewlineAfterAFullChunk() throws {
        let bytes = [UInt8](repeating: 0x61, count: LineReader.chunkSize - 1) + [0x0A] + [0x62]
        #expect(try viaFile(bytes).map(\.utf8.count) == [LineReader.chunkSize - 1, 1])
    }

    @Test func emptyFileHasNoLines() throws {
        #expect(try viaFile([]).isEmpty)
    }

    // MARK: Errors

    @Test func readErrorNamesTheCause() {
        let fd = open("/", O_RDONLY)
        defer { close(fd) }
        var reader = LineReader(fileDescriptor: fd)
        #expect(throws: ScenarioError("cannot read the scenario: Is a directory", line: 1, column: 1)) {
            try lines(&reader)
        }
    }

    @Test func errorFromTheBodyStopsReading() throws {
        var reader = LineReader("a\nb\nc\n")
        var seen: [Int] = []
        #expect(throws: ScenarioError("stop", line: 2, column: 1)) {
            try reader.forEachLine { (_, number) throws(ScenarioError) in
                seen.append(number)
                if number == 2 { throw ScenarioError("stop", line: number, column: 1) }
            }
        }
        #expect(seen == [1, 2])
    }

    // MARK: Helpers

    /// Reads `bytes` back through a temporary file.
    func viaFile(_ bytes: [UInt8]) throws(ScenarioError) -> [String] {
        var template = Array("/tmp/locsim-linereader-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        #expect(fd >= 0)
        defer {
            close(fd)
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
        lseek(fd, 0, SEEK_SET)
        var reader = LineReader(fileDescriptor: fd)
        return try lines(&reader).map(\.1)
    }

    /// Reads `bytes` through a pipe written by another thread in pieces of
    /// the given sizes (cycled), so reads return short and uneven counts.
    func viaPipe(_ bytes: [UInt8], pieces: [Int]) throws(ScenarioError) -> [String] {
        signal(SIGPIPE, SIG_IGN)  // a failed test must not kill the run through the writer
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let writer = Thread {
            var offset = 0
            var k = 0
            while offset < bytes.count {
                let size = min(pieces[k % pieces.count], bytes.count - offset)
                let n = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress! + offset, size) }
                if n <= 0 { break }
                offset += n
                k += 1
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        var reader = LineReader(fileDescriptor: readEnd)
        return try lines(&reader).map(\.1)
    }
}
