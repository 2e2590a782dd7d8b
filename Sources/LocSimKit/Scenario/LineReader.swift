#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a scenario in chunks and hands out its lines as bytes, without the
/// line end, so memory does not grow with the file.
///
/// A line ends at `\n`; one `\r` before it is dropped (CRLF files), a UTF-8
/// byte-order mark at the start of the file is skipped, and a last line
/// without `\n` is still a line. An empty file has no lines.
package struct LineReader {
    /// The longest line accepted, in bytes without the line end; a longer one
    /// is a scenario error.
    package static let maxLineLength = 65_536

    /// Bytes asked of `read(2)` at a time.
    static let chunkSize = 1 << 16

    /// Room for a BOM and a `\r` beside the longest line, so the carried
    /// partial line is only rejected once it cannot be a valid line.
    private static let maxCarry = maxLineLength + 4

    private enum Source {
        /// A file read to its end; `size`, when known, is a regular file's
        /// size (`readLines`).
        case file(Int32, size: Int?)
        /// `pread(2)` from an offset of its own: several readers share one
        /// open file (`locsim matrix` replays one file on many threads).
        case positioned(Int32, offset: Int)
        case bytes([UInt8])
    }

    private var source: Source

    /// Reads from an open file descriptor (not closed by the reader).
    package init(fileDescriptor: Int32) { source = .file(fileDescriptor, size: nil) }

    /// Reads a regular file of `size` bytes (when opened) from an open
    /// descriptor (not closed by the reader): one `read(2)` for a file
    /// shorter than a chunk, where one of unknown size takes a second to
    /// see its end (`check`, issue 31 item 9).
    package init(regularFile fd: Int32, size: Int) { source = .file(fd, size: size) }

    /// Reads a regular file from `offset` on with `pread(2)`, leaving the
    /// descriptor's own offset alone, so readers on other threads may share it.
    package init(sharedFileDescriptor fd: Int32, from offset: Int = 0) { source = .positioned(fd, offset: offset) }

    /// Reads from bytes in memory (tests, stdin already read).
    package init(bytes: [UInt8]) { source = .bytes(bytes) }

    /// Reads from a string in memory.
    package init(_ text: String) { source = .bytes(Array(text.utf8)) }

    /// Calls `body` with each line's bytes (no `\n`) and its 1-based number.
    ///
    /// The bytes are only valid during the call.
    ///
    /// - Throws: `ScenarioError` for a line longer than `maxLineLength` or a
    ///   failed read, or whatever `body` throws, which stops the reading.
    package mutating func forEachLine(
        _ body: (UnsafeRawBufferPointer, Int) throws(ScenarioError) -> Void
    ) throws(ScenarioError) {
        var splitter = LineSplitter()
        switch source {
        case .bytes(let bytes):
            // `withUnsafeBytes` rethrows untyped errors; carry ours out by hand.
            var failure: ScenarioError? = nil
            bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                do throws(ScenarioError) {
                    let tail = try splitter.completeLines(base, lineStart: 0, scanFrom: 0, end: buffer.count, body)
                    if tail < buffer.count {
                        try splitter.deliver(base, tail, buffer.count, body)
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        case .file(let fd, let size?) where size < Self.chunkSize:
            try readSmallFile(fd, size: size, &splitter, body)
        case .file(let fd, let size):
            try readLines(fd, offset: nil, size: size, &splitter, body)
        case .positioned(let fd, let offset):
            try readLines(fd, offset: offset, size: nil, &splitter, body)
        }
    }

    /// Streams `fd` through one fixed buffer: a carried partial line at the
    /// front, then the next chunk. A regular file of `size` bytes ends at
    /// the first short read past that size: a short read of a regular file
    /// is its end, and counting the size as well keeps a read cut short by
    /// a signal from ending it early.
    private func readLines(
        _ fd: Int32, offset start: Int?, size: Int?, _ splitter: inout LineSplitter,
        _ body: (UnsafeRawBufferPointer, Int) throws(ScenarioError) -> Void
    ) throws(ScenarioError) {
        let capacity = Self.maxCarry + Self.chunkSize
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0  // bytes in the buffer, all of them one partial line
        var offset = start
        var total = 0
        var atEnd = false
        while !atEnd {
            let count = try readChunk(fd, into: buffer + filled, at: offset, line: splitter.lineNumber + 1)
            if count == 0 { break }
            total += count
            if let size, count < Self.chunkSize && total >= size { atEnd = true }
            offset = offset.map { $0 + count }
            let end = filled + count
            let tail = try splitter.completeLines(buffer, lineStart: 0, scanFrom: filled, end: end, body)
            filled = end - tail
            if filled > Self.maxCarry {
                throw LineSplitter.tooLong(splitter.lineNumber + 1, crOnly: memchr(buffer, 0x0D, filled) != nil)
            }
            if tail > 0 && filled > 0 { memmove(buffer, buffer + tail, filled) }
        }
        if filled > 0 { try splitter.deliver(buffer, 0, filled, body) }
    }

    /// A regular file shorter than a chunk, read as it was when opened (as
    /// `FileIO.readFile` reads one) into a buffer of its size: the chunk
    /// buffer, 128 KB allocated and freed for each of `check`'s small
    /// scenarios, made the C library give memory back to the system and
    /// take it again every time, and each time with two threads, flush the
    /// other core's address translations too (issue 31 item 9).
    private func readSmallFile(
        _ fd: Int32, size: Int, _ splitter: inout LineSplitter,
        _ body: (UnsafeRawBufferPointer, Int) throws(ScenarioError) -> Void
    ) throws(ScenarioError) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(size, 1), alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < size {
            let count = try readChunk(fd, into: buffer + filled, count: size - filled, at: nil, line: 1)
            if count == 0 { break }
            filled += count
        }
        let tail = try splitter.completeLines(buffer, lineStart: 0, scanFrom: 0, end: filled, body)
        if tail < filled { try splitter.deliver(buffer, tail, filled, body) }
    }

    /// One `read(2)` (`pread(2)` at `offset`), retried on `EINTR` and waited
    /// for on `EAGAIN`; 0 at end of file.
    private func readChunk(
        _ fd: Int32, into pointer: UnsafeMutableRawPointer, count: Int = chunkSize, at offset: Int?, line: Int
    ) throws(ScenarioError) -> Int {
        while true {
            let n = offset.map { pread(fd, pointer, count, off_t($0)) } ?? read(fd, pointer, count)
            if n >= 0 { return n }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                var waiter = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&waiter, 1, -1)
                continue
            }
            let reason = String(cString: strerror(code))
            throw ScenarioError("cannot read the scenario: \(reason)", line: line, column: 1)
        }
    }
}

