import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files locsim has on disk right now (a log staged beside
/// its target, a generated bench trace), so that a signal handler can
/// remove them before the process dies (issue 14: an interrupted `bench`
/// left gigabytes behind).
///
/// Each file's path is copied into a C string in a slot of a fixed table;
/// `removeAllForSignal()` reads the table with atomic loads and calls only
/// `unlink`, so it is async-signal-safe. Registering takes a slot with an
/// atomic compare-and-exchange: no lock a signal could interrupt.
package enum StagedFiles {
    /// Slots in the table: `check --update` stages one file a job, `bench`
    /// two; past this many files at once the extra ones are not cleaned up
    /// on a signal (they are still removed on every ordinary path).
    static let capacity = 256

    /// The table: each slot holds the address of a `strdup`'ed path, or 0.
    /// Unchecked for concurrency because every access is an atomic operation.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int>> = {
        let table = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: capacity)
        for i in 0..<capacity { (table + i).initialize(to: Atomic(0)) }
        return table
    }()

    /// A registered file; pass it back to `remove` or `forget`.
    package struct Ticket: Sendable {
        fileprivate var slot: Int
    }

    /// Remembers `path` as a file to remove if a signal ends the process.
    package static func register(_ path: String) -> Ticket {
        guard let copy = SystemPath.withCString(path, { strdup($0) }) else { return Ticket(slot: -1) }
        let address = Int(bitPattern: copy)
        for i in 0..<capacity
        where slots[i].compareExchange(expected: 0, desired: address, ordering: .acquiringAndReleasing).exchanged {
            return Ticket(slot: i)
        }
        free(copy)
        return Ticket(slot: -1)
    }

    /// The file is gone or renamed into place: stop tracking it.
    package static func forget(_ ticket: Ticket) {
        guard ticket.slot >= 0 else { return }
        let address = slots[ticket.slot].exchange(0, ordering: .acquiringAndReleasing)
        free(UnsafeMutableRawPointer(bitPattern: address))
    }

    /// Removes the file now and stops tracking it.
    package static func remove(_ path: String, _ ticket: Ticket) {
        SystemPath.withCString(path) { _ = unlink($0) }
        forget(ticket)
    }

    /// Unlinks every registered file. Only for a signal handler about to
    /// end the process: the table is left as it is (no `free`, not safe there).
    package static func removeAllForSignal() {
        for i in 0..<capacity {
            let address = slots[i].load(ordering: .acquiring)
            if let path = UnsafePointer<CChar>(bitPattern: address) { unlink(path) }
        }
    }
}
