#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a pthread mutex: Synchronization's `Mutex` without its
/// floor (macOS 15 / iOS 18, above the package's; Package.swift). For the
/// few values several threads share outside a queue: `ParallelMap`'s next
/// index, `explore`'s progress line, tests' counters.
package final class Locked<Value>: @unchecked Sendable {
    // The lock lives at a fixed address, as pthread requires. `value` is
    // read and written only under it, which makes the unchecked `Sendable` safe.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `body` on the value, with no other thread inside a `withLock` meanwhile.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension String {
    /// `bytes` as a string when they are valid UTF-8, nil otherwise:
    /// `String(validating:as:)` without its floor (macOS 15 / iOS 18).
    /// Decoding replaces each invalid sequence by U+FFFD, so the bytes come
    /// back unchanged exactly when there was none.
    package init?(validUTF8 bytes: some Collection<UInt8>) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
