/// Window lines, `<t1>..<t2> <event>`: the event happens at some instant of
/// the window, a choice `locsim explore` branches on (docs/explore.md,
/// "Windows of time"); `run`, `check` and `matrix` need one instant.
extension ScenarioParser {
    /// The two times of a time token written `<t1>..<t2>`; `nil` for one time.
    static func window(_ token: Token, _ s: ByteScanner) -> (Token, Token)? {
        var i = token.start
        while i + 1 < token.end {
            if s.byte(i) == UInt8(ascii: "."), s.byte(i + 1) == UInt8(ascii: ".") {
                return (Token(start: token.start, end: i), Token(start: i + 2, end: token.end))
            }
            i += 1
        }
        return nil
    }

    /// The rest of a window line starting at `start`: an event line whose
    /// `windowEnd` is the window's end (`+<seconds>` counts from its start).
    ///
    /// - Throws: an end not after the start; a window on a fix, a track or
    ///   an `on` line (only an event happens at an instant to choose).
    func windowLine(from start: Millis, _ startToken: Token, to endToken: Token, _ s: inout ByteScanner)
        throws(ScenarioError) -> Line
    {
        guard startToken.end > startToken.start, endToken.end > endToken.start else {
            throw s.error(
                "expected a window '<start>..<end>', found '\(s.display(Token(start: startToken.start, end: endToken.end)))'",
                at: startToken.start < startToken.end ? endToken : startToken)
        }
        let end: Millis
        if s.byte(endToken.start) == UInt8(ascii: "+") {
            end = start + (try time(Token(start: endToken.start + 1, end: endToken.end), s))
        } else {
            end = try time(endToken, s)
        }
        guard end > start else {
            let what = end == start ? "is one instant" : "ends before it starts"
            throw s.error(
                "the window \(start)..\(end) \(what); write one time for an instant, or an end after the start",
                at: endToken)
        }
        if end.value > ByteScanner.maxSeconds * 1000 {
            throw s.error(
                "the window's end is too large; expected at most \(ByteScanner.maxSeconds) seconds from the start",
                at: endToken)
        }
        let line = try timed(at: start, &s)
        guard case .timed(var statement) = line else {
            throw s.error(
                "a window of time takes an event line; write a track or an 'on' line at one time", at: startToken)
        }
        if statement.event == .systemAny || statement.event == .user(.any(.answer))
            || statement.event == .user(.any(.settings))
        {
            throw s.error(
                "a window of time takes an event that happens, not a choice point; write '\(Scenario.text(of: statement.event))' at one time",
                at: startToken)
        }
        if case .fix = statement.event {
            throw s.error("a window of time takes an event, not a fix; write the fix at one time", at: startToken)
        }
        statement.windowEnd = end
        return .timed(statement)
    }
}
