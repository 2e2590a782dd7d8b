import LocSimKit
import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The options `matrix` and `explore` share: which platforms, the report
/// format, where it goes, and how many threads.
struct PlatformOptions {
    var platforms: [Platform]?
    var all = false
    var format = Matrix.Format.text
    var output: String?
    var jobs = Check.coreCount

    /// Takes `item` if it is one of these options; false otherwise.
    mutating func take(_ item: Arguments.Item, from args: inout Arguments) throws(UsageError) -> Bool {
        switch item {
        case .option("--platforms", let inline):
            var list = try args.value(of: "--platforms", inline: inline)
            // `--platforms iOS 12.5,13.0`: the OS as a word of its own.
            if Platform.OS(rawValue: list) != nil { list += " " + (try args.value(of: "--platforms", inline: nil)) }
            do { platforms = try Matrix.platforms(parsing: list) } catch { throw UsageError(error.message) }
        case .option("--all", nil): all = true
        case .option("--format", let inline):
            let value = try args.value(of: "--format", inline: inline)
            guard let f = Matrix.Format(rawValue: value) else {
                throw UsageError("unknown format '\(value)'; expected text, markdown or jsonl")
            }
            format = f
        case .option("-o", let inline), .option("--output", let inline):
            output = try args.value(of: "-o", inline: inline)
        case .option("--jobs", let inline), .option("-j", let inline):
            jobs = try args.count(of: "--jobs", inline: inline)
        case .option, .positional:
            return false
        }
        return true
    }

    /// The platforms asked for: `--all`, `--platforms`, or `otherwise`.
    func list(otherwise: [Platform]?) throws(UsageError) -> [Platform]? {
        if all && platforms != nil { throw UsageError("'--all' and '--platforms' do not go together") }
        return all ? Matrix.allPlatforms : platforms ?? otherwise
    }

    /// An error message for standard error.
    struct InputError: Error {
        var message: String
    }

    /// The scenario as `matrix` and `explore` read it: a regular file
    /// (opened once; anything else is refused, as `check` refuses it), or
    /// standard input — used as it is when it is a regular file, otherwise
    /// copied line by line to an unlinked temporary file, so memory stays
    /// flat and `/dev/zero` stops at its first over-long line, an endless
    /// pipe at `maxSpoolBytes`.
    /// The most bytes of a piped scenario copied to the temporary file
    /// (256 MiB, about 5 million lines; a day-long trace is 7 MB): an
    /// endless pipe (`yes '0 launch' |`) stops there with an error instead
    /// of filling `$TMPDIR` at 400 MB/s (issue 31). A regular file is not
    /// copied and has no such limit.
    static let maxSpoolBytes = 1 << 28

    static func openInput(_ path: String, label: String, command: String = "matrix") -> Result<MatrixInput, InputError>
    {
        guard path == "-" else {
            switch FileIO.openRegularFile(path) {
            case .success(let fd): return .success(.file(fd, offset: 0))
            case .failure(let error): return .failure(InputError(message: "locsim: error: \(error.message)"))
            }
        }
        var info = stat()
        if fstat(STDIN_FILENO, &info) == 0 && info.st_mode & S_IFMT == S_IFREG {
            return .success(.file(STDIN_FILENO, offset: max(0, Int(lseek(STDIN_FILENO, 0, SEEK_CUR)))))
        }
        let spool: (fd: Int32, path: String, ticket: StagedFiles.Ticket)
        switch FileIO.makeTemporaryFile(FileIO.temporaryDirectory + "/locsim-input.XXXXXX") {
        case .success(let made): spool = made
        case .failure(let error): return .failure(InputError(message: "locsim: error: \(error.message)"))
        }
        StagedFiles.remove(spool.path, spool.ticket)  // unlinked: it goes when closed
        var reader = LineReader(fileDescriptor: STDIN_FILENO)
        var pending: [UInt8] = []
        var failure: Int32 = 0
        var spooled = 0
        do throws(ScenarioError) {
            try reader.forEachLine { (line, number) throws(ScenarioError) in
                spooled += line.count + 1
                if spooled > maxSpoolBytes {
                    throw ScenarioError(
                        "standard input passes \(maxSpoolBytes) bytes, the most '\(command)' copies from a pipe"
                            + " (every platform reads the scenario again); give the scenario as a regular file",
                        line: number, column: 1)
                }
                pending.append(contentsOf: line)
                pending.append(0x0A)
                if pending.count >= 1 << 16 {
                    if failure == 0 { failure = FileIO.writeAll(spool.fd, pending) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
        } catch {
            close(spool.fd)
            return .failure(InputError(message: error.formatted(file: label)))
        }
        if failure == 0 { failure = FileIO.writeAll(spool.fd, pending) }
        guard failure == 0 else {
            close(spool.fd)
            let reason = FileError.describe(failure)
            return .failure(
                InputError(message: "locsim: error: cannot copy standard input to a temporary file: \(reason)"))
        }
        return .success(.file(spool.fd, offset: 0))
    }

    /// The bytes of `input` from its offset to its end (as big as the file
    /// was when looked at), or `nil` after printing why not.
    static func readInput(_ input: MatrixInput, label: String) -> [UInt8]? {
        guard case .file(let fd, let offset) = input else {
            if case .bytes(let bytes) = input { return bytes }
            return nil
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            printError("locsim: error: " + FileError("cannot read", label, code: errno).message)
            return nil
        }
        let count = max(0, Int(info.st_size) - offset)
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                FileIO.readInto(fd, buffer.baseAddress! + done, count: count - done, at: offset + done, label: label)
            }
            switch read {
            case .success(0): bytes.removeLast(count - done)  // the file shrank meanwhile
            case .success(let n):
                done += n
                continue
            case .failure(let error):
                printError("locsim: error: \(error.message)")
                return nil
            }
            break
        }
        return bytes
    }

    /// Writes a finished report to `path` (replaced only now), or standard output.
    static func write(_ text: String, to path: String?) -> ExitStatus {
        guard let path, path != "-" else { return printOutput(text) }
        switch FileIO.writeFileAtomically(path, Array(text.utf8)) {
        case .success: return .success
        case .failure(let error):
            printError("locsim: error: \(error.message)")
            return .failure
        }
    }
}
