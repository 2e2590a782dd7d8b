/// Elements looked up by id in O(1) and iterated in insertion order, so the
/// log never depends on hash order (STYLE 8). Removal leaves a hole that a
/// later compaction closes, keeping every operation amortised O(1).
struct KeyedList<Element> {
    /// The elements in insertion order; `nil` is a removed one's hole.
    private var slots: [Element?] = []
    /// The id of each slot, for compaction.
    private var slotIDs: [String] = []
    private var positions: [String: Int] = [:]

    var count: Int { positions.count }

    func contains(_ id: String) -> Bool { positions[id] != nil }

    subscript(id: String) -> Element? {
        guard let p = positions[id] else { return nil }
        return slots[p]
    }

    /// The element with `id`, read and changed in place.
    ///
    /// - Precondition: an element with `id` exists.
    subscript(existing id: String) -> Element {
        get {
            guard let p = positions[id], let element = slots[p] else { preconditionFailure("no element '\(id)'") }
            return element
        }
        _modify {
            guard let p = positions[id], slots[p] != nil else { preconditionFailure("no element '\(id)'") }
            yield &slots[p]!
        }
    }

    /// Replaces the element with `id` in place, or appends it.
    mutating func upsert(_ id: String, _ element: Element) {
        if let p = positions[id] {
            slots[p] = element
        } else {
            positions[id] = slots.count
            slots.append(element)
            slotIDs.append(id)
        }
    }

    /// Removes the element with `id`, if any, and returns it.
    @discardableResult
    mutating func remove(_ id: String) -> Element? {
        guard let p = positions.removeValue(forKey: id) else { return nil }
        let removed = slots[p]
        slots[p] = nil
        compactIfSparse()
        return removed
    }

    /// Changes the element with `id` in place.
    @discardableResult
    mutating func update<R>(_ id: String, _ body: (inout Element) -> R) -> R? {
        guard let p = positions[id], slots[p] != nil else { return nil }
        return body(&slots[p]!)
    }

    /// Visits every element in insertion order, letting `body` change it in
    /// place (no copy: this is the derived-crossing hot path).
    @inline(__always)
    mutating func forEach(_ body: (inout Element) -> Void) {
        for p in slots.indices {
            guard case .some = slots[p] else { continue }
            body(&slots[p]!)
        }
    }

    /// `forEach(_:)` with each element's id.
    mutating func forEach(_ body: (String, inout Element) -> Void) {
        for p in slots.indices {
            guard case .some = slots[p] else { continue }
            body(slotIDs[p], &slots[p]!)
        }
    }

    /// The slots `forEach` walks, holes included: a slot's index stays
    /// until an element is removed (a removal may compact them).
    var slotCount: Int { slots.count }

    /// The slot of the element with `id`, if any.
    func slot(of id: String) -> Int? { positions[id] }

    /// The element in slot `p` (< `slotCount`), `nil` for a hole.
    func element(inSlot p: Int) -> Element? { slots[p] }

    /// `forEach` over the given slots only (ascending, each < `slotCount`).
    @inline(__always)
    mutating func forEach(inSlots chosen: [Int], _ body: (inout Element) -> Void) {
        for p in chosen {
            guard case .some = slots[p] else { continue }
            body(&slots[p]!)
        }
    }

    /// The elements in insertion order.
    var elements: [Element] { slots.compactMap { $0 } }

    /// The ids in insertion order.
    var ids: [String] { zip(slotIDs, slots).compactMap { id, slot in slot.map { _ in id } } }

    private mutating func compactIfSparse() {
        let holes = slots.count - positions.count
        guard holes > 32, holes > positions.count else { return }
        var keptSlots: [Element?] = []
        var keptIDs: [String] = []
        keptSlots.reserveCapacity(positions.count)
        keptIDs.reserveCapacity(positions.count)
        for (slot, id) in zip(slots, slotIDs) where positions[id] != nil && slot != nil {
            positions[id] = keptSlots.count
            keptSlots.append(slot)
            keptIDs.append(id)
        }
        slots = keptSlots
        slotIDs = keptIDs
    }
}

/// Equal when they hold the same ids with equal elements in the same order;
/// the holes removal left are not compared (`Simulator.stateHash`).
extension KeyedList: Equatable where Element: Equatable {
    /// The live entries in order.
    private var entries: [(id: String, element: Element)] {
        zip(slotIDs, slots).compactMap { id, slot in slot.map { (id, $0) } }
    }

    static func == (a: KeyedList, b: KeyedList) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a.entries, b.entries).allSatisfy { $0.id == $1.id && $0.element == $1.element }
    }
}

extension KeyedList: Hashable where Element: Hashable {
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for (id, element) in entries {
            hasher.combine(id)
            hasher.combine(element)
        }
    }
}
