/// The distinct `OutcomeCounts` of one search, each under a small id, and
/// their sums: an outcome names its counts by id, so adding a prefix's
/// counts to every outcome that follows a choice point is a table look-up,
/// not a vector sum and a hash per outcome (a search with thousands of
/// outcomes adds them at every choice point it reaches again).
struct CountsTable {
    typealias ID = Int32

    /// Id 0 is no counts at all.
    private(set) var vectors = [OutcomeCounts()]
    private var ids: [OutcomeCounts: ID] = [OutcomeCounts(): 0]
    private var sums: [UInt64: ID] = [:]

    static let zero: ID = 0

    mutating func id(_ counts: OutcomeCounts) -> ID {
        if let id = ids[counts] { return id }
        let id = ID(vectors.count)
        vectors.append(counts)
        ids[counts] = id
        return id
    }

    /// The id of the sum of `a` and `b`.
    mutating func sum(_ a: ID, _ b: ID) -> ID {
        if a == Self.zero { return b }
        if b == Self.zero { return a }
        let key = UInt64(UInt32(bitPattern: a)) << 32 | UInt64(UInt32(bitPattern: b))
        if let known = sums[key] { return known }
        var total = vectors[Int(a)]
        total.add(vectors[Int(b)])
        let id = id(total)
        sums[key] = id
        return id
    }

    subscript(id: ID) -> OutcomeCounts { vectors[Int(id)] }
}
