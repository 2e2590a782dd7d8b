/// Receives the log records of a replay, in order.
public protocol LogWriter {
    mutating func write(_ record: LogRecord)
}

/// Collects records in memory (tests, `check`).
public struct RecordCollector: LogWriter {
    public var records: [LogRecord] = []
    public init() {}
    public mutating func write(_ record: LogRecord) { records.append(record) }
}
