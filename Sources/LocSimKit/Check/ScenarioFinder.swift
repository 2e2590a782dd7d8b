#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the scenarios `locsim check` runs: files given by name, and every
/// `*.scn` under a folder given by name.
public enum ScenarioFinder {
    /// The scenario paths for `inputs`, in a deterministic order.
    ///
    /// Files are taken as given, whatever their extension. Folders are searched
    /// recursively for `*.scn`, skipping entries whose names start with `.` and
    /// folders already visited (symbolic-link loops); each folder's scenarios
    /// are sorted by the bytes of their paths. Inputs keep their order; a path
    /// found twice is checked once.
    ///
    /// - Throws: when an input does not exist or a folder cannot be read.
    public static func scenarios(in inputs: [String]) throws(FileError) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        for input in inputs {
            var info = stat()
            if stat(input, &info) != 0 { throw FileError("cannot open", input, code: errno) }
            var found: [String]
            if info.st_mode & S_IFMT == S_IFDIR {
                found = []
                var visited = Set<FileID>()
                try walk(input, into: &found, visited: &visited)
                found.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            } else {
                found = [input]
            }
            for path in found where seen.insert(path).inserted { result.append(path) }
        }
        return result
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

    private static func walk(_ folder: String, into found: inout [String], visited: inout Set<FileID>) throws(FileError) {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw FileError("cannot open", folder, code: errno) }
        guard visited.insert(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted else { return }
        guard let dir = opendir(folder) else { throw FileError("cannot read folder", folder, code: errno) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(dir)
        for name in names {
            let path = join(folder, name)
            var entryInfo = stat()
            guard stat(path, &entryInfo) == 0 else { continue }  // a dangling link: not a scenario
            switch entryInfo.st_mode & S_IFMT {
            case S_IFDIR: try walk(path, into: &found, visited: &visited)
            case S_IFREG: if name.hasSuffix(".scn") { found.append(path) }
            default: break
            }
        }
    }
}
