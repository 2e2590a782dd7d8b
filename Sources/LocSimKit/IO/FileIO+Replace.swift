#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileIO {
    /// Puts the file at `staged` in place of `target` in one step, so a
    /// reader of `target` sees the old file or the new one, never half of
    /// one and never none: `true` on success, `errno` set otherwise.
    ///
    /// On Linux an existing target is swapped with the staged file
    /// (`renameat2` with `RENAME_EXCHANGE`), then the old file, now at the
    /// staged name, is removed. A plain `rename(2)` over an existing file
    /// on ext4 starts writing the new file's data back to disk before it
    /// returns (the `auto_da_alloc` heuristic): about 4 ms for the 7 MB
    /// log of a day-long trace, a sixth of the whole replay
    /// (bench/RESULTS.md). The exchange swaps the two names and waits for
    /// nothing. Where it is not available (no target yet, another kernel
    /// or file system, macOS) this is `rename(2)`.
    package static func replace(_ target: String, with staged: String) -> Bool {
        #if os(Linux)
            if let exchange = renameExchange,
                SystemPath.withCString(
                    staged,
                    { from in
                        SystemPath.withCString(target) { to in
                            exchange(AT_FDCWD, from, AT_FDCWD, to, renameExchangeFlag)
                        }
                    }) == 0
            {
                // The old file; the name was ours, so nobody else is using it.
                SystemPath.withCString(staged) { _ = unlink($0) }
                return true
            }
        #endif
        return SystemPath.withCString(staged) { from in SystemPath.withCString(target) { rename(from, $0) } } == 0
    }

    #if os(Linux)
        /// `RENAME_EXCHANGE` from `<linux/fs.h>`, which Swift's Glibc module does not import.
        private static let renameExchangeFlag: UInt32 = 1 << 1

        package typealias RenameAt2 =
            @convention(c) (
                Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
            ) -> Int32

        /// glibc's `renameat2` (2.28 and later), looked up at run time: the
        /// Glibc module does not declare it, and an older C library lacks it.
        /// A static executable has no dynamic symbol table to look it up in:
        /// `locsim` built as one (`make build`) sets it to the function it
        /// links in, once, before any other thread runs (Sources/locsim/main.swift).
        nonisolated(unsafe) package static var renameExchange: RenameAt2? = {
            guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        }()
    #endif
}
