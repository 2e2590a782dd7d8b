/// Plays the track of a `gpx` line into the simulator, interleaved by time
/// with the scenario lines after it.
///
/// A point plays before a scenario line at the same time: the `gpx` line
/// came first in the file (docs/rules.md §0, lines at equal times apply in file
/// order). A point is read ahead only once the previous one has played, so
/// memory does not grow with the track.
struct TrackPlayer {
    private let statement: TrackStatement
    /// The `gpx` line.
    var location: SourceLocation { statement.location }
    private let stream: any TrackStream
    /// The next point at its scenario time, or `nil` when the track has ended.
    private var pending: (time: Millis, fix: Fix)?

    /// Opens the track of `statement`.
    init(_ statement: TrackStatement, source: TrackSource?) throws(ScenarioError) {
        guard let source else {
            throw ScenarioError(
                "gpx tracks need a track reader, and none was given to this replay",
                at: statement.location)
        }
        self.statement = statement
        let resolved = source.resolve(statement.path)
        do throws(TrackError) {
            stream = try source.reader.open(resolved)
        } catch {
            throw Self.scenarioError(error, statement, resolved: resolved)
        }
        try readAhead()
    }

    /// True while points remain.
    var isPlaying: Bool { pending != nil }

    /// The next point if it is due at or before `limit` (`nil`: any time);
    /// `advance()` then moves past it.
    func next(until limit: Millis?) -> (time: Millis, fix: Fix)? {
        guard let point = pending, limit.map({ point.time <= $0 }) ?? true else { return nil }
        return point
    }

    /// Reads the point after the one `next(until:)` gave.
    mutating func advance() throws(ScenarioError) {
        try readAhead()
    }

    /// Reads the next point and works out its scenario time.
    private mutating func readAhead() throws(ScenarioError) {
        let point: TrackPoint?
        do throws(TrackError) { point = try stream.next() } catch { throw Self.scenarioError(error, statement) }
        guard let point else {
            pending = nil
            return
        }
        guard let time = statement.time(at: point.offset) else {
            throw Self.inTrack(
                TrackStatement.pointTooLate, at: point.location, statement)
        }
        pending = (time, point.fix)
    }

    /// `resolved` is the path opened, when it differs from the one written:
    /// a relative path starts from the scenario's folder, not the current one.
    private static func scenarioError(
        _ error: TrackError, _ statement: TrackStatement, resolved: String? = nil
    ) -> ScenarioError {
        guard let location = error.location else {
            let tried = resolved.flatMap { $0 == statement.path ? nil : $0 }.map {
                " at '\($0)' (a relative path starts from the scenario's folder)"
            }
            return ScenarioError(
                "cannot read '\(statement.path)'\(tried ?? ""): \(error.message)",
                at: SourceLocation(line: statement.location.line, column: statement.pathColumn))
        }
        return inTrack(error.message, at: location, statement)
    }

    /// An error at `location` in the track's file, with a note at the
    /// scenario's `gpx` line that read it: the track may be read by several
    /// scenarios, or by several lines of one.
    private static func inTrack(
        _ message: String, at location: SourceLocation, _ statement: TrackStatement
    ) -> ScenarioError {
        var error = ScenarioError(message, at: location, file: statement.path)
        error.notes.append(
            ScenarioError.Note(
                "in the track this gpx line plays",
                at: SourceLocation(line: statement.location.line, column: statement.pathColumn)))
        return error
    }
}
