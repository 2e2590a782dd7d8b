/// A scenario read whole for `locsim explore`: its header (with its `on`
/// and `expect` lines) and its timed lines in order. Every path of the
/// search replays the same lines through the same closed loop as `run`;
/// only the user's choices differ.
struct ExploreInput: Sendable {
    /// A timed line as the search applies it.
    enum Line: Sendable {
        case timed(TimedStatement)
        case fix(TimedFix)
        /// A timed `on` line: observed from its time on.
        case reaction(ReactionStatement, time: Millis)

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
            case .settings, .precise, .locationServices, .restricted, .device, .tapNotification, .any(.settings): return false
            }
        }
    }

    var header = ScenarioHeader()
    var lines: [Line] = []
    /// The header's `on` lines (reactions and answer policies) and `expect` lines, in order.
    var reactions: [ReactionStatement] = []
    var expectations: [ExpectationStatement] = []
    /// `answerAhead[p]`: some line at index `p` or later answers a prompt.
    /// A prompt that shows with such a line still to come waits for it
    /// (the scenario answers it itself); otherwise it is a choice point.
    private(set) var answerAhead: [Bool] = []

    /// The closed loop every path starts from: the simulator built from the
    /// header, observing the header's `on` and `expect` lines, as `run` builds it.
    var start: ClosedLoop {
        var loop = ClosedLoop(simulator: Simulator(header: header), observed: true)
        for reaction in reactions { loop.add(reaction) }
        for expectation in expectations { loop.add(expectation) }
        return loop
    }

    /// Parses `scenario`; `platform` replaces its `platform` line, and the
    /// scenario's written answers are then translated as `matrix` does.
    ///
    /// - Throws: the first syntax error; a `gpx` line (explore replays only
    ///   the lines written in the scenario).
    init(_ scenario: [UInt8], platform: Platform?) throws(ScenarioError) {
        var reader = LineReader(bytes: scenario)
        var parser = ScenarioParser()
        var header = ScenarioHeader()
        var lines: [Line] = []
        var reactions: [ReactionStatement] = []
        var expectations: [ExpectationStatement] = []
        try reader.forEachLine { (bytes, number) throws(ScenarioError) in
            let line = try parser.parseLine(bytes, lineNumber: number)
            switch consume line {
            case .blank: return
            case .header(let statement, _): header.apply(statement)
            case .timed(let statement): lines.append(.timed(statement))
            case .fix(let fix): lines.append(.fix(fix))
            case .track(let track):
                throw ScenarioError(
                    "gpx: locsim explore does not play tracks; write the fixes that matter as fix lines",
                    at: track.location)
            case .reaction(let reaction):
                if let time = reaction.time {
                    lines.append(.reaction(reaction, time: time))
                } else {
                    reactions.append(reaction)
                }
            case .expectation(let expectation): expectations.append(expectation)
            }
        }
        if let platform {
            header.platform = platform
            header.translatesAnswers = true
        }
        self.header = header
        self.lines = lines
        self.reactions = reactions
        self.expectations = expectations
        var ahead = Array(repeating: false, count: lines.count + 1)
        for i in stride(from: lines.count - 1, through: 0, by: -1) {
            ahead[i] = ahead[i + 1] || lines[i].answersPrompt
        }
        answerAhead = ahead
    }
}
