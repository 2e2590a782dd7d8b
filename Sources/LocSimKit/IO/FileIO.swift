#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, retrying wrappers over the POSIX file calls the library needs.
///
/// Every call retries on `EINTR` and finishes short writes, so callers see
/// either all bytes written or one `errno`.
package enum FileIO {
    /// Writes all of `bytes` to `fd`; returns 0 or the `errno` of the failure.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard var base = bytes.baseAddress else { return 0 }
        var remaining = bytes.count
        while remaining > 0 {
            let n = write(fd, base, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            base += n
            remaining -= n
        }
        return 0
    }

    /// Writes all of `bytes` to `fd`; returns 0 or the `errno` of the failure.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// Reads `fd` to its end; `label` names it in the error.
    package static func readAll(_ fd: Int32, label: String) -> Result<[UInt8], FileError> {
        var result: [UInt8] = []
        while true {
            switch readBytes(fd, upTo: 1 << 16, label: label) {
            case .failure(let error): return .failure(error)
            case .success(let piece) where piece.isEmpty: return .success(result)
            case .success(let piece): result += piece
            }
        }
    }

    /// Up to `count` bytes from `fd`, fewer only at its end; read straight
    /// into the array, with no zeroed staging buffer (`check` reads two
    /// files a scenario on several threads, and clearing buffers cost it a
    /// sixth of its time).
    static func readBytes(_ fd: Int32, upTo count: Int, label: String) -> Result<[UInt8], FileError> {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            filled = 0
            while filled < count {
                let n = read(fd, buffer.baseAddress! + filled, count - filled)
                if n > 0 {
                    filled += n
                } else if n == 0 {
                    return
                } else if errno != EINTR {
                    failure = errno
                    return
                }
            }
        }
        return failure == 0 ? .success(bytes) : .failure(FileError("cannot read", label, code: failure))
    }

    /// One `read(2)` (or `pread(2)` at `offset`) of up to `count` bytes
    /// into `pointer`, retried on `EINTR`; 0 at the end of the file.
    package static func readInto(
        _ fd: Int32, _ pointer: UnsafeMutableRawPointer, count: Int, at offset: Int? = nil, label: String
    ) -> Result<Int, FileError> {
        while true {
            let n = offset.map { pread(fd, pointer, count, off_t($0)) } ?? read(fd, pointer, count)
            if n >= 0 { return .success(n) }
            if errno != EINTR { return .failure(FileError("cannot read", label, code: errno)) }
        }
    }

    /// Opens `path` for reading.
    package static func openForReading(_ path: String) -> Result<Int32, FileError> {
        while true {
            let fd = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
            if fd >= 0 { return .success(fd) }
            if errno == EINTR { continue }
            return .failure(FileError("cannot open", path, code: errno))
        }
    }

    /// Opens `path` for reading if it is a regular file (after its links):
    /// `check` reads scenarios and goldens to their end, and `/dev/zero` or a
    /// FIFO has none (issue 14). The error says `not a regular file`.
    package static func openRegularFile(_ path: String) -> Result<Int32, FileError> {
        openRegular(path).map(\.fd)
    }

    /// A regular file open for reading, and its size when it was opened.
    package struct RegularFile {
        package var fd: Int32
        package var size: Int
    }

    /// `openRegularFile`, with the file's size: a reader that has read that
    /// many bytes and gets fewer than it asked for is at the end, with no
    /// further `read` to see it (`check` reads two small files a scenario).
    ///
    /// Opened once, without waiting (`O_NONBLOCK`): opening a FIFO to read
    /// waits for a writer, and testing the path before opening it would race
    /// with its replacement. The flag stays set: it has no effect on a
    /// regular file (open(2)), and clearing it cost two `fcntl` calls a file.
    package static func openRegular(_ path: String) -> Result<RegularFile, FileError> {
        var fd: Int32 = -1
        while fd < 0 {
            fd = SystemPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
            if fd < 0 && errno != EINTR { return .failure(FileError("cannot open", path, code: errno)) }
        }
        var info = stat()
        if fstat(fd, &info) != 0 {
            let code = errno
            close(fd)
            return .failure(FileError("cannot read", path, code: code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            let kind: String
            switch info.st_mode & S_IFMT {
            case S_IFDIR: kind = "a folder"
            case S_IFCHR: kind = "a character device"
            case S_IFBLK: kind = "a block device"
            case S_IFIFO: kind = "a pipe"
            case S_IFSOCK: kind = "a socket"
            default: kind = "not a regular file"
            }
            let what = kind == "not a regular file" ? kind : "not a regular file (\(kind))"
            return .failure(FileError("cannot read '\(path)': \(what)", code: EINVAL))
        }
        return .success(RegularFile(fd: fd, size: Int(info.st_size)))
    }

    /// Reads the whole file at `path`; with `regularOnly`, only a regular
    /// file (see `openRegularFile`).
    package static func readFile(_ path: String, regularOnly: Bool = false) -> Result<[UInt8], FileError> {
        if regularOnly {
            switch openRegular(path) {
            case .success(let file):
                defer { close(file.fd) }
                return readBytes(file.fd, upTo: file.size, label: path)
            case .failure(let e): return .failure(e)
            }
        }
        let fd: Int32
        switch openForReading(path) {
        case .success(let d): fd = d
        case .failure(let e): return .failure(e)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return readAll(fd, label: path) }
        // A regular file is read as it is when opened: up to the size
        // `fstat` gave, in one `read`, with no second one to see its end.
        return readBytes(fd, upTo: Int(info.st_size), label: path)
    }

    /// Creates a new file from `template`, which ends in `XXXXXX` (`mkstemp`),
    /// registered with `StagedFiles` so a signal removes it.
    ///
    /// - Returns: the open descriptor, the file's actual path and its ticket.
    package static func makeTemporaryFile(
        _ template: String
    ) -> Result<(fd: Int32, path: String, ticket: StagedFiles.Ticket), FileError> {
        var buffer = (SystemPath.bytes(template) + [0]).map { CChar(bitPattern: $0) }
        let fd = buffer.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { return .failure(FileError("cannot create a temporary file", template, code: errno)) }
        let path = SystemPath.string(buffer.dropLast().map { UInt8(bitPattern: $0) })
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return .success((fd, path, StagedFiles.register(path)))
    }

    /// The folder for temporary files: `$TMPDIR` if it names a folder, else
    /// `/tmp` (a `TMPDIR` that does not exist must not make a run fail).
    package static var temporaryDirectory: String {
        if let dir = getenv("TMPDIR"), dir.pointee != 0 {
            var path = String(cString: dir)
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            var info = stat()
            if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return path }
        }
        return "/tmp"
    }

    /// The descriptor a path names when it is one of the process's own open
    /// files: `/dev/stdout` (1), `/dev/stderr` (2), `/dev/fd/N`,
    /// `/proc/self/fd/N`; `nil` for any other path. Writing to such a path
    /// writes to the descriptor, as the shell set it up, and never replaces
    /// or truncates what it points to.
    package static func inheritedDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            guard !number.isEmpty, number.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }), number.count <= 9,
                let fd = Int32(number)
            else { return nil }
            return fd
        }
        return nil
    }

    /// Where writing to `path` must go: `path` with its symbolic links
    /// followed (a dangling link gives the file it would create), or the
    /// inherited descriptor a link leads to.
    ///
    /// - Throws: `ELOOP` after 40 links, as the kernel counts them.
    package static func resolveLinks(_ path: String) throws(FileError) -> WriteTarget {
        var current = path
        for _ in 0..<40 {
            if let fd = inheritedDescriptor(current) { return .descriptor(fd) }
            var info = stat()
            guard SystemPath.withCString(current, { lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFLNK else {
                return .path(current)
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = SystemPath.withCString(current) { readlink($0, &buffer, buffer.count - 1) }
            if n < 0 { throw FileError("cannot write", path, code: errno) }
            let target = SystemPath.string(buffer[..<n].map { UInt8(bitPattern: $0) })
            if target.hasPrefix("/") {
                current = target
            } else {
                let folder = directory(of: current)
                current = folder == "/" ? "/" + target : folder + "/" + target
            }
        }
        throw FileError("cannot write", path, code: ELOOP)
    }

    /// What `resolveLinks` found.
    package enum WriteTarget: Equatable, Sendable {
        /// A path that is not a symbolic link (it may not exist yet).
        case path(String)
        /// One of the process's open descriptors (`/dev/stdout`).
        case descriptor(Int32)
    }

    /// The folder part of `path` (`.` when it has none), as `dirname` would say.
    package static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == 0 { return "/" }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// `path` as a file beside `scenario` names it: absolute as it is,
    /// otherwise relative to the scenario's folder (a `gpx` line's track).
    package static func path(_ path: String, besideFile scenario: String) -> String {
        let folder = directory(of: scenario)
        return path.hasPrefix("/") || folder == "." ? path : folder + "/" + path
    }

    /// The last component of `path` (`b.scn` for `a/b.scn`).
    package static func fileName(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// The permission bits a new file gets here: `0666` less the umask.
    static func defaultFileMode() -> mode_t { 0o666 & ~processUmask }

    /// The umask, read once: reading it means setting and restoring it, which
    /// must not race between `check`'s threads (a `static let` initializes once).
    private static let processUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    /// Writes `bytes` to `path` by way of a temporary file beside it and
    /// `rename(2)`, so a reader sees the old file or the new one, never half.
    package static func writeFileAtomically(_ path: String, _ bytes: [UInt8]) -> Result<Void, FileError> {
        var output: OutputBuffer
        do { output = try OutputBuffer.file(path) } catch { return .failure(error) }
        output.append(bytes)
        do {
            try output.commit()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
