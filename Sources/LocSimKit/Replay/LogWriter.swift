/// Receives the log records of a replay, in order.
public protocol LogWriter {
    mutating func write(_ record: LogRecord)
}
