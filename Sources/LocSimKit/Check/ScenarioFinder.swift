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
                found = []
                var visited = Set<FileID>()
                try walk(input, into: &found, visited: &visited)
                found.sort(by: bytesPrecede)
                prefix = join(input, "").utf8.count  // every found path starts with it
            } else {
                found = [input]
            }
            for path in found where seen.insert(path).inserted {
                result.append(Entry(path: path, key: String(decoding: path.utf8.dropFirst(prefix), as: UTF8.self)))
            }
        }
        return result
    }

    /// True when `a`'s UTF-8 bytes sort before `b`'s. A `memcmp`: the generic
    /// `lexicographicallyPrecedes` on the UTF-8 views made sorting a few
    /// hundred paths cost as much as checking a tenth of them.
    static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }

    /// `path` joined with `name`, without doubling a `/` or adding `./`.
    static func join(_ path: String, _ name: String) -> String {
        if path == "." { return name }
        return path.hasSuffix("/") ? path + name : path + "/" + name
    }

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static func walk(_ folder: String, into found: inout [String], visited: inout Set<FileID>) throws(FileError)
    {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw FileError("cannot open", folder, code: errno) }
        guard visited.insert(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return }
        guard let dir = opendir(folder) else { throw FileError("cannot read folder", folder, code: errno) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
        }
        closedir(dir)
        for (name, type) in entries {
            let path = join(folder, name)
            // `readdir` usually says what an entry is; only links and
            // file systems that do not say need a `stat` (which follows links).
            var mode = type == UInt8(DT_DIR) ? S_IFDIR : type == UInt8(DT_REG) ? S_IFREG : 0
            if mode == 0 {
                var entryInfo = stat()
                guard stat(path, &entryInfo) == 0 else { continue }  // a dangling link: not a scenario
                mode = entryInfo.st_mode & S_IFMT
            }
            // A `*.scn` that is not a regular file (a FIFO, a device, a
            // socket) is checked too, so that it fails with its reason
            // (`not a regular file (a pipe)`) instead of going unnoticed
            // (issue 31); opening it never waits (`FileIO.openRegularFile`).
            if mode == S_IFDIR {
                try walk(path, into: &found, visited: &visited)
            } else if name.hasSuffix(".scn") {
                found.append(path)
            }
        }
    }
}
