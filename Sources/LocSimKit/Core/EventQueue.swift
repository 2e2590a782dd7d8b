/// The order of events that share a time: timers first, in the order below,
/// then reactions waiting out their `after`, then trace lines, then the
/// timers of `afterLines` (docs/rules.md §0, docs/language.md "Reactions").
package enum Phase: UInt8, Comparable, Hashable, Sendable {
    /// In use ends (grace expired) before anything else at that instant, so an
    /// Allow Once expiry reaches the app before it is suspended.
    case inUse = 0
    /// Timers of the rules: prompt delays, request timeouts, dwell checks.
    case rule = 1
    /// Suspension comes after every other timer at the same instant.
    case suspension = 2
    /// A reaction whose `after` ends now: after the rules' timers of the
    /// instant, before its lines, in the order the reactions were queued.
    case reaction = 3
    /// A scenario line; timers at the same time fire before it.
    case trace = 4
    /// After every line and reaction of the instant: the suspension of an
    /// app whose session ended past its run time waits for the calls the
    /// app makes at that instant (from one callback, or lines of one time).
    case afterLines = 5

    package static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
}

/// A priority queue of pending events keyed by (time, phase, sequence).
///
/// The sequence number is handed out by `schedule`, so events with equal time
/// and phase come out in the order they were scheduled, never in an order
/// that depends on the heap's shape.
package struct EventQueue<Payload> {
    struct Entry {
        var time: Millis
        var phase: Phase
        var sequence: UInt64
        var payload: Payload

        func precedes(_ other: Entry) -> Bool {
            if time != other.time { return time < other.time }
            if phase != other.phase { return phase < other.phase }
            return sequence < other.sequence
        }
    }

    var heap: [Entry] = []
    var nextSequence: UInt64 = 0
    /// The time of the last event taken out; events never go back before it.
    package private(set) var now = Millis.zero

    package init() {}

    package var isEmpty: Bool { heap.isEmpty }
    package var count: Int { heap.count }

    /// The time of the next event, if any.
    package var nextTime: Millis? { heap.first?.time }

    /// The time and phase of the next event, if any.
    package var next: (time: Millis, phase: Phase)? { heap.first.map { ($0.time, $0.phase) } }

    /// True when the next event is due at or before `limit` and, at exactly
    /// `limit`, sorts before `phase` (the boundary rule of `run(until:before:)`).
    ///
    /// Reads the first entry's time and phase in place: `heap.first` copied
    /// the entry, retaining and releasing its payload, on every fix of a
    /// plain replay (`Simulator.deliverPlainly` asks before each).
    package func hasEvent(until limit: Millis, before phase: Phase) -> Bool {
        guard !heap.isEmpty else { return false }
        let time = heap[0].time
        return time < limit || (time == limit && heap[0].phase < phase)
    }

    /// Adds an event.
    ///
    /// - Precondition: `time` is not before `now`.
    /// - Complexity: O(log n).
    package mutating func schedule(_ payload: Payload, at time: Millis, phase: Phase) {
        precondition(time >= now, "scheduled at \(time) before now \(now)")
        let entry = Entry(time: time, phase: phase, sequence: nextSequence, payload: payload)
        nextSequence &+= 1
        heap.append(entry)
        siftUp(heap.count - 1)
    }

    /// Takes out the next event, advancing `now` to its time.
    ///
    /// - Complexity: O(log n).
    package mutating func step() -> (time: Millis, phase: Phase, payload: Payload)? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        now = first.time
        return (first.time, first.phase, first.payload)
    }

    /// Takes out, one by one, every event at or before `limit` whose phase is
    /// before `phase`, passing each to `body`; events `body` schedules are
    /// included when they fall in the same bound.
    ///
    /// The boundary rule: an event exactly at `limit` runs if its phase sorts
    /// before `phase`. `run(until: t, before: .trace)` therefore runs every
    /// timer due at `t` and leaves the clock at `t`, ready for a trace line at
    /// `t`; `run(until: t, before: .trace)` never runs a timer due after `t`.
    package mutating func run<E: Error>(
        until limit: Millis, before phase: Phase,
        _ body: (inout EventQueue, Millis, Payload) throws(E) -> Void
    ) throws(E) {
        while hasEvent(until: limit, before: phase) {
            guard let (time, _, payload) = step() else { break }
            try body(&self, time, payload)
        }
        if limit > now { now = limit }
    }

    /// Moves `now` forward to `time` without taking anything out; a `time`
    /// before `now` leaves it.
    ///
    /// - Precondition: no event is due before `time`.
    package mutating func advance(to time: Millis) {
        precondition(heap.first.map { $0.time >= time } ?? true, "advanced past a pending event")
        if time > now { now = time }
    }

    /// Removes every pending event whose payload matches `predicate`; the
    /// others keep their order.
    ///
    /// - Complexity: O(n).
    package mutating func removeAll(where predicate: (Payload) throws -> Bool) rethrows {
        let before = heap.count
        try heap.removeAll { try predicate($0.payload) }
        guard heap.count != before, heap.count > 1 else { return }
        for i in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
    }

    mutating func siftUp(_ start: Int) {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    mutating func siftDown(_ start: Int) {
        var parent = start
        let entry = heap[parent]
        let count = heap.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count && heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(entry) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = entry
    }
}

/// Two queues are equal when they would hand out the same events, at the
/// same times, in the same order, from the same clock: the heap's layout and
/// the sequence numbers, which depend on the path that filled it, are not
/// compared (`locsim explore` merges paths that reach the same state).
extension EventQueue: Equatable where Payload: Equatable {
    /// The pending events in the order `step` takes them out.
    var ordered: [Entry] { heap.sorted { $0.precedes($1) } }

    package static func == (a: EventQueue, b: EventQueue) -> Bool {
        guard a.now == b.now, a.heap.count == b.heap.count else { return false }
        return zip(a.ordered, b.ordered).allSatisfy {
            $0.time == $1.time && $0.phase == $1.phase && $0.payload == $1.payload
        }
    }
}

extension EventQueue: Hashable where Payload: Hashable {
    package func hash(into hasher: inout Hasher) {
        hasher.combine(now)
        hasher.combine(heap.count)
        for e in ordered {
            hasher.combine(e.time)
            hasher.combine(e.phase)
            hasher.combine(e.payload)
        }
    }
}
