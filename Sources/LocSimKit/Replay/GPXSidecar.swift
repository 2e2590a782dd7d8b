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

    /// Reads GPX tracks by running the `locsim-gpx` program (docs/gpx.md).
    ///
    /// The GPX parser is FoundationXML's `XMLParser`; linking Foundation into
    /// `locsim` would make the binary five times larger and every start-up
    /// slower, scenarios without tracks included. So it lives in a program of
    /// its own, and `locsim` reads its standard output, one line a point:
    ///
    ///     <line> <column> <offset> fix <lat> <lon> [<accuracy>] [speed=…] [course=…] [alt=…]
    ///
    /// `<line> <column>` is where the point is in the GPX file; the rest is a
    /// `fix` line timed at the point's offset from the track's first point,
    /// parsed by the scenario parser's own fix path, so a `gpx` line plays the
    /// same values as the printed `fix` lines. A file that does not fit ends
    /// the output with
    ///
    ///     error <line> <column> <message>
    ///
    /// (`0 0` when the error has no place in the file), and the program exits
    /// with status 2.
    package struct GPXSidecar: TrackReader {
        /// The program's file name, looked for next to the running executable.
        package static let programName = "locsim-gpx"
        /// The environment variable that names the program's path instead.
        package static let environmentVariable = "LOCSIM_GPX"

        /// The program's path, `nil` if it cannot be known.
        package var executable: String?

        /// Runs `executable`, by default `$LOCSIM_GPX` if set, else
        /// `locsim-gpx` in the running executable's folder.
        package init(executable: String? = nil) {
            self.executable = executable ?? Self.defaultExecutable()
        }

        private static func defaultExecutable() -> String? {
            if let value = getenv(environmentVariable), value.pointee != 0 { return String(cString: value) }
            return ChildProcess.executableDirectory().map { $0 + "/" + programName }
        }

        package func open(_ path: String) throws(TrackError) -> any TrackStream {
            try stream(path)
        }

        /// Starts the program on the GPX file at `path`.
        ///
        /// - Throws: `TrackError` without a place when the file cannot be opened
        ///   or the program is missing or cannot start.
        func stream(_ path: String) throws(TrackError) -> GPXSidecarStream {
            // Opened once, here: the system's reason for a failure comes before
            // anything starts, and the program reads this open file on its
            // standard input (`locsim-gpx -`), so a FIFO's writer meets one reader.
            let fd: Int32
            switch FileIO.openForReading(path) {
            case .success(let opened): fd = opened
            case .failure(let error): throw TrackError(FileError.describe(error.code))
            }
            defer { close(fd) }
            return try stream(fd: fd)
        }

        /// Starts the program on the GPX file open at `fd` (left open).
        func stream(fd: Int32) throws(TrackError) -> GPXSidecarStream {
            // A folder opens for reading but has no bytes to read: say so here,
            // not in the words of the XML reader.
            var info = stat()
            if fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
                throw TrackError(FileError.describe(EISDIR))
            }
            guard let executable else {
                throw TrackError(
                    "the GPX reader \(Self.programName) cannot be found (the running program's folder is unknown);"
                        + " set \(Self.environmentVariable) to its path")
            }
            guard access(executable, X_OK) == 0 else {
                throw TrackError(
                    "the GPX reader '\(executable)' is missing or not executable; install \(Self.programName)"
                        + " next to locsim, or set \(Self.environmentVariable) to its path")
            }
            switch ChildProcess.spawn(executable, ["-"], input: fd) {
            case .success(let child): return GPXSidecarStream(child)
            case .failure(let error): throw TrackError(error.message)
            }
        }

        /// `locsim gpx`: writes the `fix` lines that `<start> gpx <path> speed
        /// <speed>` plays, the numbers as the GPX file writes them.
        ///
        /// - Returns: the number of lines written.
        /// - Throws: `TrackError` as a replay would; `output` then holds part of
        ///   the lines and the caller discards it.
        /// `path` `-` reads the GPX file on standard input (docs/gpx.md).
        @discardableResult
        package func writeFixLines(
            _ path: String, start: Millis = .zero, speed: Double = 1, into output: inout OutputBuffer
        ) throws(TrackError) -> Int {
            let track = TrackStatement(
                time: start, path: path, speed: speed, location: SourceLocation(line: 1, column: 1), pathColumn: 1)
            let stream = try path == "-" ? stream(fd: STDIN_FILENO) : stream(path)
            // The words are copied as the stream hands them over, before the
            // point's time is known: into a buffer reused line after line.
            var words = ByteBuffer()
            var count = 0
            while let point = try stream.next(fixWords: { words.append($0) }) {
                guard let time = track.time(at: point.offset) else {
                    throw TrackError(TrackStatement.pointTooLate, at: point.location)
                }
                LogBytes.appendSeconds(time, to: &output.bytes)
                output.bytes.append(UInt8(ascii: " "))
                words.append(UInt8(ascii: "\n"))
                output.append(words.bytes)
                words.removeAll()
                count += 1
            }
            return count
        }
    }

#endif
