/// `locsim explore --counterexamples`: an answer path written as a plain
/// scenario that `locsim run` replays (docs/explore.md, "Counterexamples").
extension Explore {
    /// `scenario` with the choices of `path` written in as lines on
    /// `platform`: a `user any` or `system any` line becomes the action
    /// chosen there, a prompt no line answered gets a `user` line at the
    /// time it showed and an ending at a suspension a `system terminate`
    /// line at the time of the line it came before, each right after the
    /// line that was applied last before it (with a comment saying so), and
    /// the `platform` line names `platform`. Every other
    /// line stays as written, so errors point at the same lines. The
    /// `on prompt` policies' answers are then written as `user` lines too,
    /// where `run` gives the same records that way (`plainPolicies`).
    ///
    /// `stoppedAt`: the line an error stopped the path at; a `user any`
    /// there stays as written (a policy answered the prompt before it, and
    /// `run` stops at the line with the same error).
    ///
    /// - Throws: the scenario's first syntax error.
    public static func counterexample(
        _ scenario: [UInt8], path: [ExploreChoice], platform: Platform, stoppedAt: Int? = nil
    ) throws(ScenarioError) -> String {
        _ = try ExploreInput(scenario, platform: nil)
        var lines = String(decoding: scenario, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        // Lines written after line number `n` (0: before the first), in path order.
        var after: [Int: [String]] = [:]
        var replaced: [Int: String] = [:]
        // The window event the last choice wrote: its anchor, place and time.
        var windowEvent: (Int, Int, Millis)? = nil
        for choice in path {
            let chosen = "\(choice.time) \(Scenario.text(of: choice.event))"
            if let line = choice.line, !Self.isWindowLine(lines[line - 1]) {
                replaced[line] = chosen
                windowEvent = nil
                continue
            }
            if let line = choice.line {
                // A window's event at the instant chosen, in time order after
                // the line applied last before it; the window a comment.
                replaced[line] = "# " + lines[line - 1] + "  (locsim explore: at \(choice.time) on this path)"
                windowEvent = (choice.anchor, after[choice.anchor, default: []].count, choice.time)
                after[choice.anchor, default: []] += [chosen]
                continue
            }
            let why: String
            if choice.event == .systemDeliverFirst {
                why = "the app is relaunched next; its reactions to the event run before its launch reactions"
            } else if choice.event == .systemInputFirst {
                why = "the next line runs before the timers and delayed reactions due at its instant"
            } else if choice.action == nil {
                why = "the app was suspended here; the system ends it (--system-terminations)"
            } else {
                let what = choice.prompt.map { "the \($0.rawValue) prompt" } ?? "a choice"
                why = "\(what) shown at \(choice.time), no line answered it"
            }
            var anchor = choice.anchor
            var at = after[anchor, default: []].count
            if choice.event == .systemDeliverFirst, let (windowAnchor, index, time) = windowEvent, time == choice.time {
                // The window's event written just before relaunched the app: the pin goes before it.
                (anchor, at) = (windowAnchor, index)
            }
            after[anchor, default: []].insert(contentsOf: ["# locsim explore: " + why, chosen], at: at)
            windowEvent = nil
        }
        var out = ""
        func firstWord(_ line: String) -> Substring? { line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first }
        // Without a platform line, one goes after the `locsim` line.
        var platformWritten = lines.contains { firstWord($0) == "platform" }
        for (i, text) in lines.enumerated() {
            let number = i + 1
            if number == 1, let first = after[0] { out += first.map { $0 + "\n" }.joined() }
            if firstWord(text) == "platform" {
                out += "platform \(platform)\n"
            } else if !platformWritten, firstWord(text) == "locsim" {
                out += text + "\nplatform \(platform)\n"
                platformWritten = true
            } else if let chosen = replaced[number] {
                out += chosen + "\n"
            } else if (Self.isAnyLine(text) || Self.isWindowLine(text)) && number != stoppedAt {
                // A `user any` the path passed with no prompt on screen, a
                // `system any` where the system did nothing, or an `any` line
                // it never reached (an error stopped it first): no choice.
                out += "# " + text + "  (locsim explore: no choice here on this path)\n"
            } else {
                out += text + "\n"
            }
            if let more = after[number] { out += more.map { $0 + "\n" }.joined() }
        }
        return plainPolicies(out)
    }

    /// A window line, `<t1>..<t2> <event>`, as written.
    private static func isWindowLine(_ line: String) -> Bool {
        guard let time = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return false }
        return !time.hasPrefix("#") && time.contains("..")
    }

    /// A `<time> user any`, `<time> user settings any` or `<time> system any` line, as written.
    private static func isAnyLine(_ line: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        return (words.count == 3 && (words[1] == "user" || words[1] == "system") && words[2] == "any")
            || (words.count == 4 && words[1] == "user" && words[2] == "settings" && words[3] == "any")
    }
}
