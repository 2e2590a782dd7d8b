/// Reads recorded tracks for `gpx` lines (docs/gpx.md).
///
/// LocSimKit parses no track format itself: the GPX reader needs
/// FoundationXML, which the fix path must not pay for, so it lives in the
/// `LocSimGPX` module and is handed to `Replay` by whoever links it.
package protocol TrackReader: Sendable {
    /// Opens the track file at `path` (already resolved against the
    /// scenario's folder).
    ///
    /// - Throws: `TrackError` without a location when the file cannot be
    ///   opened, its message the reason alone (the scenario names the file).
    func open(_ path: String) throws(TrackError) -> any TrackStream
}

/// The points of one track, read on demand: a scenario's later lines are
/// interleaved with them by time, and a long track is never held in memory.
package protocol TrackStream: AnyObject {
    /// The next point in file order, `nil` after the last.
    ///
    /// - Throws: `TrackError` at the place in the track file that does not fit.
    func next() throws(TrackError) -> TrackPoint?
}

/// One point of a track as a fix at a time.
package struct TrackPoint: Equatable, Sendable {
    /// Since the track's first point, as recorded (before any `speed` factor).
    package var offset: Millis
    package var fix: Fix
    /// Where the point is in the track file.
    package var location: SourceLocation

    package init(offset: Millis, fix: Fix, location: SourceLocation) {
        self.offset = offset
        self.fix = fix
        self.location = location
    }
}

/// A track file that cannot be read or does not fit.
package struct TrackError: Error, Equatable, Sendable {
    package var message: String
    /// The place in the track file; `nil` when the file as a whole fails
    /// (cannot be opened), which the scenario's `gpx` line then answers for.
    package var location: SourceLocation?

    package init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
}

/// A track reader and the scenario that relative track paths start from.
package struct TrackSource: Sendable {
    package var reader: any TrackReader
    /// The scenario's path (`-`, standard input, reads from the current folder).
    package var scenario: String

    package init(reader: any TrackReader, scenario: String) {
        self.reader = reader
        self.scenario = scenario == "-" ? "." : scenario
    }

    /// `path` as written in the scenario, resolved against its folder.
    package func resolve(_ path: String) -> String { FileIO.path(path, besideFile: scenario) }
}

extension TrackSource {
    /// The GPX reader of this platform: the `locsim-gpx` program where a
    /// process can be started (macOS, Linux: `GPXSidecar`); on iOS, tvOS,
    /// watchOS and visionOS a reader that refuses every track, saying why.
    package static var gpxReader: any TrackReader {
        #if os(macOS) || os(Linux)
            GPXSidecar()
        #else
            ProcessFreeTrackReader()
        #endif
    }
}

#if !(os(macOS) || os(Linux))
    /// Where no program can be started: every `gpx` line and
    /// `feed(gpx:)` fails with this message, at the line.
    struct ProcessFreeTrackReader: TrackReader {
        func open(_ path: String) throws(TrackError) -> any TrackStream {
            throw TrackError(
                "GPX tracks are read by the locsim-gpx program, which this platform cannot start; "
                    + "turn the track into fix lines with `locsim gpx` on a Mac or Linux (docs/gpx.md)")
        }
    }
#endif
