import LocSimKit

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
        /// The files beside the scenario that may exist: all of them for a
        /// file named on the command line, those its folder's listing holds
        /// for one found in a folder, so `check` asks the file system only
        /// about those (issue 31 item 9: 3 of a scenario's 17 system calls
        /// were for files that were not there).
        package var siblings: Siblings = .all
        /// A folder inside an input that could not be read, in its place in
        /// the order: `check` fails it with this error and goes on.
        package var failure: FileError? = nil
    }

    /// Files beside a scenario `x.scn` that `check` reads or removes only
    /// when they exist.
    package struct Siblings: OptionSet, Equatable, Sendable {
        package var rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `x.actual.log`, removed when the scenario passes.
        package static let actualLog = Siblings(rawValue: 1)
        /// `x.matrix`, an optional matrix golden.
        package static let matrix = Siblings(rawValue: 2)
        /// `x.explore`, an optional explore golden.
        package static let explore = Siblings(rawValue: 4)
        package static let all: Siblings = [.actualLog, .matrix, .explore]

        /// The suffixes of the three names, in the order of the bits.
        static let suffixes: [(suffix: [UInt8], sibling: Siblings)] = [
            (Array(".actual.log".utf8), .actualLog), (Array(".matrix".utf8), .matrix),
            (Array(".explore".utf8), .explore),
        ]
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
        var failure: FileError?
        try forEachEntry(in: inputs) { entry in
            if failure == nil { failure = entry.failure }
            result.append(entry)
        }
        if let failure { throw failure }
        return result
    }

    /// `entries(in:)` one at a time, as the walk finds them, in the same
    /// order: `check` starts the first scenarios while it walks on. A folder
    /// inside an input that cannot be read is an entry with a `failure`.
    ///
    /// - Throws: when an input does not exist or is a folder that cannot
    ///   be read, before `body` is called.
    package static func forEachEntry(in inputs: [String], _ body: (Entry) -> Void) throws(FileError) {
        var folders: [Bool] = []
        for input in inputs {
            var info = stat()
            if SystemPath.withCString(input, { stat($0, &info) }) != 0 {
                throw FileError("cannot open", input, code: errno)
            }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            if isFolder {
                guard let dir = SystemPath.withCString(input, { opendir($0) }) else {
                    throw FileError("cannot read folder", input, code: errno)
                }
                closedir(dir)
            }
            folders.append(isFolder)
        }
        var seen = Set<String>()
        // One input finds each path once: no set to hash them into.
        let once = inputs.count > 1
        for (input, isFolder) in zip(inputs, folders) {
            guard isFolder else {
                if !once || seen.insert(input).inserted { body(Entry(path: input, key: input)) }
                continue
            }
            let prefix = SystemPath.bytes(join(input, "")).count  // every found path starts with it
            var visited = Set<FileID>()
            walk(SystemPath.bytes(input), visited: &visited) { found in
                let path = SystemPath.string(found.path)
                guard !once || seen.insert(path).inserted else { return }
                // (An input folder that fails, replaced since it was opened, is its own key.)
                let key = found.path.count > prefix ? SystemPath.string(found.path[prefix...]) : path
                body(Entry(path: path, key: key, siblings: found.siblings, failure: found.failure))
            }
        }
    }

    /// True when `a` sorts before `b`, two entries of one folder: by the
    /// bytes of their paths, a folder's with a `/` after it, so that a
    /// depth-first walk in this order finds paths in the order of their
    /// bytes: `a-b.scn`, `a.scn`, then the folder `a` (`-` < `.` < `/`),
    /// though `a` alone sorts first. A `memcmp` on byte arrays: the generic
    /// `lexicographicallyPrecedes` on UTF-8 views made sorting a few hundred
    /// paths cost as much as checking a tenth of them (issue 31 item 9).
    static func listedPrecede(_ a: Listed, _ b: Listed) -> Bool {
        a.path.withUnsafeBufferPointer { x in
            b.path.withUnsafeBufferPointer { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                if order != 0 { return order < 0 }
                // One is the start of the other (never equal: names differ);
                // the shorter one goes on with `/` if it is a folder.
                if x.count == y.count { return false }
                if x.count < y.count { return !a.isFolder || UInt8(ascii: "/") < y[common] }
                return b.isFolder && x[common] < UInt8(ascii: "/")
            }
        }
    }

    /// `path` joined with `name`, without doubling a `/` or adding `./`.
    static func join(_ path: String, _ name: String) -> String {
        return SystemPath.bytes(name).withUnsafeBytes { SystemPath.string(join(SystemPath.bytes(path), $0)) }
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

    /// A scenario the walk found, and which of its siblings its folder holds.
    private struct Found {
        var path: [UInt8]
        var siblings: Siblings
        var failure: FileError? = nil
    }

    /// A folder, or a `*.scn` of any file type, in its folder's listing.
    struct Listed {
        var path: [UInt8]
        var isFolder: Bool
    }

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Hands `emit` the scenarios under `folder` in the order of their
    /// paths' bytes (`listedPrecede`); a folder that cannot be read is
    /// handed over as a failure in its place.
    private static func walk(_ folder: [UInt8], visited: inout Set<FileID>, _ emit: (Found) -> Void) {
        var info = stat()
        let path = folder + [0]
        guard stat(path, &info) == 0 else {
            return emit(Found(path: folder, siblings: [], failure: FileError("cannot open", text(folder), code: errno)))
        }
        guard visited.insert(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return }
        guard let dir = opendir(path) else {
            return emit(
                Found(path: folder, siblings: [], failure: FileError("cannot read folder", text(folder), code: errno)))
        }
        var entries: [(path: [UInt8], type: UInt8, isScenario: Bool)] = []
        // Stems of this folder's `x.actual.log`, `x.matrix` and `x.explore`
        // (of any file type), which few folders hold.
        var siblings: [[UInt8]: Siblings] = [:]
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
                if !isScenario, let (stem, sibling) = sibling(bytes) { siblings[stem, default: []].insert(sibling) }
                guard isScenario || type != UInt8(DT_REG) else { return (nil, false) }
                return (join(folder, bytes), isScenario)
            }
            if let path { entries.append((path, entry.pointee.d_type, isScenario)) }
        }
        closedir(dir)
        var listed: [Listed] = []
        listed.reserveCapacity(entries.count)
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
            if mode == S_IFDIR || isScenario { listed.append(Listed(path: path, isFolder: mode == S_IFDIR)) }
        }
        listed.sort(by: listedPrecede)
        for entry in listed {
            if entry.isFolder {
                walk(entry.path, visited: &visited, emit)
            } else if siblings.isEmpty {
                emit(Found(path: entry.path, siblings: []))
            } else {
                let stem = Array(entry.path[(entry.path.count - name(entry.path).count)..<(entry.path.count - 4)])
                emit(Found(path: entry.path, siblings: siblings[stem] ?? []))
            }
        }
    }

    /// The stem and kind of a sibling's name (`x.matrix`: `x`, `.matrix`).
    private static func sibling(_ name: UnsafeRawBufferPointer) -> ([UInt8], Siblings)? {
        for (suffix, sibling) in Siblings.suffixes where name.count > suffix.count {
            let stem = name.count - suffix.count
            if memcmp(name.baseAddress! + stem, suffix, suffix.count) == 0 { return (Array(name[..<stem]), sibling) }
        }
        return nil
    }

    /// The last component of a path's bytes.
    private static func name(_ path: [UInt8]) -> ArraySlice<UInt8> {
        path.lastIndex(of: UInt8(ascii: "/")).map { path[($0 + 1)...] } ?? path[...]
    }

    /// `.scn` as a little-endian word.
    private static let scn = UInt32(littleEndian: 0x6E63_732E)

    private static func text(_ bytes: [UInt8]) -> String { SystemPath.string(bytes) }
}
