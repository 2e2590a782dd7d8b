#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Compares a log with its golden file while the log is being written,
/// holding one chunk of each: `check` on a 10-million-line golden that
/// matches stays at a few megabytes (issue 14: it held scenario, log and
/// golden whole, 848 MB for 3 million lines).
///
/// At the first differing byte it starts writing the log to `actualPath`
/// (the golden's equal prefix, copied from the golden, then the rest as it
/// comes): a mismatch leaves `<name>.actual.log` beside the golden, or with
/// `--update` replaces the golden. The diff is then computed from the two
/// files around the first difference, in a window of bounded size.
package final class GoldenComparator {
    package let goldenPath: String
    /// Where the log is written if it differs from the golden.
    package let actualPath: String
    /// The golden, open for reading; -1 when there is none.
    private var golden: Int32 = -1
    package private(set) var goldenExists = false
    /// One chunk of the golden; `buffer[start..<end]` is not compared yet.
    private let buffer: UnsafeMutableRawPointer
    /// The buffer's size: a chunk, or a byte more than a smaller golden (one
    /// `read` then reads it whole and sees its end), so that `check`'s small
    /// scenarios do not each take and give back 64 KB (`LineReader`'s
    /// `readSmallFile` says why that costs).
    private let bufferSize: Int
    private var start = 0
    private var end = 0
    private var goldenAtEnd = false
    /// The golden's size when opened, and the bytes read of it so far: a
    /// short read past that size is its end (`LineReader(regularFile:size:)`).
    private var goldenSize = 0
    private var goldenRead = 0
    /// Bytes of the log found equal to the golden so far.
    private var matched = 0
    /// Where the log first differs from the golden, once it does.
    private(set) var differsAt: Int?
    /// The log on its way to `actualPath`, once it differs.
    private var staged: OutputBuffer?
    package private(set) var failure: FileError?
    /// Lines of the log so far: its records (`check --summary`).
    package private(set) var records = 0
    /// A `\r` was seen in the golden: a CRLF file, named in the report.
    private(set) var goldenHasCR = false
    /// The golden starts with a UTF-8 byte order mark, named in the report.
    private(set) var goldenHasBOM = false

    static let chunkSize = 1 << 16
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// Bytes shown either side of the first difference when its line is too
    /// long for the diff window.
    static let excerptRadius = 60
    /// Bytes of each log around the first difference given to the diff.
    static let windowSize = 4 << 20

    package init(goldenPath: String, actualPath: String) {
        self.goldenPath = goldenPath
        self.actualPath = actualPath
        switch FileIO.openRegular(goldenPath) {
        case .success(let file):
            golden = file.fd
            goldenSize = file.size
            goldenExists = true
        case .failure(let error) where error.code == ENOENT:
            goldenAtEnd = true
        case .failure(let error):
            failure = error
        }
        bufferSize = min(Self.chunkSize, goldenSize + 1)
        buffer = .allocate(byteCount: bufferSize, alignment: 16)
    }

    deinit {
        if golden >= 0 { close(golden) }
        buffer.deallocate()
    }

    /// The number of `\n` in `bytes`.
    static func newlines(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var p = base
        let stop = base + bytes.count
        while p < stop, let found = memchr(p, Int32(LogBytes.newline), stop - p) {
            count += 1
            p = UnsafeRawPointer(found) + 1
        }
        return count
    }

    /// The next bytes of the log.
    package func consume(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        records += Self.newlines(in: bytes)
        if differsAt != nil {
            staged?.append(bytes)
            return
        }
        var i = 0
        while i < bytes.count {
            if start == end {
                refill()
                if start == end {  // the golden ended first
                    diverge(rest: UnsafeRawBufferPointer(rebasing: bytes[i...]))
                    return
                }
            }
            let n = min(bytes.count - i, end - start)
            if memcmp(base + i, buffer + start, n) != 0 {
                var k = 0
                while bytes[i + k] == buffer.load(fromByteOffset: start + k, as: UInt8.self) { k += 1 }
                matched += k
                diverge(rest: UnsafeRawBufferPointer(rebasing: bytes[(i + k)...]))
                return
            }
            matched += n
            start += n
            i += n
        }
    }

    /// Called when the log is complete: true when it equals the golden.
    /// Otherwise the log has been written to `actualPath` (check `failure`).
    package func finish() -> Bool {
        if failure == nil && differsAt == nil {
            if start == end { refill() }
            if start == end && goldenExists { return true }
            diverge(rest: UnsafeRawBufferPointer(start: nil, count: 0))
        }
        if var staged {
            self.staged = nil
            do { try staged.commit() } catch { if failure == nil { failure = error } }
        }
        return false
    }

    /// The log will not be used (the scenario failed): write nothing.
    package func abandon() {
        staged?.discard()
        staged = nil
    }

    private func refill() {
        start = 0
        end = 0
        guard !goldenAtEnd else { return }
        switch FileIO.readInto(golden, buffer, count: bufferSize, label: goldenPath) {
        case .success(let n):
            end = n
            goldenRead += n
            if n == 0 || (n < bufferSize && goldenRead >= goldenSize) { goldenAtEnd = true }
            if n > 0 && memchr(buffer, 0x0D, n) != nil { goldenHasCR = true }
            if matched == 0 && n >= 3 && memcmp(buffer, Self.byteOrderMark, 3) == 0 { goldenHasBOM = true }
        case .failure(let error):
            failure = error
            goldenAtEnd = true
        }
    }

    /// The log differs from here: stage it, starting with the equal prefix.
    private func diverge(rest: UnsafeRawBufferPointer) {
        differsAt = matched
        var output: OutputBuffer
        do { output = try OutputBuffer.file(actualPath) } catch {
            failure = error
            return
        }
        var offset = 0
        while offset < matched {
            switch FileIO.readInto(
                golden, buffer, count: min(bufferSize, matched - offset), at: offset, label: goldenPath)
            {
            case .success(let n) where n > 0:
                output.append(UnsafeRawBufferPointer(start: buffer, count: n))
                offset += n
            case .success:
                failure = FileError("cannot read '\(goldenPath)': it changed while being compared")
            case .failure(let error):
                failure = error
            }
            if failure != nil {
                output.discard()
                return
            }
        }
        start = 0
        end = 0
        output.append(rest)
        staged = output
    }

    // MARK: - The diff

    /// The unified diff of the golden and the written log around the first
    /// difference, with notes: a window cut short, a CRLF golden.
    package func diff(oldLabel: String, newLabel: String, context: Int = UnifiedDiff.defaultContext) -> Result<
        String, FileError
    > {
        guard let differsAt else { return .success("") }
        let actual: Int32
        switch FileIO.openRegularFile(actualPath) {
        case .success(let fd): actual = fd
        case .failure(let error): return .failure(error)
        }
        defer { close(actual) }
        let windowStart = golden >= 0 ? lineStart(before: differsAt, lines: context) : 0
        let linesBefore = golden >= 0 ? countLines(upTo: windowStart) : 0
        var old: (bytes: [UInt8], truncated: Bool) = golden >= 0 ? readWindow(golden, from: windowStart) : ([], false)
        var new = readWindow(actual, from: windowStart)
        if let failure { return .failure(failure) }
        var cut = old.truncated || new.truncated
        if cut {
            // Compare the same number of whole lines of each, so an equal
            // tail is not shown as changed because one side was cut sooner.
            let lines = min(Self.wholeLines(old.bytes), Self.wholeLines(new.bytes))
            old.bytes = Self.prefix(old.bytes, lines: lines)
            new.bytes = Self.prefix(new.bytes, lines: lines)
        }
        var text: String
        if cut && old.bytes.isEmpty && new.bytes.isEmpty && golden >= 0 {
            // Not one whole line fits the window (a one-line 100 MB golden):
            // show the bytes around the first difference instead.
            text = excerpt(actual, oldLabel: oldLabel, newLabel: newLabel)
            cut = false
        } else {
            text = UnifiedDiff.diff(
                old.bytes, new.bytes, oldLabel: oldLabel, newLabel: newLabel, context: context, linesBefore: linesBefore
            )
        }
        if cut {
            let first = linesBefore + 1
            let last = linesBefore + Self.wholeLines(old.bytes)
            text += "note: this diff covers lines \(first) to \(last) only; later lines may differ too\n"
        }
        if goldenHasCR {
            text +=
                "note: \(goldenPath) has CRLF (\\r\\n) line ends; locsim writes LF, so every line differs by its \\r\n"
        }
        if goldenHasBOM {
            text +=
                "note: \(goldenPath) starts with a UTF-8 byte order mark (EF BB BF), as some editors write; locsim writes none, so the first line differs by it\n"
        }
        return .success(text)
    }

    /// The first differing line, too long for the diff window, shown as the
    /// bytes of each file within `excerptRadius` of the first difference
    /// (never past the line's ends), with the line and byte column.
    private func excerpt(_ actual: Int32, oldLabel: String, newLabel: String) -> String {
        guard let differsAt else { return "" }
        let lineBegin = lineStart(before: differsAt, lines: 0)
        let line = countLines(upTo: lineBegin) + 1
        let from = max(lineBegin, differsAt - Self.excerptRadius)
        let count = differsAt - from + Self.excerptRadius
        let old = lineBytes(golden, from: from, count: count, label: goldenPath)
        let new = lineBytes(actual, from: from, count: count, label: actualPath)
        let first = from - lineBegin + 1
        func shown(_ bytes: (bytes: [UInt8], more: Bool)) -> String {
            (from > lineBegin ? "…" : "") + String(decoding: bytes.bytes, as: UTF8.self) + (bytes.more ? "…" : "")
        }
        return "--- \(oldLabel)\n+++ \(newLabel)\n"
            + "@@ line \(line) is too long to show whole; it first differs at byte \(differsAt - lineBegin + 1); bytes \(first) to \(first + count - 1) of it: @@\n"
            + "-\(shown(old))\n+\(shown(new))\n"
    }

    /// Up to `count` bytes of `fd` from `offset`, stopping before a `\n`, and
    /// whether the line goes on.
    private func lineBytes(_ fd: Int32, from offset: Int, count: Int, label: String) -> (bytes: [UInt8], more: Bool) {
        var bytes = [UInt8](repeating: 0, count: count + 1)
        let n = bytes.withUnsafeMutableBytes { raw -> Int in
            guard
                case .success(let n) = FileIO.readInto(fd, raw.baseAddress!, count: count + 1, at: offset, label: label)
            else { return 0 }
            return n
        }
        bytes.removeSubrange(n...)
        if let newline = bytes.firstIndex(of: LogBytes.newline) { return (Array(bytes[..<newline]), false) }
        if bytes.count > count { return (Array(bytes[..<count]), true) }
        return (bytes, false)
    }

    /// Where the line `lines` lines before the one holding `offset` starts.
    private func lineStart(before offset: Int, lines: Int) -> Int {
        var newlinesToSkip = lines + 1  // the line holding `offset`, then `lines` more
        var blockEnd = offset
        while blockEnd > 0 {
            let blockStart = max(0, blockEnd - bufferSize)
            guard
                case .success(let n) = FileIO.readInto(
                    golden, buffer, count: blockEnd - blockStart, at: blockStart, label: goldenPath),
                n == blockEnd - blockStart
            else { return 0 }
            var i = n - 1
            while i >= 0 {
                if buffer.load(fromByteOffset: i, as: UInt8.self) == LogBytes.newline {
                    newlinesToSkip -= 1
                    if newlinesToSkip == 0 { return blockStart + i + 1 }
                }
                i -= 1
            }
            blockEnd = blockStart
        }
        return 0
    }

    /// The number of `\n` in the golden before `offset`.
    private func countLines(upTo offset: Int) -> Int {
        var count = 0
        var position = 0
        while position < offset {
            guard
                case .success(let n) = FileIO.readInto(
                    golden, buffer, count: min(bufferSize, offset - position), at: position, label: goldenPath),
                n > 0
            else { break }
            count += Self.newlines(in: UnsafeRawBufferPointer(start: buffer, count: n))
            position += n
        }
        return count
    }

    /// Up to `windowSize` bytes of `fd` from `offset`, and whether there is more.
    private func readWindow(_ fd: Int32, from offset: Int) -> (bytes: [UInt8], truncated: Bool) {
        let limit = Self.windowSize + 1
        var failed: FileError?
        let bytes = [UInt8](unsafeUninitializedCapacity: limit) { out, filled in
            filled = 0
            while filled < limit {
                let piece = UnsafeMutableRawPointer(out.baseAddress! + filled)
                switch FileIO.readInto(fd, piece, count: limit - filled, at: offset + filled, label: actualPath) {
                case .success(let n) where n > 0: filled += n
                case .success: return
                case .failure(let error):
                    failed = error
                    return
                }
            }
        }
        if let failed, failure == nil { failure = failed }
        return bytes.count > Self.windowSize ? (Array(bytes[..<Self.windowSize]), true) : (bytes, false)
    }

    static func wholeLines(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + ($1 == LogBytes.newline ? 1 : 0) }
    }

    /// The first `lines` lines of `bytes`, each with its `\n`.
    static func prefix(_ bytes: [UInt8], lines: Int) -> [UInt8] {
        var seen = 0
        for i in bytes.indices where bytes[i] == LogBytes.newline {
            seen += 1
            if seen == lines { return Array(bytes[...i]) }
        }
        return lines == 0 ? [] : bytes
    }
}
