/// Marks of one row, counted in time buckets that widen as time goes on, so
/// a trace of any length keeps at most `capacity` buckets.
///
/// Bucket `i` holds the marks in `[i·width, (i+1)·width)`. When a mark comes
/// past the last bucket, neighbouring buckets merge in pairs and the width
/// doubles. A bucket keeps its first mark's time and text exactly, so a
/// lone mark is drawn at its own time with its own hover text.
///
/// Every record of a trace is a mark, so adding one is kept cheap: the
/// counts and times are plain values in an array of their own, and a
/// bucket's first mark is kept as given (a record is written out as text
/// only when the picture asks for it; most buckets merge into earlier
/// ones as the trace grows). Writing each bucket's record at once, and
/// copying buckets holding it, were 60% of a `timeline`'s instructions.
package struct MarkBuckets: Equatable, Sendable {
    package struct Bucket: Equatable, Sendable {
        package var count: Int
        package var first: Millis
        package var last: Millis
        /// The first mark's log line.
        package var text: String { firstMark.text }
        fileprivate var firstMark: Mark

        package static func == (a: Bucket, b: Bucket) -> Bool {
            a.count == b.count && a.first == b.first && a.last == b.last && a.text == b.text
        }
    }

    /// A bucket's first mark: its hover text, or the record it is made from.
    fileprivate enum Mark: Sendable {
        case text(String)
        case record(LogRecord)

        var text: String {
            switch self {
            case .text(let text): return text
            case .record(let record): return TimelineRecorder.logLine(record)
            }
        }
    }

    /// A bucket's count and times, and where its first mark is in `marks`.
    private struct Tally: Bucketed {
        var bucket: Int
        var count: Int
        var first: Millis
        var last: Millis
        var mark: Int
    }

    /// At least twice the plot's width in pixels: a bucket is then never
    /// wider than about a pixel, finer than the marks are drawn.
    package static let capacity = 4096

    /// Milliseconds a bucket spans; a power of two.
    package private(set) var width: Int64 = 1
    /// The tallies of the buckets that hold marks, in time order: plain
    /// values, cheap to grow and merge.
    private var tallies: [Tally] = []
    /// The buckets' first marks, in the order their buckets started; those
    /// of buckets merged away are dropped when the buckets widen, so there
    /// are never more than twice `capacity`.
    private var marks: [Mark] = []

    package init() {}

    /// The non-empty buckets in time order.
    package var nonEmpty: [Bucket] {
        tallies.map { Bucket(count: $0.count, first: $0.first, last: $0.last, firstMark: marks[$0.mark]) }
    }

    /// The buckets held in memory: those holding marks, at most `capacity`.
    package var bucketsHeld: Int { tallies.count }

    package static func == (a: MarkBuckets, b: MarkBuckets) -> Bool {
        a.width == b.width && a.nonEmpty == b.nonEmpty
    }

    /// Adds a mark at `time` (never before the previous mark); `text` is
    /// only asked for when the mark starts a bucket.
    package mutating func add(_ time: Millis, _ text: () -> String) {
        add(time, mark: { .text(text()) })
    }

    /// Adds `record` as a mark at its time (never before the previous
    /// mark); its hover text is its log line.
    package mutating func add(_ record: LogRecord) {
        add(record.time.sinceStart, mark: { .record(record) })
    }

    @inline(__always)
    private mutating func add(_ time: Millis, mark: () -> Mark) {
        var index = Int(time.value / width)
        while index >= Self.capacity {
            widen()
            index = Int(time.value / width)
        }
        let last = tallies.count - 1
        if last >= 0 && tallies[last].bucket == index {
            tallies[last].count += 1
            tallies[last].last = time
        } else {
            tallies.append(Tally(bucket: index, count: 1, first: time, last: time, mark: marks.count))
            marks.append(mark())
        }
    }

    /// Merges buckets in pairs and doubles the width; keeps only the marks
    /// of the buckets left.
    private mutating func widen() {
        tallies = tallies.mergingBucketPairs { x, y in
            Tally(bucket: x.bucket, count: x.count + y.count, first: x.first, last: y.last, mark: x.mark)
        }
        var kept: [Mark] = []
        kept.reserveCapacity(tallies.count)
        for i in tallies.indices {
            kept.append(marks[tallies[i].mark])
            tallies[i].mark = kept.count - 1
        }
        marks = kept
        width *= 2
    }
}
