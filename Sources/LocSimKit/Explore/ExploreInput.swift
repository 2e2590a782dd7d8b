/// A scenario read whole for `locsim explore`: its header and its timed
/// lines in order. Every path of the search replays the same lines; only
/// the user's choices differ.
struct ExploreInput: Sendable {
    /// A timed line as the search applies it.
    enum Line: Sendable {
        case timed(TimedStatement)
        case fix(TimedFix)

        var time: Millis {
            switch self {
            case .timed(let s): return s.time
            case .fix(let f): return f.time
            }
        }

        var location: SourceLocation {
            switch self {
            case .timed(let s): return s.location
            case .fix(let f): return f.location
            }
        }

        /// `user <answer>`, `user dismiss` or `user any`: a line that answers
        /// the prompt on screen when its time comes.
        var answersPrompt: Bool {
            guard case .timed(let s) = self, case .user(let action) = s.event else { return false }
            switch action {
            case .answer, .dismiss, .any(.answer): return true
            case .settings, .precise, .locationServices, .restricted, .tapNotification, .any(.settings): return false
            }
        }
    }

    var header = ScenarioHeader()
    var lines: [Line] = []
    /// The header's `on prompt` answer policies, in order.
    var policies: [ReactionStatement] = []
    /// `answerAhead[p]`: some line at index `p` or later answers a prompt.
    /// A prompt that shows with such a line still to come waits for it
    /// (the scenario answers it itself); otherwise it is a choice point.
    private(set) var answerAhead: [Bool] = []

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
        var policies: [ReactionStatement] = []
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
            // Answer policies in the header answer their prompts on every
            // path (not choice points); other reactions not yet: the search
            // steps the simulator, not the closed loop (docs/explore.md).
            case .reaction(let reaction):
                guard reaction.reaction.isPolicy, reaction.time == nil, reaction.reaction.delay == .zero else {
                    throw ScenarioError(
                        "on: locsim explore takes only 'on prompt' answer policies in the header (no 'after') yet; explore the flow with timed lines",
                        at: reaction.location)
                }
                policies.append(reaction)
            case .expectation(let expectation):
                throw ScenarioError(
                    "expect: locsim explore does not check expectations yet; read the outcome rows instead",
                    at: expectation.location)
            }
        }
        if let platform {
            header.platform = platform
            header.translatesAnswers = true
        }
        self.header = header
        self.lines = lines
        self.policies = policies
        var ahead = Array(repeating: false, count: lines.count + 1)
        for i in stride(from: lines.count - 1, through: 0, by: -1) {
            ahead[i] = ahead[i + 1] || lines[i].answersPrompt
        }
        answerAhead = ahead
    }
}
