#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a log on their way to memory, a file or standard output,
/// delivered whole on `commit()` or not at all on `discard()`.
///
/// SPEC §1.2: a scenario with an error presents nothing partial as a result.
/// The log is written while the scenario is still being read, so where it
/// goes must be undoable until the replay has succeeded:
///
/// - `memory()`: everything stays in `contents` (tests, `check`).
/// - `file(_:)`: a temporary file `.locsim-XXXXXX` beside the target (its
///   symbolic links followed), written in chunks of `chunkSize`, renamed
///   over the target by `commit()` and removed by `discard()` or a signal
///   (`StagedFiles`). A target that exists and is not a regular file
///   (`/dev/null`, a pipe) cannot be renamed over; it is spooled like
///   standard output and opened only at commit. `/dev/stdout`, `/dev/fd/N`
///   and links to them are the open descriptor itself, written like `-`.
/// - `standardOutput()`: kept in memory up to `spillThreshold`, then spilled
///   to an unlinked temporary file, so memory stays flat however long the
///   log; `commit()` copies it all to standard output. With no writable
///   temporary folder the log stays in memory instead of failing.
///
/// A write error is remembered, later writes are dropped, and `commit()`
/// throws it. A copy of a buffer shares its file descriptors: keep one owner.
package struct OutputBuffer {
    /// Bytes written and not yet flushed; the writers append here.
    var bytes = ByteBuffer()
    /// `bytes.count` at which `flushIfNeeded()` writes them out.
    private var flushThreshold: Int
    private var destination: Destination
    private var failure: FileError?
    /// `stage()` wrote the temporary file whole: `commit` only renames it.
    private var staged = false

    /// Size of the writes to a file (SPEC-free choice: 64 KiB, one write per
    /// about a thousand log lines, small enough to stay in cache).
    package static let chunkSize = 1 << 16
    /// Size of the writes to the temporary file of `-o` (a log that
    /// replaces a file): 1 MiB, sixteen times fewer `write(2)` calls, which
    /// made a day-long replay about 0.9 ms faster in 13 (bench/RESULTS.md).
    package static let fileChunkSize = 1 << 20
    /// Default in-memory limit of a spooled log before it spills to disk.
    package static let defaultSpillThreshold = 4 << 20

    private enum Destination {
        case memory
        /// A temporary file renamed over `path` at commit, then given `mode`;
        /// errors name `label`, the path as the user gave it.
        case replace(
            fd: Int32, temporaryPath: String, ticket: StagedFiles.Ticket, path: String, label: String, mode: mode_t)
        /// Memory, then an unlinked temporary file; copied to `target` at commit.
        case spool(spill: Int32?, target: SpoolTarget)
        /// Handed to a golden comparison a chunk at a time (`check`).
        case compare(GoldenComparator)
        /// Dropped a chunk at a time (a scenario whose error is the result).
        case discarding
        /// Committed or discarded: nothing more to do.
        case closed
    }

    private enum SpoolTarget {
        /// An open descriptor (standard output), named `label` in errors.
        case descriptor(Int32, label: String)
        case path(String)
    }

    private init(destination: Destination, flushThreshold: Int) {
        self.destination = destination
        self.flushThreshold = flushThreshold
    }

    /// Keeps the whole log in memory, in `contents`.
    package static func memory() -> OutputBuffer {
        OutputBuffer(destination: .memory, flushThreshold: .max)
    }

    /// Hands the log to `comparator` a chunk at a time; memory stays at a chunk.
    package static func comparing(with comparator: GoldenComparator) -> OutputBuffer {
        var buffer = OutputBuffer(destination: .compare(comparator), flushThreshold: chunkSize)
        buffer.bytes = ByteBuffer(capacity: chunkSize + 4096)
        return buffer
    }

    /// Drops the log as it is written.
    package static func discarding() -> OutputBuffer {
        OutputBuffer(destination: .discarding, flushThreshold: chunkSize)
    }

    /// Spools the log for standard output, written by `commit()`.
    package static func standardOutput(spillThreshold: Int = defaultSpillThreshold) -> OutputBuffer {
        spooled(.descriptor(STDOUT_FILENO, label: standardOutputLabel), spillThreshold: spillThreshold)
    }

    /// Spools the log (memory, then a spill file) and writes it to `path` at
    /// commit, opening the file only then.
    static func spooled(to path: String, spillThreshold: Int = defaultSpillThreshold) -> OutputBuffer {
        spooled(.path(path), spillThreshold: spillThreshold)
    }

    private static func spooled(_ target: SpoolTarget, spillThreshold: Int) -> OutputBuffer {
        OutputBuffer(destination: .spool(spill: nil, target: target), flushThreshold: spillThreshold)
    }

    private static let standardOutputLabel = "standard output"

    /// Writes the log to a temporary file beside `path` (beside the file a
    /// symbolic link leads to), renamed over it by `commit()`.
    ///
    /// - Throws: when `path` is a folder or its folder does not accept a new file.
    package static func file(_ path: String, spillThreshold: Int = defaultSpillThreshold) throws(FileError)
        -> OutputBuffer
    {
        let target: String
        switch try FileIO.resolveLinks(path) {
        case .descriptor(let fd):
            let label = fd == STDOUT_FILENO ? standardOutputLabel : path
            return spooled(.descriptor(fd, label: label), spillThreshold: spillThreshold)
        case .path(let resolved): target = resolved
        }
        var info = stat()
        var mode = FileIO.defaultFileMode()
        var owner: (uid_t, gid_t)? = nil
        if SystemPath.withCString(target, { stat($0, &info) }) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw FileError("cannot write", path, code: EISDIR) }
            if type != S_IFREG { return spooled(to: target, spillThreshold: spillThreshold) }
            mode = info.st_mode & 0o7777  // keep the permissions of the file we replace
            owner = (info.st_uid, info.st_gid)
            // Renaming over a file needs only its folder's permission: a
            // file the user may not write is refused, as `cp` (without
            // `-f`) refuses it (issue 31).
            if SystemPath.withCString(target, { faccessat(AT_FDCWD, $0, W_OK, AT_EACCESS) }) != 0 && errno == EACCES {
                throw FileError(
                    "cannot write '\(path)': \(FileError.describe(EACCES)) (the file is read-only to you;"
                        + " locsim replaces an output file only when it may write it, as cp does)",
                    code: EACCES)
            }
        }
        // A short name, so a target name of up to NAME_MAX bytes still has a
        // valid temporary beside it; beside it, so `rename` never crosses
        // file systems and `$TMPDIR` plays no part.
        let directory = FileIO.directory(of: target)
        let template = (directory == "/" ? "" : directory) + "/.locsim-XXXXXX"
        let made: (fd: Int32, path: String, ticket: StagedFiles.Ticket)
        switch FileIO.makeTemporaryFile(template) {
        case .success(let m): made = m
        case .failure(let error): throw FileError("cannot write", path, code: error.code)
        }
        if let owner, let refusal = keepOwner(owner, of: made.fd, path) {
            close(made.fd)
            StagedFiles.remove(made.path, made.ticket)
            throw refusal
        }
        var buffer = OutputBuffer(
            destination: .replace(
                fd: made.fd, temporaryPath: made.path, ticket: made.ticket, path: target, label: path, mode: mode),
            flushThreshold: fileChunkSize)
        buffer.bytes = ByteBuffer(capacity: fileChunkSize + 4096)
        return buffer
    }

    /// Gives the staged file `fd` the owner and group of the file it will
    /// replace, so replacing a file keeps them as it keeps the mode
    /// (issue 31: root writing `-o` onto another user's file made it
    /// root's). `nil` when done, or the error when the system refuses (a
    /// file of another user that this user may write, such as one
    /// writable by its group): locsim then refuses to replace it.
    private static func keepOwner(_ owner: (uid_t, gid_t), of fd: Int32, _ path: String) -> FileError? {
        var staged = stat()
        guard fstat(fd, &staged) == 0 else { return FileError("cannot write", path, code: errno) }
        if staged.st_uid == owner.0 && staged.st_gid == owner.1 { return nil }
        if fchown(fd, owner.0, owner.1) == 0 { return nil }
        let code = errno
        return FileError(
            "cannot write '\(path)': it belongs to user \(owner.0), group \(owner.1), and locsim, which replaces"
                + " an output file with a new one, cannot give the new file that owner (\(FileError.describe(code)));"
                + " write to another name, or remove the file first",
            code: code)
    }

    /// Everything written so far, for a `memory()` buffer; for the others,
    /// only what has not been flushed yet.
    package var contents: [UInt8] { bytes.array }

    /// Appends raw bytes (a scenario generator, a copied log).
    package mutating func append(_ more: [UInt8]) {
        bytes.append(more)
        flushIfNeeded()
    }

    /// Appends raw bytes from memory the caller owns.
    mutating func append(_ more: UnsafeRawBufferPointer) {
        bytes.append(more)
        flushIfNeeded()
    }

    /// Writes the pending bytes out once there are enough of them.
    @inline(__always)
    mutating func flushIfNeeded() {
        if bytes.count >= flushThreshold { flush() }
    }

    /// Writes the pending bytes to the file or the spill file.
    private mutating func flush() {
        if failure != nil {
            bytes.removeAll()
            return
        }
        switch destination {
        case .memory, .closed:
            return
        case .discarding:
            bytes.removeAll()
        case .compare(let comparator):
            comparator.consume(bytes.bytes)
            bytes.removeAll()
        case .replace(let fd, _, _, _, let label, _):
            let code = FileIO.writeAll(fd, bytes.bytes)
            if code != 0 { failure = FileError("cannot write", label, code: code) }
            bytes.removeAll()
        case .spool(let spill, let target):
            var fd = spill ?? -1
            if fd < 0 {
                switch FileIO.makeTemporaryFile(FileIO.temporaryDirectory + "/locsim-spool-XXXXXX") {
                case .success(let made):
                    fd = made.fd
                    // Gone from the folder; the space returns when we close it.
                    StagedFiles.remove(made.path, made.ticket)
                    destination = .spool(spill: fd, target: target)
                case .failure:
                    // No writable temporary folder: keep the log in memory
                    // rather than fail a run that can still succeed.
                    flushThreshold = .max
                    return
                }
            }
            let code = FileIO.writeAll(fd, bytes.bytes)
            if code != 0 {
                failure = FileError("cannot write", FileIO.temporaryDirectory + "/locsim-spool-…", code: code)
            }
            // After the spill, keep only a chunk in memory.
            if bytes.capacity > OutputBuffer.chunkSize * 2 {
                bytes.reset(capacity: OutputBuffer.chunkSize + 4096)
            } else {
                bytes.removeAll()
            }
            flushThreshold = OutputBuffer.chunkSize
        }
    }

    /// Delivers the whole log: renames the temporary file over the target, or
    /// copies the spooled bytes to standard output or the target.
    ///
    /// - Throws: the first write error, after removing any temporary file.
    package mutating func commit() throws(FileError) {
        let destination = self.destination
        self.destination = .closed
        switch destination {
        case .memory, .closed:
            return
        case .discarding:
            bytes.reset(capacity: 0)
        case .compare(let comparator):
            comparator.consume(bytes.bytes)
            bytes.reset(capacity: 0)
        case .replace(let fd, let temporaryPath, let ticket, let path, let label, let mode):
            if !staged { finishTemporaryFile(fd, label: label, mode: mode) }
            if failure == nil && !FileIO.replace(path, with: temporaryPath) {
                failure = FileError("cannot write", label, code: errno)
            }
            if let failure {
                StagedFiles.remove(temporaryPath, ticket)
                throw failure
            }
            StagedFiles.forget(ticket)
        case .spool(let spill, let target):
            defer { if let spill { close(spill) } }
            if let failure { throw failure }
            let (out, label): (Int32, String)
            switch target {
            case .descriptor(let fd, let name):
                (out, label) = (fd, name)
            case .path(let path):
                let fd = SystemPath.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666) }
                if fd < 0 { throw FileError("cannot write", path, code: errno) }
                (out, label) = (fd, path)
            }
            let opened: Bool
            if case .path = target { opened = true } else { opened = false }
            defer { if opened { close(out) } }
            if let spill {
                try OutputBuffer.copy(from: spill, to: out, label: label)
            }
            let code = FileIO.writeAll(out, bytes.bytes)
            bytes.reset(capacity: 0)
            if code != 0 { throw OutputBuffer.writeError(label, code) }
        }
    }

    /// Writes a file's whole contents to its temporary file and closes it,
    /// leaving only the rename to `commit()`: several files staged first
    /// are then put in place together or not at all (`locsim explore
    /// --counterexamples`). Nothing for the other destinations.
    ///
    /// - Throws: the first write error, after removing the temporary file.
    package mutating func stage() throws(FileError) {
        guard !staged, case .replace(let fd, let temporaryPath, let ticket, _, let label, let mode) = destination else {
            return
        }
        staged = true
        finishTemporaryFile(fd, label: label, mode: mode)
        if let failure {
            destination = .closed
            StagedFiles.remove(temporaryPath, ticket)
            throw failure
        }
    }

    /// The rest of the bytes written to the temporary file, its mode set, closed.
    private mutating func finishTemporaryFile(_ fd: Int32, label: String, mode: mode_t) {
        if failure == nil && !bytes.isEmpty {
            let code = FileIO.writeAll(fd, bytes.bytes)
            if code != 0 { failure = FileError("cannot write", label, code: code) }
        }
        bytes.reset(capacity: 0)
        if failure == nil && fchmod(fd, mode) != 0 { failure = FileError("cannot write", label, code: errno) }
        if close(fd) != 0 && failure == nil { failure = FileError("cannot write", label, code: errno) }
    }

    /// Throws the log away, removing any temporary file.
    package mutating func discard() {
        switch destination {
        case .memory, .closed, .discarding:
            break
        case .compare(let comparator):
            comparator.abandon()
        case .replace(let fd, let temporaryPath, let ticket, _, _, _):
            if !staged { close(fd) }
            StagedFiles.remove(temporaryPath, ticket)
        case .spool(let spill, _):
            if let spill { close(spill) }
        }
        destination = .closed
        bytes.reset(capacity: 0)
    }

    private static func writeError(_ label: String, _ code: Int32) -> FileError {
        label == standardOutputLabel
            ? FileError("cannot write to standard output: \(FileError.describe(code))", code: code)
            : FileError("cannot write", label, code: code)
    }

    /// Copies a spill file from its start to `out`.
    private static func copy(from spill: Int32, to out: Int32, label: String) throws(FileError) {
        if lseek(spill, 0, SEEK_SET) < 0 { throw FileError("cannot read the spooled log", code: errno) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(spill, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError("cannot read the spooled log: \(FileError.describe(errno))", code: errno)
            }
            if n == 0 { return }
            let code = chunk.withUnsafeBytes { FileIO.writeAll(out, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            if code != 0 { throw writeError(label, code) }
        }
    }
}
