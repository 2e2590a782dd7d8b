import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Collects text for a file descriptor and writes it in one go on `flush()`.
struct FileStream: TextOutputStream {
    let fd: Int32
    private var pending: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    mutating func write(_ string: String) {
        pending.append(contentsOf: string.utf8)
    }

    /// Writes what was collected; returns 0 or the `errno` of a failed write.
    @discardableResult
    mutating func flush() -> Int32 {
        defer { pending.removeAll() }
        return FileIO.writeAll(fd, pending)
    }
}

/// How the command ended.
enum ExitStatus: Int32 {
    case success = 0
    /// A golden mismatch (`check`).
    case mismatch = 1
    /// Bad usage or bad input.
    case failure = 2
}

/// Writes `text` to standard error at once; a file name in it is written
/// as its own bytes (`SystemPath`), as the user typed it.
func printError(_ text: String) {
    _ = FileIO.writeAll(STDERR_FILENO, SystemPath.bytes(text.hasSuffix("\n") ? text : text + "\n"))
}

/// Writes `text` to standard output; a failed write (a closed pipe) is exit status 2.
func printOutput(_ text: String) -> ExitStatus {
    var out = FileStream(fd: STDOUT_FILENO)
    out.write(text)
    let code = out.flush()
    if code != 0 {
        printError("locsim: error: cannot write to standard output: \(FileError.describe(code))")
        return .failure
    }
    return .success
}

/// The output of `-o <path>` (staged beside it, written on `commit`), or
/// standard output for none or `-`; `nil` after printing why it cannot be made.
///
/// `input` (an open descriptor) or `inputPath` is what the command reads:
/// an output that is that same regular file (the same device and inode,
/// whatever symbolic or hard link names it) is refused, since writing it
/// would lose the input.
func openOutput(_ path: String?, input: Int32? = nil, inputPath: String? = nil) -> OutputBuffer? {
    guard let path, path != "-" else { return .standardOutput() }
    if let message = outputOntoInput(path, input: input, inputPath: inputPath) {
        printError("locsim: error: \(message)")
        return nil
    }
    do { return try OutputBuffer.file(path) } catch {
        printError("locsim: error: \(error.message)")
        return nil
    }
}

/// Writes the staged output; false after printing why it could not.
func commitOutput(_ output: inout OutputBuffer) -> Bool {
    do { try output.commit() } catch {
        printError("locsim: error: \(error.message)")
        return false
    }
    return true
}

/// Why `path` must not be written: it is the regular file the command
/// reads (`input`, or the file at `inputPath`); `nil` when it is not.
func outputOntoInput(_ path: String, input: Int32?, inputPath: String?) -> String? {
    var source = stat()
    if let input {
        guard fstat(input, &source) == 0 else { return nil }
    } else if let inputPath, inputPath != "-" {
        guard SystemPath.withCString(inputPath, { stat($0, &source) }) == 0 else { return nil }
    } else {
        return nil
    }
    var target = stat()
    guard source.st_mode & S_IFMT == S_IFREG, SystemPath.withCString(path, { stat($0, &target) }) == 0,
        target.st_dev == source.st_dev, target.st_ino == source.st_ino
    else { return nil }
    let named = inputPath.flatMap { $0 == "-" ? nil : " '\(Shown.escaped($0))'" } ?? ""
    return
        "the output '\(Shown.escaped(path))' is the input file\(named) (the same file, perhaps through a link); writing it would lose the input: choose another output"
}
