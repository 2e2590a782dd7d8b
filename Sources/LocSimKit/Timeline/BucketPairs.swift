/// A value kept in a time bucket by `MarkBuckets` and `LaneStretches`:
/// bucket `bucket` spans `[bucket·width, (bucket+1)·width)`.
protocol Bucketed {
    var bucket: Int { get set }
}

extension Array where Element: Bucketed {
    /// Time buckets halved: neighbours `2i` and `2i+1` become bucket `i`,
    /// joined with `combine` (earlier first) when both hold something.
    ///
    /// Only buckets that hold something are kept, in time order: a row or
    /// lane whose first record comes late, or that holds one mark, costs
    /// what it holds, not an array reaching back to time 0 (issue 31: a
    /// `CLMonitor` with 10,000 conditions made 10,000 rows of about 115 KB).
    func mergingBucketPairs(_ combine: (Element, Element) -> Element) -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(count)
        for var element in self {
            element.bucket /= 2
            if let last = merged.last, last.bucket == element.bucket {
                merged[merged.count - 1] = combine(last, element)
            } else {
                merged.append(element)
            }
        }
        return merged
    }
}
