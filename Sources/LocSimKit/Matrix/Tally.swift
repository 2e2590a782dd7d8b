/// What one replay came to, counted for a matrix row.
public struct Tally: Equatable, Sendable {
    /// A name with how many times it occurred.
    public struct Count: Equatable, Sendable {
        public var name: String
        public var count: Int
    }

    /// `delegate` records: the callbacks the app received.
    public var delivered = 0
    /// `hold` records.
    public var held = 0
    /// `drop` records by reason, in the order each reason first occurred.
    public var dropped: [Count] = []
    /// `prompt … show` records by prompt kind, in the order each first showed.
    public var prompts: [Count] = []
    /// `warning` records: calls that did nothing (not in the foreground, a
    /// usage-description key missing).
    public var warnings = 0

    public init() {}

    /// Counts `records`.
    public init(_ records: [LogRecord]) {
        for record in records {
            switch record.record.event {
            // Async-sequence elements (iOS 17+) reach the app as callbacks do.
            case .delegate, .update: delivered += 1
            case .hold: held += 1
            case .drop(_, let reason): Self.add(reason.rawValue, to: &dropped)
            case .prompt(.show(let kind, _, _)): Self.add(kind.rawValue, to: &prompts)
            case .warning: warnings += 1
            case .prompt(.answer), .prompt(.dismiss), .completion, .app, .auth, .inUseBegin, .inUseEnd, .indicator, .session,
                .notification, .crash:
                break
            }
        }
    }

    private static func add(_ name: String, to counts: inout [Count]) {
        if let i = counts.firstIndex(where: { $0.name == name }) {
            counts[i].count += 1
        } else {
            counts.append(Count(name: name, count: 1))
        }
    }
}
