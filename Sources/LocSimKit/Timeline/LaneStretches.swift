/// The closed stretches of one state lane, kept in time buckets like
/// `MarkBuckets`, so a trace of any length keeps at most `capacity` of them.
///
/// Stretch `i` holds the segments starting in `[i·width, (i+1)·width)`.
/// When a segment starts past the last bucket, neighbouring buckets merge
/// in pairs and the width doubles. Segments sharing a bucket become one,
/// from the first's start to the last's end, counting them and showing the
/// longest (its state, label and hover text): a lane that changes state
/// faster than a bucket is wide is drawn as one bar, not one per change.
package struct LaneStretches: Equatable, Sendable {
    /// As `MarkBuckets.capacity`: a bucket is never wider than about a pixel.
    package static let capacity = MarkBuckets.capacity

    /// Milliseconds a bucket spans; a power of two.
    package private(set) var width: Int64 = 1
    /// A bucket holding a stretch, and where the stretch is in `stretches`.
    private struct Slot: Bucketed {
        var bucket: Int
        var stretch: Int
    }

    /// The buckets that hold a stretch, in time order: plain values, so
    /// merging them is cheap (an array of optional segments cost 10% of a
    /// `timeline`).
    private var slots: [Slot] = []
    /// The stretches, in time order; compacted when the buckets widen.
    private var stretches: [Timeline.Segment] = []

    package init() {}

    /// The segments in time order, merged where they shared a bucket.
    package var segments: [Timeline.Segment] { slots.map { stretches[$0.stretch] } }

    package static func == (a: LaneStretches, b: LaneStretches) -> Bool {
        a.width == b.width && a.segments == b.segments
    }

    /// Adds `segment`, starting no earlier than the previous one ended.
    package mutating func add(_ segment: Timeline.Segment) {
        var index = Int(segment.start.value / width)
        while index >= Self.capacity {
            widen()
            index = Int(segment.start.value / width)
        }
        if let last = slots.last, last.bucket == index {
            stretches[last.stretch] = stretches[last.stretch].merged(with: segment)
        } else {
            slots.append(Slot(bucket: index, stretch: stretches.count))
            stretches.append(segment)
        }
    }

    /// Merges buckets in pairs and doubles the width.
    private mutating func widen() {
        var merged = stretches
        slots = slots.mergingBucketPairs { a, b in
            merged[a.stretch] = merged[a.stretch].merged(with: merged[b.stretch])
            return a
        }
        var kept: [Timeline.Segment] = []
        kept.reserveCapacity(slots.count)
        for i in slots.indices {
            kept.append(merged[slots[i].stretch])
            slots[i].stretch = kept.count - 1
        }
        stretches = kept
        width *= 2
    }
}

extension Timeline.Segment {
    /// This segment and a later one as one: from this start to its end,
    /// counting both, shown as the longer of the two (the earlier on a tie).
    package func merged(with later: Timeline.Segment) -> Timeline.Segment {
        var result = later.longest > longest ? later : self
        result.start = start
        result.end = later.end
        result.count = count + later.count
        return result
    }
}
