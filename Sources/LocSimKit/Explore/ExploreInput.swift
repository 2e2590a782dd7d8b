#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scenario read for `locsim explore`: its header (with its `on` and
/// `expect` lines) and its bytes, from which the search reads timed lines
/// where a path reaches them. Every path of the search replays the same
/// lines through the same closed loop as `run`; only the user's choices differ.
struct ExploreInput: Sendable {
    /// A timed line as the search applies it.
    ///
    /// The rare kinds are boxed, so that a line, read again wherever a path
    /// reaches it, is as small to copy as a fix line (most of a long trace).
    enum Line: Sendable {
        indirect case timed(TimedStatement)
        case fix(TimedFix)
        /// A timed `on` line: observed from its time on.
        indirect case reaction(ReactionStatement, time: Millis)

        var time: Millis {
            switch self {
            case .timed(let s): return s.time
            case .fix(let f): return f.time
            case .reaction(_, let time): return time
            }
        }

        var location: SourceLocation {
            switch self {
            case .timed(let s): return s.location
            case .fix(let f): return f.location
            case .reaction(let r, _): return r.location
            }
        }

        /// `user <answer>`, `user dismiss` or `user any`: a line that answers
        /// the prompt on screen when its time comes.
        var answersPrompt: Bool {
            guard case .timed(let s) = self, case .user(let action) = s.event else { return false }
            switch action {
            case .answer, .dismiss, .any(.answer): return true
            case .settings, .precise, .locationServices, .restricted, .device, .tapNotification, .unlock,
                .any(.settings):
                return false
            }
        }
    }

    /// Where a timed line starts, with what reading it needs from the
    /// lines before it: the search's place in the scenario. The bytes stay
    /// as read and lines are parsed again where a path reaches them, so a
    /// search holds the scenario once, not its parsed lines (docs/explore.md,
    /// "Input").
    struct Position: Hashable {
        /// The line's first byte; the scenario's size past the last line.
        var offset: Int
        /// Its 1-based line number.
        var number: Int
        /// The time of the timed line before it (`+<seconds>` counts from it).
        var previousTime: Millis
        /// The number of the timed line before it; 0 for none.
        var previousLine: Int
    }

    var header = ScenarioHeader()
    /// The scenario as read.
    let bytes: [UInt8]
    /// Where the first timed line is (or the end).
    private(set) var first: Position
    /// The header's `on` lines (reactions and answer policies) and `expect` lines, in order.
    var reactions: [ReactionStatement] = []
    var expectations: [ExpectationStatement] = []
    /// The offset of the last line that answers a prompt; -1 for none. A
    /// prompt that shows with such a line still to come waits for it (the
    /// scenario answers it itself); otherwise it is a choice point.
    private var lastAnswer = -1

    /// The closed loop every path starts from: the simulator built from the
    /// header, observing the header's `on` and `expect` lines, as `run` builds it.
    var start: ClosedLoop {
        var loop = ClosedLoop(simulator: Simulator(header: header), observed: true)
        loop.pausesAtOrders = true
        for reaction in reactions { loop.add(reaction) }
        for expectation in expectations { loop.add(expectation) }
        return loop
    }

    /// Some line at `position` or later answers a prompt.
    func answerAhead(_ position: Position) -> Bool { position.offset <= lastAnswer }

