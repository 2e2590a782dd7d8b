/// Receives the log records of a replay, in order.
package protocol LogWriter {
    mutating func write(_ record: LogRecord)
}
