import Foundation
import LocSimKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads GPX tracks for `gpx` lines: hand it to `Replay` (or `Check`) to
/// play scenarios that name GPX files.
package struct GPXReader: TrackReader {
    package init() {}

    package func open(_ path: String) throws(TrackError) -> any TrackStream {
        // Opened once, here, for the system's reason before a thread starts;
        // the thread reads this open file (a FIFO meets one reader).
        switch FileIO.openForReading(path) {
        case .success(let fd): return GPXStream(fd)
        case .failure(let error): throw TrackError(FileError.describe(error.code))
        }
    }
}

/// A GPX file's points, pulled one at a time.
///
/// `XMLParser` pushes: its `parse()` calls back until the file ends. A
/// replay must instead pull a point, play the scenario lines before the
/// next one, then pull again. So the parser runs on a thread of its own and
/// hands over points in batches through a queue of at most `maxBatches`,
/// waiting while the queue is full: memory stays bounded, and the points
/// arrive in file order, so the replay is as deterministic as the file.
final class GPXStream: TrackStream, @unchecked Sendable {
    static let batchSize = 1024
    static let maxBatches = 4

    /// Guards every property below it; signalled on each change.
    private let condition = NSCondition()
    private var queue: [[GPXPoint]] = []
    /// Set by the parser thread when it has stopped: `nil` if it ended
    /// normally, else why not.
    private var outcome: TrackError?? = nil
    private var cancelled = false

    /// The batch being handed out, owned by the consumer.
    private var batch: [GPXPoint] = []
    private var index = 0

    /// Starts the parser thread on the open file `fd`, which it closes.
    init(_ fd: Int32) {
        let thread = Thread { [self] in produce(fd) }
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit {
        // A replay that fails (or a scenario line error) drops the stream
        // early: stop the parser and wait for it, so no thread outlives it.
        condition.lock()
        cancelled = true
        condition.broadcast()
        while outcome == nil { condition.wait() }
        condition.unlock()
    }

    func next() throws(TrackError) -> TrackPoint? {
        if index == batch.count {
            condition.lock()
            while queue.isEmpty && outcome == nil { condition.wait() }
            if queue.isEmpty {
                let failure = outcome ?? nil
                condition.unlock()
                if let failure { throw failure }
                return nil
            }
            batch = queue.removeFirst()
            index = 0
            condition.broadcast()
            condition.unlock()
        }
        let point = batch[index]
        index += 1
        return TrackPoint(offset: point.offset, fix: point.fix, location: point.location)
    }

    /// The parser thread: reads the file and fills the queue.
    private func produce(_ fd: Int32) {
        defer { close(fd) }
        var pending: [GPXPoint] = []
        pending.reserveCapacity(Self.batchSize)
        var failure: TrackError? = nil
        do throws(TrackError) {
            try GPXParser.read(fd: fd) { point in
                pending.append(point)
                guard pending.count == Self.batchSize else { return true }
                defer { pending.removeAll(keepingCapacity: true) }
                return hand(pending)
            }
        } catch {
            failure = error
        }
        if !pending.isEmpty && failure == nil { _ = hand(pending) }
        condition.lock()
        outcome = .some(failure)
        condition.broadcast()
        condition.unlock()
    }

    /// Queues `points`, waiting for room; false once the consumer has gone.
    private func hand(_ points: [GPXPoint]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= Self.maxBatches && !cancelled { condition.wait() }
        if cancelled { return false }
        queue.append(points)
        condition.broadcast()
        return true
    }
}
