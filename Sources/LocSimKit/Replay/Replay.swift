/// What a replay reports beside its log.
package struct ReplayReport: Equatable, Sendable {
    /// Lines that replay but deserve a look (standard error, not the log).
    package var warnings: [ScenarioWarning] = []
    /// `expect` lines that did not hold (also `expect` records in the log).
    package var failedExpectations: [FailedExpectation] = []
    package init() {}
}

/// The library's entry point: replays a scenario and streams its log.
public enum Replay {
    /// Reads every line from `reader`, simulates it, and writes each record to
    /// `writer` as it is produced. After the last line the remaining timers
    /// run, so the log shows what follows the end of the trace (grace
    /// expiring, suspension).
    ///
    /// - Parameters:
    ///   - platform: replaces the scenario's `platform` line (and the
    ///     default when it has none), as `locsim matrix` replays one scenario
    ///     on several platforms; `nil` keeps the scenario's own.
    ///   - tracks: reads the files of `gpx` lines; without it such a line is an error.
    /// - Throws: `ScenarioError` at the first line that does not fit, with a
    ///   note for each earlier line that caused it. Records written before
    ///   the error are not a result; the caller discards them.
    package static func run<W: LogWriter>(
        _ reader: inout LineReader, platform: Platform? = nil, into writer: inout W, tracks: TrackSource? = nil
    ) throws(ScenarioError) {
        var report = ReplayReport()
        try run(&reader, platform: platform, into: &writer, tracks: tracks, report: &report)
    }

    /// `run(_:platform:into:tracks:)`, also handing back the scenario's
    /// warnings (lines that replay but deserve a look, such as a missing
    /// `platform` line), which are not part of the log, and its failed
    /// expectations (which are, as `expect` records).
    package static func run<W: LogWriter>(
        _ reader: inout LineReader, platform: Platform? = nil, into writer: inout W, tracks: TrackSource? = nil,
        report: inout ReplayReport
    ) throws(ScenarioError) {
        var driver = ReplayDriver(platform: platform, tracks: tracks)
        try run(&reader, driver: &driver, into: &writer, report: &report)
    }

    /// `run(_:platform:into:tracks:report:)` with a driver the caller
    /// made and keeps, to ask it about the end (`locsim matrix`).
    static func run<W: LogWriter>(
        _ reader: inout LineReader, driver: inout ReplayDriver, into writer: inout W,
        report: inout ReplayReport
    ) throws(ScenarioError) {
        var parser = ScenarioParser()
        defer { report.warnings = parser.warnings + driver.warnings }
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            // Most lines of a trace are fixes: the fast paths first (a
            // verbatim line copied whole, a recorded one), then any line.
            var refused = false
            if driver.takesVerbatimFixes(), parser.triesVerbatim() {
                switch verbatimLine(bytes, number, parser: &parser, driver: &driver, into: &writer) {
                case .copied: return
                case .declined: break
                case .refused: refused = true
                }
            }
            driver.settle()
            if let fix = parser.parseRecordedFixLine(bytes, lineNumber: number) {
                // A fix line of another shape: the next lines are not tried.
                if refused { parser.skipVerbatim() }
                return try driver.fix(fix.timed(lineNumber: number), text: parser.fixText(bytes), into: &writer)
            }
            if let fix = parser.parseCursorFixLine(bytes, lineNumber: number) {
                return try driver.fix(fix, text: .none, into: &writer)
            }
            let line = try parser.parseAnyLine(bytes, lineNumber: number)
            switch consume line {
            case .blank: return
            case .header(let statement, _): driver.header(statement)
            case .timed(let statement): try driver.timed(statement, into: &writer)
            case .fix(let line): try driver.fix(line, into: &writer)
            case .track(let track): try driver.track(track, into: &writer)
            case .reaction(let reaction): try driver.reaction(reaction, into: &writer)
            case .expectation(let expectation): driver.expectation(expectation)
            }
        }
        report.failedExpectations = try driver.finish(into: &writer)
    }

    /// What `verbatimLine` did with a line.
    private enum VerbatimOutcome {
        /// Written as the verbatim lane's (`ReplayDriver.verbatimFix`).
        case copied
        /// A verbatim line the lane does not take (a timer due first).
        case declined
        /// Not a verbatim line.
        case refused
    }

    /// The verbatim lane of `run`'s loop: out of line, so the loop's other
    /// paths stay inlined in it (inlined, it left `ReplayDriver.fix` out of
    /// line: 30 instructions more a line of a seven-decimal trace).
    @inline(never)
    private static func verbatimLine<W: LogWriter>(
        _ bytes: UnsafeRawBufferPointer, _ number: Int, parser: inout ScenarioParser, driver: inout ReplayDriver,
        into writer: inout W
    ) -> VerbatimOutcome {
        guard let time = parser.parseVerbatimFixLine(bytes, lineNumber: number) else { return .refused }
        return driver.verbatimFix(at: time, text: parser.fixText(bytes), into: &writer) ? .copied : .declined
    }
}
