/// What a path delivered, held and dropped so far, by kind: part of an
/// explore outcome, and of the key that merges paths (two paths in the same
/// simulator state but with different counts so far end differently).
///
/// Counters at fixed slots, so that equal counts hash and compare equal
/// whatever order the records came in; one SIMD vector, so that a copy
/// allocates nothing and adding a suffix's counts is one instruction or few
/// (the search adds counts for every outcome at every choice point).
struct OutcomeCounts: Hashable, Sendable {
    /// Delivered: the delegate methods in `DelegateMethods.names` order, then the update streams.
    static let deliveredNames: [String] = DelegateMethods.names.map(\.0) + streams.map { "update " + $0.rawValue }
    static let heldNames = HoldReason.allCases.map(\.rawValue)
    static let droppedNames = DropReason.allCases.map(\.rawValue)
    static let streams: [UpdateStream] = [.liveUpdates, .monitor, .serviceSession, .backgroundActivitySession]

    private static let heldBase = deliveredNames.count
    private static let droppedBase = heldBase + heldNames.count
    private static let slots = droppedBase + droppedNames.count

    private var counters = SIMD64<UInt32>()

    init() {
        assert(Self.slots <= SIMD64<UInt32>.scalarCount, "more kinds than OutcomeCounts has slots")
    }

    /// Counts `record` if it is a delivery, a hold or a drop.
    mutating func count(_ record: Record) {
        // Counted over all the app's managers (`base`: without the manager it names).
        switch record.base {
        case .delegate(let callback):
            counters[callback.method.rawValue.trailingZeroBitCount] &+= 1
        case .update(let update):
            let stream = Self.streams.firstIndex(of: update.stream) ?? 0
            counters[DelegateMethods.names.count + stream] &+= 1
        case .hold(_, let reason):
            counters[Self.heldBase + (HoldReason.allCases.firstIndex(of: reason) ?? 0)] &+= 1
        case .drop(_, let reason):
            counters[Self.droppedBase + (DropReason.allCases.firstIndex(of: reason) ?? 0)] &+= 1
        case .session, .completion, .prompt, .app, .auth, .inUseBegin, .inUseEnd, .indicator, .notification, .warning,
            .crash,
            .react, .expect, .ofManager:
            break
        }
    }

    /// Adds `other`'s counts: a path's counts are its prefix's plus its suffix's.
    mutating func add(_ other: OutcomeCounts) {
        counters &+= other.counters
    }

    /// The non-zero counters by slot, in slot order (a shard's file, `explore --merge`).
    var nonZero: [(slot: Int, count: UInt32)] {
        (0..<Self.slots).compactMap { counters[$0] == 0 ? nil : ($0, counters[$0]) }
    }

    /// The counts `nonZero` gave; `nil` for a slot out of range.
    init?(nonZero: [(slot: Int, count: UInt32)]) {
        self.init()
        for (slot, count) in nonZero {
            guard slot >= 0, slot < Self.slots else { return nil }
            counters[slot] = count
        }
    }

    var delivered: [Tally.Count] { named(from: 0, Self.deliveredNames) }
    var held: [Tally.Count] { named(from: Self.heldBase, Self.heldNames) }
    var dropped: [Tally.Count] { named(from: Self.droppedBase, Self.droppedNames) }

    /// The non-zero counters from slot `base` with their names, in slot order.
    private func named(from base: Int, _ names: [String]) -> [Tally.Count] {
        names.indices.compactMap { i in
            counters[base + i] == 0 ? nil : Tally.Count(name: names[i], count: Int(counters[base + i]))
        }
    }
}
