/// Parses scenario lines (SPEC §1) from bytes.
///
/// The parser keeps what one line needs from the lines before it: whether a
/// timed line has been seen (headers must precede it) and the previous time
/// (times never decrease; `+<seconds>` counts from it).
package struct ScenarioParser {
    /// True once a timed line has been parsed.
    private(set) var seenTimed = false
    /// The time of the last timed line.
    private(set) var previousTime = Millis.zero
    /// Where that time is written: the note of a time that goes backwards.
    private(set) var previousTimeLine = 0
    private(set) var previousTimeColumn = 1
    /// The `FixText` layout of the last line `parseFixLine` read.
    private(set) var fixLayout: UInt32 = 0
    /// Lines `triesVerbatim` turns away after a recorded fix line that was
    /// not verbatim (`skipVerbatim`): a trace of seven-decimal fixes tries
    /// the verbatim shape once in 256 lines, not on every line (each try
    /// costs about the time's parse).
    private var verbatimSkips: UInt8 = 0
    /// The line of the `platform` statement, once seen (a second one is an error).
    var platformLine: Int? = nil
    /// Lines that replay but deserve a look (no `platform` line), in line order.
    package private(set) var warnings: [ScenarioWarning] = []

    package init() {}

    /// A parser for the lines after a timed line of time `time` (lines read
    /// again from the middle of a scenario, as `locsim explore` does).
    init(resumingAfter time: Millis) {
        seenTimed = true
        previousTime = time
    }

    /// `on` and `expect` lines may start a header line too (they are not
    /// header statements: the replay, not the header, keeps them).
    static let headerWords = HeaderKeyword.list + ", on, expect"
    static let eventWords = EventKeyword.list

    /// The words of a keyword list as the messages print it (`a, b, c`).
    static func list(_ joined: String) -> [String] { joined.split(separator: ", ").map(String.init) }

    /// Parses one line; `nil` for a blank or comment-only line.
    ///
    /// - Throws: `ScenarioError` pointing at the offending word, saying what
    ///   is wrong and what was expected.
    package mutating func parse(_ line: UnsafeRawBufferPointer, lineNumber: Int) throws(ScenarioError) -> Statement? {
        let parsed = try parseLine(line, lineNumber: lineNumber)
        switch consume parsed {
        case .blank: return nil
        case .header(let header, let location): return .header(header, location)
        case .timed(let timed): return .timed(timed)
        case .fix(let fix): return .timed(fix.statement)
        case .track(let track): return .track(track)
        case .reaction(let reaction): return .reaction(reaction)
        case .expectation(let expectation): return .expectation(expectation)
        }
    }

    /// A parsed line as `Replay` takes it.
    ///
    /// Why not `Statement?`: the optional around the large enum was destroyed
    /// through the runtime's generic value witness, a tenth of the parse
    /// time. Noncopyable, so a `switch consume` moves the statement out
    /// instead of copying it and destroying the line.
    enum Line: ~Copyable {
        case blank
        case header(HeaderStatement, SourceLocation)
        case timed(TimedStatement)
        /// Most lines of a long trace: see `fixLine(_:lineNumber:)`.
        case fix(TimedFix)
        /// A `gpx` line: `Replay` streams the track's points as fixes.
        case track(TrackStatement)
        /// An `on` line, untimed in the header or timed.
        case reaction(ReactionStatement)
        /// An `expect` line, untimed, anywhere.
        case expectation(ExpectationStatement)
    }

    /// `parse(_:lineNumber:)` without the `Statement` wrapping.
    ///
    /// Not inlined into the replay loop: with it, the loop grew past what the
    /// optimizer inlines into, and even trivial getters became calls (+15%).
    @inline(never)
    mutating func parseLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) throws(ScenarioError) -> Line {
        if let fix = fixLine(line, lineNumber: lineNumber) {
            if !seenTimed { headerEnded() }
            seenTimed = true
            previousTime = fix.time
            // The fast paths take only lines whose time starts the line.
            (previousTimeLine, previousTimeColumn) = (lineNumber, 1)
            return .fix(fix)
        }
        return try parseAnyLine(line, lineNumber: lineNumber)
    }

    /// The fix-line fast path alone (`fixLine(_:lineNumber:)`), for the
    /// replay loop, which tries it before `parseAnyLine`: a `TimedFix`
    /// comes back in plain values, where one wrapped in a `Line` (an enum
    /// sized for its largest statement) was copied out with two `memcpy`
    /// calls per line, 6% of a trace's instructions.
    @inline(never)
    mutating func parseFixLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> TimedFix? {
        if let fix = parseRecordedFixLine(line, lineNumber: lineNumber) { return fix.timed(lineNumber: lineNumber) }
        return parseCursorFixLine(line, lineNumber: lineNumber)
    }

    /// `parseFixLine`'s recorded-trace shortcut alone (`recordedFix`): a
    /// `RecordedFix` comes back in registers, where a `TimedFix` (its
    /// optional speed, course and altitude, its two columns) went through
    /// memory, about 60 instructions a line of a trace. `nil` for any other
    /// line, or one before the previous time; `parseCursorFixLine` then.
    @inline(never)
    mutating func parseRecordedFixLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> RecordedFix? {
        var layout: UInt32 = 0
        guard let fix = Self.recordedFix(line, layout: &layout), fix.time >= previousTime else { return nil }
        fixLayout = layout
        timedFixRead(at: fix.time, lineNumber: lineNumber)
        return fix
    }

    /// The line `parseVerbatimFixLine` refused was a fix line all the same
    /// (`parseRecordedFixLine`): the next 255 are not tried.
    @inline(__always)
    mutating func skipVerbatim() { verbatimSkips = 255 }

    /// Whether to give the next line to `parseVerbatimFixLine`: false for
    /// the 255 lines after `skipVerbatim`.
    @inline(__always)
    mutating func triesVerbatim() -> Bool {
        guard verbatimSkips == 0 else {
            verbatimSkips &-= 1
            return false
        }
        return true
    }

    /// `parseRecordedFixLine` for a verbatim line (`verbatimFix`), whose
    /// numbers are checked and not read: its time, or `nil` for any other
    /// line or one before the previous time. The parser's state is then as
    /// `parseRecordedFixLine` leaves it, which the caller asks next when it
    /// is `nil` or the replay does not copy the line, reading it again.
    /// Inlined into its one caller, `Replay.verbatimLine`, itself out of line.
    @inline(__always)
    mutating func parseVerbatimFixLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> Millis? {
        guard let (time, layout) = Self.verbatimFix(line), time >= previousTime else { return nil }
        fixLayout = layout
        timedFixRead(at: time, lineNumber: lineNumber)
        return time
    }

    /// `parseFixLine` without the recorded-trace shortcut: a fix line in
    /// any form the fast path takes (`cursorFixLine`); no text to copy.
    mutating func parseCursorFixLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> TimedFix? {
        guard let fix = cursorFixLine(line, lineNumber: lineNumber) else { return nil }
        fixLayout = 0
        timedFixRead(at: fix.time, lineNumber: lineNumber)
        return fix
    }

    /// The state a fix line read by a fast path leaves: the header over,
    /// its time the previous one.
    @inline(__always)
    private mutating func timedFixRead(at time: Millis, lineNumber: Int) {
        if !seenTimed { headerEnded() }
        seenTimed = true
        previousTime = time
        (previousTimeLine, previousTimeColumn) = (lineNumber, 1)
    }

    /// Where the line `parseFixLine` just read holds the text of its
    /// numbers as the log prints them (`line` must be that line).
    @inline(__always)
    func fixText(_ line: UnsafeRawBufferPointer) -> FixText {
        FixText(base: line.baseAddress, layout: fixLayout)
    }

    /// The general path: any line, checked byte by byte, split into words.
    mutating func parseAnyLine(_ line: UnsafeRawBufferPointer, lineNumber: Int) throws(ScenarioError) -> Line {
        try ByteScanner.validate(line, lineNumber: lineNumber)
        var scanner = ByteScanner(line, lineNumber: lineNumber)
        guard let first = try scanner.next() else { return .blank }
        if !first.isQuoted && Self.startsTime(scanner.byte(first.start)) {
            if let (start, end) = Self.window(first, scanner) {
                let time = try lineTime(start, scanner)
                let line = try windowLine(from: time, start, to: end, &scanner)
                if !seenTimed { headerEnded() }
                seenTimed = true
                previousTime = time
                (previousTimeLine, previousTimeColumn) = (lineNumber, first.column)
                return line
            }
            let time = try lineTime(first, scanner)
            let line = try timed(at: time, &scanner)
            if !seenTimed { headerEnded() }
            seenTimed = true
            previousTime = time
            (previousTimeLine, previousTimeColumn) = (lineNumber, first.column)
            return line
        }
        if !first.isQuoted && scanner.matches(first, "on") {
            guard !seenTimed else {
                throw scanner.error(
                    "an 'on' line without a time must come before the first timed line; write '<time> on …' to start it from that time",
                    at: first)
            }
            return .reaction(try reaction(at: nil, first, &scanner))
        }
        if !first.isQuoted && scanner.matches(first, "expect") {
            guard !seenTimed else {
                throw scanner.error(
                    "'expect' lines go in the header, before the first timed line (each is checked once the run is over)",
                    at: first)
            }
            return .expectation(try expectation(first, &scanner))
        }
        if let header = try header(first, &scanner) {
            return .header(header, SourceLocation(line: lineNumber, column: first.column))
        }
        if isEventWord(first, scanner) {
            throw scanner.error(
                "missing time before '\(scanner.display(first))'; expected '<time> \(scanner.display(first)) …'",
                at: first)
        }
        throw scanner.unknown(
            "statement", first, expected: HeaderKeyword.words, listed: "a time or one of: \(Self.headerWords)")
    }

    /// At the first timed line: a scenario without a `platform` line runs
    /// on the default platform, which its author may not have meant.
    private mutating func headerEnded() {
        guard platformLine == nil else { return }
        warnings.append(
            ScenarioWarning(
                ScenarioWarning.noPlatformPrefix
                    + "; replaying as \(Platform.default) (add e.g. 'platform iOS 17.0' before the first timed line)",
                at: SourceLocation(line: 1, column: 1)))
    }

    /// Parses a line from text (tests, tools).
    package mutating func parse(_ line: String, lineNumber: Int) throws(ScenarioError) -> Statement? {
        var copy = line
        // `withUTF8` rethrows untyped errors; carry ours out by hand.
        let result: Result<Statement?, ScenarioError> = copy.withUTF8 { buffer in
            do throws(ScenarioError) {
                return .success(try parse(UnsafeRawBufferPointer(buffer), lineNumber: lineNumber))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A digit, `+` (relative), `-` (an error: negative) or `.` begins a time.
    private static func startsTime(_ b: UInt8) -> Bool {
        (b &- UInt8(ascii: "0")) < 10 || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    // MARK: Timed lines

    /// The time a timed line starts with, never before the previous line's.
    private func lineTime(_ timeToken: Token, _ s: ByteScanner) throws(ScenarioError) -> Millis {
        let time = try self.time(timeToken, s)
        if time < previousTime {
            var error = s.error(
                "time goes backwards: \(time) is before the previous line's \(previousTime)", at: timeToken)
            error.notes.append(
                ScenarioError.Note(
                    "the previous timed line, at \(previousTime)",
                    at: SourceLocation(line: previousTimeLine, column: previousTimeColumn)))
            throw error
        }
        return time
    }

    /// The rest of a timed line: an event, or a `gpx` track.
    func timed(at time: Millis, _ s: inout ByteScanner) throws(ScenarioError) -> Line {
        guard let word = try s.next() else {
            throw s.error("missing event after the time; expected one of: \(Self.eventWords)", column: s.lastEnd + 1)
        }
        // Not an `Event`: a track is many fixes, which `Replay` feeds to the
        // simulator one by one (see `TrackPlayer`).
        if s.matches(word, "gpx") { return .track(try track(at: time, word, &s)) }
        if s.matches(word, "on") { return .reaction(try reaction(at: time, word, &s)) }
        if s.matches(word, "expect") {
            throw s.error("an 'expect' line takes no time; write 'expect …' (use 'by <time>' for a deadline)", at: word)
        }
        let (event, argumentColumn) = try self.event(word, &s)
        return .timed(
            TimedStatement(
                time: time, event: event,
                location: SourceLocation(line: s.lineNumber, column: word.column),
                argumentColumn: argumentColumn))
    }

    /// `12`, `12.5`, `+2.5` (after the previous line), `01:02:03.500`.
    func time(_ token: Token, _ s: ByteScanner) throws(ScenarioError) -> Millis {
        var start = token.start
        let relative = s.byte(start) == UInt8(ascii: "+")
        if relative { start += 1 }
        guard start < token.end else { throw Self.notATime(token, s) }
        if s.byte(start) == UInt8(ascii: "-") {
            if start + 1 < token.end, (try? clockOrSeconds(token, from: start + 1, s)) != nil {
                throw s.error(
                    "negative time '\(s.display(token))'; times count seconds from the scenario start", at: token)
            }
            throw Self.notATime(token, s)
        }
        let value = try clockOrSeconds(token, from: start, s)
        guard relative else { return value }
        let sum = previousTime + value
        if sum.value > ByteScanner.maxSeconds * 1000 {
            throw s.error(
                "time '\(s.display(token))' is too large; expected at most \(ByteScanner.maxSeconds) seconds from the start",
                at: token)
        }
        return sum
    }

    /// The time written from `start` to the end of `token`, either form.
    private func clockOrSeconds(_ token: Token, from start: Int, _ s: ByteScanner) throws(ScenarioError) -> Millis {
        // Plain seconds, the common form, in one pass (a value means no `:`).
        if let value = ByteScanner.plainSeconds(s.bytes, start, token.end) { return value }
        var i = start
        while i < token.end && s.byte(i) != UInt8(ascii: ":") { i += 1 }
        if i == token.end {
            return try s.seconds(token, from: start, name: "time") { Self.notATimeMessage(token, s) }
        }
        return try clock(token, from: start, hoursEnd: i, s)
    }

    /// `hh:mm:ss[.fff]`: hours of any length, minutes and seconds of two digits, 00–59.
    private func clock(
        _ token: Token, from start: Int, hoursEnd: Int, _ s: ByteScanner
    ) throws(ScenarioError) -> Millis {
        let minutesStart = hoursEnd + 1
        let secondsStart = minutesStart + 3
        guard hoursEnd > start, secondsStart + 2 <= token.end,
            s.byte(minutesStart + 2) == UInt8(ascii: ":"),
            let minutes = twoDigits(s, minutesStart), let wholeSeconds = twoDigits(s, secondsStart)
        else { throw Self.notATime(token, s) }
        var hours: Int64 = 0
        for i in start..<hoursEnd {
            guard let d = ByteScanner.digit(s.byte(i)) else { throw Self.notATime(token, s) }
            hours = hours * 10 + d
            if hours > ByteScanner.maxSeconds / 3600 {
                throw s.error(
                    "time '\(s.display(token))' is too large; expected at most \(ByteScanner.maxSeconds) seconds",
                    at: token)
            }
        }
        guard minutes < 60, wholeSeconds < 60 else {
            throw s.error("minutes and seconds must be 00 to 59 in '\(s.display(token))'", at: token)
        }
        var millis: Int64 = 0
        var i = secondsStart + 2
        if i < token.end {
            guard s.byte(i) == UInt8(ascii: ".") else { throw Self.notATime(token, s) }
            i += 1
            var decimals = 0
            while i < token.end {
                guard let d = ByteScanner.digit(s.byte(i)) else { throw Self.notATime(token, s) }
                decimals += 1
                if decimals > 3 {
                    throw s.error(
                        "time '\(s.display(token))' has more than 3 decimals; the resolution is 1 ms", at: token)
                }
                millis = millis * 10 + d
                i += 1
            }
            while decimals < 3 {
                millis *= 10
                decimals += 1
            }
        }
        let value = ((hours * 60 + minutes) * 60 + wholeSeconds) * 1000 + millis
        guard value <= ByteScanner.maxSeconds * 1000 else {
            throw s.error(
                "time '\(s.display(token))' is too large; expected at most \(ByteScanner.maxSeconds) seconds", at: token
            )
        }
        return Millis(value)
    }

    /// Built only on failure: the hot path allocates no message.
    private static func notATimeMessage(_ token: Token, _ s: ByteScanner) -> String {
        "expected a time (seconds like 12.5, +seconds or hh:mm:ss), found '\(s.display(token))'"
    }

    private static func notATime(_ token: Token, _ s: ByteScanner) -> ScenarioError {
        s.error(notATimeMessage(token, s), at: token)
    }

    private func twoDigits(_ s: ByteScanner, _ i: Int) -> Int64? {
        guard let tens = ByteScanner.digit(s.byte(i)), let ones = ByteScanner.digit(s.byte(i + 1)) else { return nil }
        return tens * 10 + ones
    }
}
