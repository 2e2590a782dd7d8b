extension Array {
    /// Time buckets halved: neighbours `2i` and `2i+1` become bucket `i`,
    /// joined with `combine` (earlier first) when both hold something.
    /// Shared by `MarkBuckets` and `LaneStretches` when they double their width.
    func mergingBucketPairs<T>(_ combine: (T, T) -> T) -> [T?] where Element == T? {
        var merged: [T?] = []
        merged.reserveCapacity(count / 2 + 1)
        var i = 0
        while i < count {
            let a = self[i]
            let b = i + 1 < count ? self[i + 1] : nil
            switch (a, b) {
            case (nil, nil): merged.append(nil)
            case (let x?, nil), (nil, let x?): merged.append(x)
            case (let x?, let y?): merged.append(combine(x, y))
            }
            i += 2
        }
        return merged
    }
}
