/// Receives the log records of a replay, in order.
package protocol LogWriter {
    mutating func write(_ record: LogRecord)
    /// `write` of `LogRecord(time, .delegate(.didUpdateLocations(location)))`,
    /// a delivered fix, almost every record of a long trace: the plain
    /// replay hands it over without building the record (`Simulator.directFix`).
    mutating func writeDeliveredFix(_ location: Location, at time: Instant)
}

extension LogWriter {
    package mutating func writeDeliveredFix(_ location: Location, at time: Instant) {
        write(LogRecord(time, .delegate(.didUpdateLocations(location))))
    }
}
