/// Marks of one row, counted in time buckets that widen as time goes on, so
/// a trace of any length keeps at most `capacity` buckets.
///
/// Bucket `i` holds the marks in `[i·width, (i+1)·width)`. When a mark comes
/// past the last bucket, neighbouring buckets merge in pairs and the width
/// doubles. A bucket keeps its first mark's time and text exactly, so a
/// lone mark is drawn at its own time with its own hover text.
package struct MarkBuckets: Equatable, Sendable {
    package struct Bucket: Equatable, Sendable {
        package var count: Int
        package var first: Millis
        package var last: Millis
        /// The first mark's log line.
        package var text: String
    }

    /// At least twice the plot's width in pixels: a bucket is then never
    /// wider than about a pixel, finer than the marks are drawn.
    package static let capacity = 4096

    /// Milliseconds a bucket spans; a power of two.
    package private(set) var width: Int64 = 1
    private var buckets: [Bucket?] = []

    package init() {}

    /// The non-empty buckets in time order.
    package var nonEmpty: [Bucket] { buckets.compactMap { $0 } }

    /// Adds a mark at `time` (never before the previous mark); `text` is
    /// only asked for when the mark starts a bucket.
    package mutating func add(_ time: Millis, _ text: () -> String) {
        var index = Int(time.value / width)
        while index >= Self.capacity {
            widen()
            index = Int(time.value / width)
        }
        if buckets.count <= index { buckets.append(contentsOf: repeatElement(nil, count: index + 1 - buckets.count)) }
        if var bucket = buckets[index] {
            bucket.count += 1
            bucket.last = time
            buckets[index] = bucket
        } else {
            buckets[index] = Bucket(count: 1, first: time, last: time, text: text())
        }
    }

    /// Merges buckets in pairs and doubles the width.
    private mutating func widen() {
        buckets = buckets.mergingBucketPairs { x, y in
            Bucket(count: x.count + y.count, first: x.first, last: y.last, text: x.text)
        }
        width *= 2
    }
}
