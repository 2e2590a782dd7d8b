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
/// `removeAllForSignal()` reads the table without a lock and calls only
/// `unlink`, so it is async-signal-safe. Threads change slots under a
/// pthread mutex, each change one aligned word-sized store (a single
/// instruction on every processor Swift targets), so the handler sees a
/// slot as it was before or after a change, never half of one; a path is
/// freed only after its slot is cleared. (Synchronization's `Atomic` would
/// say the same in the type system, but needs macOS 15 / iOS 18, above
/// the package's floor.)
package enum StagedFiles {
    /// Slots in the table: `check --update` stages one file a job, `bench`
    /// two; past this many files at once the extra ones are not cleaned up
    /// on a signal (they are still removed on every ordinary path).
    static let capacity = 256

    /// The table: each slot holds the address of a `strdup`'ed path, or 0.
    /// Changed only under `lock`; read without it by the signal handler.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Int> = {
        let table = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        return table
    }()
    private static let lock = Locked(())

    /// A registered file; pass it back to `remove` or `forget`.
    package struct Ticket: Sendable {
        fileprivate var slot: Int
    }

    /// Remembers `path` as a file to remove if a signal ends the process.
    package static func register(_ path: String) -> Ticket {
        guard let copy = SystemPath.withCString(path, { strdup($0) }) else { return Ticket(slot: -1) }
        let address = Int(bitPattern: copy)
        let slot = lock.withLock { _ -> Int in
            guard let free = (0..<capacity).first(where: { slots[$0] == 0 }) else { return -1 }
            slots[free] = address
            return free
        }
        if slot < 0 { free(copy) }
        return Ticket(slot: slot)
    }

    /// The file is gone or renamed into place: stop tracking it.
    package static func forget(_ ticket: Ticket) {
        guard ticket.slot >= 0 else { return }
        let address = lock.withLock { _ -> Int in
            defer { slots[ticket.slot] = 0 }
            return slots[ticket.slot]
        }
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
            let address = slots[i]
            if let path = UnsafePointer<CChar>(bitPattern: address) { unlink(path) }
        }
    }
}
