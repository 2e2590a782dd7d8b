@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() {
        var template = Array((FileIO.temporaryDirectory + "/locsim-test-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// `path/relative`, creating the folders on the way.
    func file(_ relative: String) -> String {
        let full = path + "/" + relative
        var folder = ""
        for part in relative.split(separator: "/").dropLast() {
            folder += "/" + part
            mkdir(path + folder, 0o755)
        }
        return full
    }

    /// Writes `text` to `relative` and returns the full path.
    @discardableResult
    func write(_ relative: String, _ text: String) -> String {
        let full = file(relative)
        let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0, "cannot create \(full)")
        _ = FileIO.writeAll(fd, Array(text.utf8))
        close(fd)
        return full
    }

    /// The text of `relative`, or nil when it does not exist.
    func read(_ relative: String) -> String? {
        guard case .success(let bytes) = FileIO.readFile(path + "/" + relative) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Removes the folder and everything in it.
    func remove() {
        removeTree(path)
    }

    private func removeTree(_ p: String) {
        if let dir = opendir(p) {
            while let entry = readdir(dir) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name == "." || name == ".." { continue }
                removeTree(p + "/" + name)
            }
            closedir(dir)
            rmdir(p)
        } else {
            unlink(p)
        }
    }
}

func unlinkFile(_ path: String) { unlink(path) }

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