/// Finds line ends with `memchr` and hands each line to the caller.
private struct LineSplitter {
    /// Lines delivered so far.
    var lineNumber = 0

    /// `crOnly`: the line holds a `\r`, so the file likely ends its lines
    /// with `\r` alone and is one long line to a reader of `\n`.
    static func tooLong(_ line: Int, crOnly: Bool) -> ScenarioError {
        let message =
            crOnly
            ? "line is longer than \(LineReader.maxLineLength) bytes and holds carriage returns (\\r): the file has CR-only line ends (classic Mac); convert them to LF"
            : "line is longer than \(LineReader.maxLineLength) bytes; split it"
        return ScenarioError(message, line: line, column: 1)
    }

    /// Delivers every line ending in `base[scanFrom..<end]` (the line in
    /// progress starts at `lineStart`); returns where the unfinished tail starts.
    mutating func completeLines(
        _ base: UnsafeRawPointer, lineStart: Int, scanFrom: Int, end: Int,
        _ body: (UnsafeRawBufferPointer, Int) throws(ScenarioError) -> Void
    ) throws(ScenarioError) -> Int {
        var start = lineStart
        var scan = scanFrom
        while scan < end, let found = memchr(base + scan, 0x0A, end - scan) {
            let newline = base.distance(to: UnsafeRawPointer(found))
            try deliver(base, start, newline, body)
            start = newline + 1
            scan = start
        }
        return start
    }

    /// Delivers `base[start..<end]` as the next line, without a final `\r`
    /// and, on the first line, without a byte-order mark.
    mutating func deliver(
        _ base: UnsafeRawPointer, _ start: Int, _ end: Int,
        _ body: (UnsafeRawBufferPointer, Int) throws(ScenarioError) -> Void
    ) throws(ScenarioError) {
        lineNumber += 1
        var first = start
        var last = end
        if last > first && base.load(fromByteOffset: last - 1, as: UInt8.self) == 0x0D { last -= 1 }
        if lineNumber == 1 && last - first >= 3
            && base.load(fromByteOffset: first, as: UInt8.self) == 0xEF
            && base.load(fromByteOffset: first + 1, as: UInt8.self) == 0xBB
            && base.load(fromByteOffset: first + 2, as: UInt8.self) == 0xBF
        {
            first += 3
        }
        if last - first > LineReader.maxLineLength {
            throw Self.tooLong(lineNumber, crOnly: memchr(base + first, 0x0D, last - first) != nil)
        }
        try body(UnsafeRawBufferPointer(start: base + first, count: last - first), lineNumber)
    }
}
