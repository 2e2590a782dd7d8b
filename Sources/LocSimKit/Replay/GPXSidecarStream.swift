// Processes are started on macOS and Linux only: iOS, tvOS, watchOS and
// visionOS refuse `posix_spawn` (prohibited on tvOS and watchOS, refused by
// the sandbox on an iOS device), so there a track is refused
// (`TrackSource.gpxReader`).
#if os(macOS) || os(Linux)

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The points of one GPX file as `locsim-gpx` prints them (the line format
    /// is in `GPXSidecar`), pulled one line at a time from its pipe.
    ///
    /// No thread: the pipe holds what the program has written ahead, and the
    /// program waits while it is full, so memory stays flat however long the
    /// track. A replay that stops early (a scenario error) drops the stream;
    /// `deinit` then kills and reaps the program.
    final class GPXSidecarStream: TrackStream {
        /// `nil` once the program has been reaped.
        private(set) var child: ChildProcess?
        private let parser = ScenarioParser()

        /// Bytes read from the pipe: `buffer[start..<end]` not handed out yet.
        private var buffer: UnsafeMutableRawPointer
        private var capacity = 1 << 16
        private var start = 0
        private var end = 0
        /// A longer line is not from `locsim-gpx` (its lines are a point or an error).
        private static let maxLineLength = 1 << 24

        init(_ child: ChildProcess) {
            self.child = child
            buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }

        deinit {
            _ = finish(killing: true)
            buffer.deallocate()
        }

        func next() throws(TrackError) -> TrackPoint? {
            try next(fixWords: { _ in })
        }

        /// The next point; `fixWords` is also handed its line's words from
        /// `fix` on, as the program wrote them.
        func next(fixWords: (UnsafeRawBufferPointer) -> Void) throws(TrackError) -> TrackPoint? {
            guard child != nil else { return nil }
            guard let line = try readLine() else {
                let ending = finish(killing: false) ?? .exited(0)
                guard ending == .exited(0) else {
                    throw TrackError("\(GPXSidecar.programName) stopped before the end of the file (\(ending.text))")
                }
                return nil
            }
            return try point(line, fixWords)
        }

        private func point(
            _ line: UnsafeRawBufferPointer, _ fixWords: (UnsafeRawBufferPointer) -> Void
        ) throws(TrackError) -> TrackPoint {
            var cursor = 0
            let isError = Self.hasPrefix(line, "error ")
            if isError { cursor = 6 }
            guard let lineNumber = Self.number(line, &cursor), let column = Self.number(line, &cursor) else {
                throw protocolError(line)
            }
            let rest = UnsafeRawBufferPointer(rebasing: line[cursor...])
            if isError {
                _ = finish(killing: true)
                let place = lineNumber > 0 && column > 0 ? SourceLocation(line: lineNumber, column: column) : nil
                throw TrackError(String(decoding: rest, as: UTF8.self), at: place)
            }
            guard let timed = parser.fixLine(rest, lineNumber: 1) else { throw protocolError(line) }
            fixWords(UnsafeRawBufferPointer(rebasing: rest[(timed.location.column - 1)...]))
            return TrackPoint(
                offset: timed.time, fix: timed.fix, location: SourceLocation(line: lineNumber, column: column))
        }

        private func protocolError(_ line: UnsafeRawBufferPointer) -> TrackError {
            _ = finish(killing: true)
            return TrackError(
                "\(GPXSidecar.programName) wrote a line locsim cannot read: '\(String(decoding: line.prefix(200), as: UTF8.self))'"
            )
        }

        private static func hasPrefix(_ line: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
            let n = prefix.utf8CodeUnitCount
            guard line.count >= n else { return false }
            for k in 0..<n where line[k] != prefix.utf8Start[k] { return false }
            return true
        }

        /// Up to 9 digits and the space after them.
        private static func number(_ line: UnsafeRawBufferPointer, _ cursor: inout Int) -> Int? {
            var value = 0
            var i = cursor
            while i < line.count, i - cursor < 9, (line[i] &- UInt8(ascii: "0")) < 10 {
                value = value * 10 + Int(line[i] &- UInt8(ascii: "0"))
                i += 1
            }
            guard i > cursor, i < line.count, line[i] == UInt8(ascii: " ") else { return nil }
            cursor = i + 1
            return value
        }

        /// The next line without its `\n`, valid until the next call; `nil` at
        /// the end of the output.
        private func readLine() throws(TrackError) -> UnsafeRawBufferPointer? {
            guard let fd = child?.output else { return nil }
            while true {
                if let found = memchr(buffer + start, 0x0A, end - start) {
                    let newline = UnsafeRawPointer(buffer).distance(to: UnsafeRawPointer(found))
                    let line = UnsafeRawBufferPointer(start: buffer + start, count: newline - start)
                    start = newline + 1
                    return line
                }
                if start > 0 {
                    memmove(buffer, buffer + start, end - start)
                    end -= start
                    start = 0
                }
                if end == capacity {
                    guard capacity < Self.maxLineLength else {
                        _ = finish(killing: true)
                        throw TrackError(
                            "\(GPXSidecar.programName) wrote a line longer than \(Self.maxLineLength) bytes")
                    }
                    let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
                    larger.copyMemory(from: buffer, byteCount: end)
                    buffer.deallocate()
                    buffer = larger
                    capacity *= 2
                }
                let count = read(fd, buffer + end, capacity - end)
                if count < 0 {
                    if errno == EINTR { continue }
                    let reason = FileError.describe(errno)
                    _ = finish(killing: true)
                    throw TrackError("cannot read from \(GPXSidecar.programName): \(reason)")
                }
                if count == 0 {
                    guard end == 0 else {
                        _ = finish(killing: true)
                        throw TrackError("\(GPXSidecar.programName) stopped in the middle of a line")
                    }
                    return nil
                }
                end += count
            }
        }

        /// Reaps the program (once); see `ChildProcess.finish`.
        private func finish(killing: Bool) -> ChildProcess.Ending? {
            guard let child else { return nil }
            self.child = nil
            return child.finish(killing: killing)
        }
    }

    extension ChildProcess.Ending {
        var text: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "killed by signal \(signal)"
            }
        }
    }

#endif