    /// Parses `scenario` whole, for its errors and its header; `platform`
    /// replaces its `platform` line, and the scenario's written answers are
    /// then translated as `matrix` does.
    ///
    /// - Throws: the first syntax error; a `gpx` line (explore replays only
    ///   the lines written in the scenario).
    init(_ scenario: [UInt8], platform: Platform?) throws(ScenarioError) {
        var reader = LineReader(bytes: scenario)
        var parser = ScenarioParser()
        var header = ScenarioHeader()
        var reactions: [ReactionStatement] = []
        var expectations: [ExpectationStatement] = []
        var first: Position? = nil
        var lastAnswer = -1
        var window: (end: Millis, line: Int)? = nil
        let end = scenario.count
        // `withUnsafeBytes` rethrows untyped errors; carry ours out by hand.
        var failure: ScenarioError? = nil
        scenario.withUnsafeBytes { base in
            do throws(ScenarioError) {
                try reader.forEachLine { (bytes, number) throws(ScenarioError) in
                    // The reader hands out lines inside `scenario`'s own storage
                    // (its copy of the array shares it).
                    let offset = bytes.baseAddress.flatMap { p in base.baseAddress.map { $0.distance(to: p) } } ?? end
                    let previous = parser.previousTime
                    let line = try parser.parseLine(bytes, lineNumber: number)
                    var timed: Line? = nil
                    switch consume line {
                    case .blank: return
                    case .header(let statement, _): header.apply(statement)
                    case .timed(let statement): timed = .timed(statement)
                    case .fix(let fix): timed = .fix(fix)
                    case .track(let track):
                        throw ScenarioError(
                            "gpx: locsim explore does not play tracks; write the fixes that matter as fix lines",
                            at: track.location)
                    case .reaction(let reaction):
                        if let time = reaction.time {
                            timed = .reaction(reaction, time: time)
                        } else {
                            reactions.append(reaction)
                        }
                    case .expectation(let expectation): expectations.append(expectation)
                    }
                    guard let timed else { return }
                    if case .timed(let statement) = timed {
                        if let open = window, statement.time <= open.end, statement.windowEnd != nil {
                            throw ScenarioError(
                                "this window starts before the window of line \(open.line) ends (at \(open.end)); "
                                    + "explore opens one window at a time: make them not overlap",
                                at: statement.location)
                        }
                        if let end = statement.windowEnd { window = (end, number) }
                    }
                    if first == nil {
                        first = Position(offset: offset, number: number, previousTime: previous, previousLine: 0)
                    }
                    if timed.answersPrompt { lastAnswer = offset }
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        if let platform {
            header.platform = platform
            header.translatesAnswers = true
        }
        self.header = header
        self.bytes = scenario
        self.first = first ?? Position(offset: end, number: 0, previousTime: .zero, previousLine: 0)
        self.reactions = reactions
        self.expectations = expectations
        self.lastAnswer = lastAnswer
    }

    /// The timed line at `position` (blank, comment and `expect` lines
    /// before it passed over) and where the next one is looked for; `nil`
    /// past the last.
    ///
    /// - Throws: nothing `init` did not (the same bytes, read with the same
    ///   state); an error here stops the path, never the program.
    func line(at position: Position) throws(ScenarioError) -> (line: Line, next: Position)? {
        var offset = position.offset
        var number = position.number
        var parser = ScenarioParser(resumingAfter: position.previousTime)
        let count = bytes.count
        var failure: ScenarioError? = nil
        let found = bytes.withUnsafeBytes { base -> (line: Line, next: Position)? in
            while offset < count {
                let start = base.baseAddress! + offset
                let newline = memchr(start, 0x0A, count - offset).map { start.distance(to: UnsafeRawPointer($0)) }
                var length = newline ?? count - offset
                let next = offset + (newline.map { $0 + 1 } ?? length)
                if length > 0 && start.load(fromByteOffset: length - 1, as: UInt8.self) == 0x0D { length -= 1 }
                var first = 0
                if offset == 0 && length >= 3 && start.load(as: UInt8.self) == 0xEF
                    && start.load(fromByteOffset: 1, as: UInt8.self) == 0xBB
                    && start.load(fromByteOffset: 2, as: UInt8.self) == 0xBF
                {
                    first = 3  // the byte-order mark LineReader skips
                }
                let text = UnsafeRawBufferPointer(start: start + first, count: length - first)
                // Most lines of a long trace: the fast path, in plain values
                // (a `ScenarioParser.Line` is copied out whole).
                if let fix = parser.parseFixLine(text, lineNumber: number) {
                    return (
                        .fix(fix),
                        Position(offset: next, number: number + 1, previousTime: fix.time, previousLine: number)
                    )
                }
                let parsed: ScenarioParser.Line
                do throws(ScenarioError) { parsed = try parser.parseLine(text, lineNumber: number) } catch {
                    failure = error
                    return nil
                }
                var timed: Line? = nil
                switch consume parsed {
                case .timed(let statement): timed = .timed(statement)
                case .fix(let fix): timed = .fix(fix)
                case .reaction(let reaction): if let time = reaction.time { timed = .reaction(reaction, time: time) }
                case .blank: break
                case .header: break
                case .track: break
                case .expectation: break
                }
                if let timed {
                    let after = Position(
                        offset: next, number: number + 1, previousTime: parser.previousTime, previousLine: number)
                    return (timed, after)
                }
                offset = next
                number += 1
            }
            return nil
        }
        if let failure { throw failure }
        return found
    }
}
