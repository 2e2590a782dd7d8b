/// Elements looked up by id in O(1) and iterated in insertion order, so the
/// log never depends on hash order (STYLE 8). Removal leaves a hole that a
/// later compaction closes, keeping every operation amortised O(1).
struct KeyedList<Element> {
    private var slots: [(id: String, element: Element)?] = []
    private var positions: [String: Int] = [:]

    var count: Int { positions.count }

    func contains(_ id: String) -> Bool { positions[id] != nil }

    subscript(id: String) -> Element? {
        guard let p = positions[id] else { return nil }
        return slots[p]?.element
    }

    /// Replaces the element with `id` in place, or appends it.
    mutating func upsert(_ id: String, _ element: Element) {
        if let p = positions[id] {
            slots[p] = (id, element)
        } else {
            positions[id] = slots.count
            slots.append((id, element))
        }
    }

    /// Removes the element with `id`, if any, and returns it.
    @discardableResult
    mutating func remove(_ id: String) -> Element? {
        guard let p = positions.removeValue(forKey: id) else { return nil }
        let removed = slots[p]?.element
        slots[p] = nil
        compactIfSparse()
        return removed
    }

    /// Changes the element with `id` in place.
    @discardableResult
    mutating func update<R>(_ id: String, _ body: (inout Element) -> R) -> R? {
        guard let p = positions[id], var entry = slots[p] else { return nil }
        slots[p] = nil  // uniquely referenced while `body` runs
        let result = body(&entry.element)
        slots[p] = entry
        return result
    }

    /// Visits every element in insertion order, letting `body` change it in
    /// place (no copy: this is the derived-crossing hot path).
    mutating func forEach(_ body: (inout Element) -> Void) {
        for p in slots.indices where slots[p] != nil {
            body(&slots[p]!.element)
        }
    }

    /// The elements in insertion order.
    var elements: [Element] { slots.compactMap { $0?.element } }

    private mutating func compactIfSparse() {
        let holes = slots.count - positions.count
        guard holes > 32, holes > positions.count else { return }
        slots = slots.filter { $0 != nil }
        for p in slots.indices { if let id = slots[p]?.id { positions[id] = p } }
    }
}
