/// What a path delivered, held and dropped so far, by kind: part of an
/// explore outcome, and of the key that merges paths (two paths in the same
/// simulator state but with different counts so far end differently).
///
/// One flat array of counters at fixed slots, so that equal counts hash and
/// compare equal whatever order the records came in.
struct OutcomeCounts: Hashable, Sendable {
    /// Delivered: the delegate methods in `DelegateMethods.names` order, then the update streams.
    static let deliveredNames: [String] = DelegateMethods.names.map(\.0) + streams.map { "update " + $0.rawValue }
    static let heldNames = HoldReason.allCases.map(\.rawValue)
    static let droppedNames = DropReason.allCases.map(\.rawValue)
    static let streams: [UpdateStream] = [.liveUpdates, .monitor, .serviceSession, .backgroundActivitySession]

    private static let heldBase = deliveredNames.count
    private static let droppedBase = heldBase + heldNames.count
    private static let slots = droppedBase + droppedNames.count

    private var counters = [UInt32](repeating: 0, count: OutcomeCounts.slots)

    /// Counts `record` if it is a delivery, a hold or a drop.
    mutating func count(_ record: Record) {
        switch record {
        case .delegate(let callback):
            counters[callback.method.rawValue.trailingZeroBitCount] &+= 1
        case .update(let update):
            let stream = Self.streams.firstIndex(of: update.stream) ?? 0
            counters[DelegateMethods.names.count + stream] &+= 1
        case .hold(_, let reason):
            counters[Self.heldBase + (HoldReason.allCases.firstIndex(of: reason) ?? 0)] &+= 1
        case .drop(_, let reason):
            counters[Self.droppedBase + (DropReason.allCases.firstIndex(of: reason) ?? 0)] &+= 1
        case .completion, .prompt, .app, .auth, .inUseBegin, .inUseEnd, .indicator, .notification, .warning, .crash:
            break
        }
    }

    var delivered: [Tally.Count] { Self.named(counters[0..<Self.heldBase], Self.deliveredNames) }
    var held: [Tally.Count] { Self.named(counters[Self.heldBase..<Self.droppedBase], Self.heldNames) }
    var dropped: [Tally.Count] { Self.named(counters[Self.droppedBase...], Self.droppedNames) }

    /// The non-zero counters with their names, in slot order.
    private static func named(_ slice: ArraySlice<UInt32>, _ names: [String]) -> [Tally.Count] {
        zip(slice, names).compactMap { count, name in count == 0 ? nil : Tally.Count(name: name, count: Int(count)) }
    }
}
