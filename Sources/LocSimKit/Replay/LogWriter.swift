/// Receives the log records of a replay, in order.
package protocol LogWriter {
    mutating func write(_ record: LogRecord)
    /// `write` of `fix.record`, a delivered fix or `liveUpdates` element,
    /// almost every record of a long trace: the plain replay hands it over
    /// without building the record (`Simulator.directFix`).
    mutating func write(_ fix: DirectFix)
    /// `write(fix)`, where `text` tells where the fix's line holds the
    /// text of its numbers: a fix delivered exactly as its line states it,
    /// at its time (`FixText`; the text writer copies those bytes).
    mutating func write(_ fix: DirectFix, text: FixText)
    /// A fix delivered at `time` exactly as its verbatim line states it
    /// (`ScenarioParser.verbatimFix`; the text writer copies the line).
    mutating func write(verbatim text: FixText, at time: Millis)
}

extension LogWriter {
    package mutating func write(_ fix: DirectFix) {
        write(fix.record)
    }

    package mutating func write(_ fix: DirectFix, text: FixText) {
        write(fix)
    }

    package mutating func write(verbatim text: FixText, at time: Millis) {
        guard let fix = text.fix else { return assertionFailure("a verbatim line the recorded shape refuses") }
        write(DirectFix(location: fix.location, time: time))
    }
}
