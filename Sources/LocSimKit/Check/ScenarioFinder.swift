#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the scenarios `locsim check` runs: files given by name, and every
/// `*.scn` under a folder given by name.
package enum ScenarioFinder {
    /// A scenario to check: its path, and its key for `--shard` (`Shard`):
    /// the path relative to the folder it was found in, or the path as
    /// given for a file named on the command line.
    package struct Entry: Equatable, Sendable {
        package var path: String
        package var key: String
    }

    /// The scenario paths for `inputs`, in a deterministic order.
    ///
    /// Files are taken as given, whatever their extension. Folders are searched
    /// recursively for `*.scn` (of any file type: one that is not a regular
    /// file then fails its check, with the reason), skipping entries whose names start with `.` and
    /// folders already visited (symbolic-link loops); each folder's scenarios
    /// are sorted by the bytes of their paths. Inputs keep their order; a path
    /// found twice is checked once.
    ///
    /// - Throws: when an input does not exist or a folder cannot be read.
    package static func scenarios(in inputs: [String]) throws(FileError) -> [String] {
        try entries(in: inputs).map(\.path)
    }

    /// `scenarios(in:)` with each scenario's shard key.
    package static func entries(in inputs: [String]) throws(FileError) -> [Entry] {
        var result: [Entry] = []
        var seen = Set<String>()
        for input in inputs {
            var info = stat()
            if stat(input, &info) != 0 { throw FileError("cannot open", input, code: errno) }
            var found: [String]
            var prefix = 0
            if info.st_mode & S_IFMT == S_IFDIR {
                var paths: [[UInt8]] = []
                var visited = Set<FileID>()
                try walk(Array(input.utf8), into: &paths, visited: &visited)
                paths.sort(by: bytesPrecede)
                found = paths.map { String(decoding: $0, as: UTF8.self) }
                prefix = join(input, "").utf8.count  // every found path starts with it
            } else {
                found = [input]
            }
            // One input finds each path once: no set to hash them into.
            for path in found where inputs.count == 1 || seen.insert(path).inserted {
                result.append(Entry(path: path, key: String(decoding: path.utf8.dropFirst(prefix), as: UTF8.self)))
            }
        }
        return result
    }

    /// True when `a` sorts before `b`, byte by byte. A `memcmp` on byte
    /// arrays (the walk builds paths as bytes): the generic
    /// `lexicographicallyPrecedes` on UTF-8 views made sorting a few hundred
    /// paths cost as much as checking a tenth of them, and a `String` per
    /// entry made the walk cost a tenth of `check` on small scenarios, all
    /// of it before the second job could start (issue 31 item 9).
    static func bytesPrecede(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }

    /// `path` joined with `name`, without doubling a `/` or adding `./`.
    static func join(_ path: String, _ name: String) -> String {
        var name = name
        return name.withUTF8 { String(decoding: join(Array(path.utf8), UnsafeRawBufferPointer($0)), as: UTF8.self) }
    }

    /// `join` on bytes.
    private static func join(_ path: [UInt8], _ name: UnsafeRawBufferPointer) -> [UInt8] {
        if path == [UInt8(ascii: ".")] { return Array(name) }
        var joined = path
        joined.reserveCapacity(path.count + 1 + name.count)
        if path.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined.append(contentsOf: name)
        return joined
    }

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static func walk(_ folder: [UInt8], into found: inout [[UInt8]], visited: inout Set<FileID>)
        throws(FileError)
    {
        var info = stat()
        let path = folder + [0]
        guard stat(path, &info) == 0 else { throw FileError("cannot open", text(folder), code: errno) }
        guard visited.insert(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return }
        guard let dir = opendir(path) else { throw FileError("cannot read folder", text(folder), code: errno) }
        var entries: [(path: [UInt8], type: UInt8, isScenario: Bool)] = []
        while let entry = readdir(dir) {
            // The name's bytes, read in place: most entries are goldens
            // and scenarios, and only folders and `*.scn` files need a path.
            let (path, isScenario): ([UInt8]?, Bool) = withUnsafePointer(to: &entry.pointee.d_name) {
                let name = UnsafeRawPointer($0)
                let count = strlen(name.assumingMemoryBound(to: CChar.self))
                let bytes = UnsafeRawBufferPointer(start: name, count: count)
                guard count > 0, bytes[0] != UInt8(ascii: ".") else { return (nil, false) }
                let isScenario = count >= 4 && bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == scn
                let type = entry.pointee.d_type
                guard isScenario || type != UInt8(DT_REG) else { return (nil, false) }
                return (join(folder, bytes), isScenario)
            }
            if let path { entries.append((path, entry.pointee.d_type, isScenario)) }
        }
        closedir(dir)
        for (path, type, isScenario) in entries {
            // `readdir` usually says what an entry is; only links and
            // file systems that do not say need a `stat` (which follows links).
            var mode = type == UInt8(DT_DIR) ? S_IFDIR : type == UInt8(DT_REG) ? S_IFREG : 0
            if mode == 0 {
                var entryInfo = stat()
                guard stat(path + [0], &entryInfo) == 0 else { continue }  // a dangling link: not a scenario
                mode = entryInfo.st_mode & S_IFMT
            }
            // A `*.scn` that is not a regular file (a FIFO, a device, a
            // socket) is checked too, so that it fails with its reason
            // (`not a regular file (a pipe)`) instead of going unnoticed
            // (issue 31); opening it never waits (`FileIO.openRegularFile`).
            if mode == S_IFDIR {
                try walk(path, into: &found, visited: &visited)
            } else if isScenario {
                found.append(path)
            }
        }
    }

    /// `.scn` as a little-endian word.
    private static let scn = UInt32(littleEndian: 0x6E63_732E)

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
