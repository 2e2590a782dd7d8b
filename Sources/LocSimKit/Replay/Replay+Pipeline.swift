#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Replay {
    /// `run(_:into:)` on two threads: a second thread reads and parses the
    /// scenario while this one simulates, formats and writes, the parsed
    /// lines passing between them in batches through a bounded queue
    /// (memory stays flat however long the trace). Parsing is about 60% of
    /// a replay (bench/RESULTS.md), so on two free cores this is up to 1.6×
    /// as fast.
    ///
    /// The same bytes as `run(_:into:)`: lines are simulated in file order,
    /// by the same `ReplayDriver`, and a parse error is queued after the
    /// lines before it, so the first error in file order is the one thrown.
    ///
    /// Meant for files: the parsing thread is joined before this returns,
    /// and reading a pipe that stalls would delay an early error until it
    /// reads again.
    package static func runPipelined<W: LogWriter>(
        _ reader: inout LineReader, platform: Platform? = nil, into writer: inout W, tracks: TrackSource? = nil,
        report: inout ReplayReport
    ) throws(ScenarioError) {
        let queue = ParsedLineQueue()
        let producer = ParsingThread(reader: reader, queue: queue)
        var placement = ParallelMap.placement?.init()
        guard let thread = ParallelMap.start(producer, placement: &placement) else {
            // No thread to be had: one thread does it all.
            return try run(&reader, platform: platform, into: &writer, tracks: tracks, report: &report)
        }
        defer {
            queue.cancel()  // unblocks the parser if this ends early on a simulation error
            pthread_join(thread, nil)
            // Read after the join: the parser is done with them. The driver's
            // (added by the defer below, which runs first) come after.
            report.warnings = producer.warnings + report.warnings
        }
        var driver = ReplayDriver(platform: platform, tracks: tracks)
        defer { report.warnings += driver.warnings }
        while true {
            switch queue.pop() {
            case .lines(var batch):
                for line in batch {
                    switch line {
                    case .header(let statement): driver.header(statement)
                    case .timed(let statement): try driver.timed(statement, into: &writer)
                    case .fix(let line): try driver.fix(line, into: &writer)
                    case .track(let track): try driver.track(track, into: &writer)
                    case .reaction(let reaction): try driver.reaction(reaction, into: &writer)
                    case .expectation(let expectation): driver.expectation(expectation)
                    }
                }
                batch.removeAll(keepingCapacity: true)
                queue.recycle(batch)
            case .failed(let error):
                throw error
            case .end:
                report.failedExpectations = try driver.finish(into: &writer)
                return
            }
        }
    }
}

/// A parsed non-blank line, copyable so that it can wait in a batch.
enum ParsedLine {
    case header(HeaderStatement)
    case timed(TimedStatement)
    case fix(TimedFix)
    case track(TrackStatement)
    case reaction(ReactionStatement)
    case expectation(ExpectationStatement)
}

/// The parsing side of `Replay.runPipelined`: reads and parses every line
/// and queues them in batches, then `.end` or the error.
final class ParsingThread: ParallelMap.ThreadBody, @unchecked Sendable {
    /// Lines a batch holds: enough that the queue's lock is taken rarely,
    /// few enough that a batch stays in cache.
    static let batchSize = 4096

    private var reader: LineReader
    private let queue: ParsedLineQueue
    /// The parser's warnings, for the replaying thread once this one ends.
    private(set) var warnings: [ScenarioWarning] = []

    /// `reader` is used only by this thread from now on.
    init(reader: LineReader, queue: ParsedLineQueue) {
        self.reader = reader
        self.queue = queue
    }

    override func run() {
        var parser = ScenarioParser()
        defer { warnings = parser.warnings }
        var batch: [ParsedLine] = []
        batch.reserveCapacity(Self.batchSize)
        let queue = self.queue
        do throws(ScenarioError) {
            try reader.forEachLine { (bytes, number) throws(ScenarioError) in
                // A fix line straight into the batch, as the one-thread loop
                // reads it: wrapped in a `Line` first, it was copied out again.
                if let fix = parser.parseFixLine(bytes, lineNumber: number) {
                    batch.append(.fix(fix))
                } else {
                    let line = try parser.parseAnyLine(bytes, lineNumber: number)
                    switch consume line {
                    case .blank: return
                    case .header(let statement, _): batch.append(.header(statement))
                    case .timed(let statement): batch.append(.timed(statement))
                    case .fix(let line): batch.append(.fix(line))
                    case .track(let track): batch.append(.track(track))
                    case .reaction(let reaction): batch.append(.reaction(reaction))
                    case .expectation(let expectation): batch.append(.expectation(expectation))
                    }
                }
                if batch.count == Self.batchSize {
                    guard queue.push(.lines(batch)) else { throw ParsedLineQueue.cancelled }
                    batch = queue.spareBatch()
                }
            }
            if queue.push(.lines(batch)) { _ = queue.push(.end) }
        } catch {
            if error != ParsedLineQueue.cancelled && queue.push(.lines(batch)) { _ = queue.push(.failed(error)) }
        }
    }
}

/// A bounded queue of batches from the parsing thread to the replaying
/// one (`BoundedQueue`), which also hands emptied batches back.
final class ParsedLineQueue: @unchecked Sendable {
    enum Item {
        case lines([ParsedLine])
        case failed(ScenarioError)
        case end
    }

    /// Batches waiting at most: the parser runs at most this far ahead.
    static let capacity = 4
    /// Thrown inside the parser's loop to stop it once the queue is cancelled.
    static let cancelled = ScenarioError("replay cancelled", line: 0, column: 0)

    private let queue = BoundedQueue<Item>(capacity: capacity)
    /// Emptied batches handed back by the consumer, so the parser reuses
    /// their storage instead of allocating on one thread and freeing on the
    /// other; guarded by the queue's lock.
    private var spares: [[ParsedLine]] = []

    /// Waits for room and queues `item`; false once the queue is cancelled.
    func push(_ item: Item) -> Bool { queue.push(item) }

    /// Waits for the next item. The parser always ends with `.end` or
    /// `.failed` unless cancelled, and only the consumer cancels.
    func pop() -> Item { queue.pop() }

    /// An empty batch with room for `ParsingThread.batchSize` lines.
    func spareBatch() -> [ParsedLine] {
        if let spare = queue.withLock({ spares.popLast() }) { return spare }
        var batch: [ParsedLine] = []
        batch.reserveCapacity(ParsingThread.batchSize)
        return batch
    }

    /// Hands an emptied batch back for reuse.
    func recycle(_ batch: [ParsedLine]) {
        queue.withLock {
            if spares.count < Self.capacity + 2 { spares.append(batch) }
        }
    }

    /// Stops the parser at its next push.
    func cancel() { queue.cancel() }
}
