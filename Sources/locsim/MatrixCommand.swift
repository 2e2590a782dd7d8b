#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocSimKit

/// `locsim matrix <scenario> [--platforms <list> | --all] [--format text|markdown|jsonl] [-o <file>] [--jobs N]`.
enum MatrixCommand {
    struct Options {
        var scenario: String
        var matrix: Matrix
        var format: Matrix.Format
        var output: String?
    }

    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> Options {
        var args = Arguments(arguments)
        var scenario: String?
        var shared = PlatformOptions()
        while let item = args.next() {
            if try shared.take(item, from: &args) { continue }
            switch item {
            case .positional(let path):
                guard scenario == nil else { throw UsageError("unexpected argument '\(path)'; matrix takes one scenario") }
                scenario = path
            case .option(let name, _):
                throw UsageError.unknownOption(name, command: "matrix")
            }
        }
        guard let scenario else { throw UsageError("missing scenario; give a file, or '-' for standard input") }
        let list = try shared.list(otherwise: Matrix.defaultPlatforms) ?? Matrix.defaultPlatforms
        return Options(
            scenario: scenario, matrix: Matrix(platforms: list, jobs: shared.jobs), format: shared.format,
            output: shared.output)
    }

    static func main(_ arguments: ArraySlice<String>) -> ExitStatus {
        let options: Options
        do { options = try parse(arguments) } catch { return Usage.fail("matrix", error) }

        let label = options.scenario == "-" ? "<stdin>" : options.scenario
        let input: MatrixInput
        switch openInput(options.scenario, label: label) {
        case .success(let opened): input = opened
        case .failure(let error):
            printError(error.message)
            return .failure
        }
        defer { if case .file(let fd, _) = input, fd != STDIN_FILENO { close(fd) } }
        if case .file(let fd, _) = input, let path = options.output, path != "-",
            let message = outputOntoInput(path, input: fd, inputPath: options.scenario)
        {
            printError("locsim: error: \(message)")
            return .failure
        }
        let report: Matrix.Report
        let tracks = TrackSource(reader: GPXSidecar(), scenario: options.scenario)
        do throws(ScenarioError) { report = try options.matrix.run(input, tracks: tracks) } catch {
            printError(error.formatted(file: label))
            return .failure
        }
        return PlatformOptions.write(report.rendered(options.format), to: options.output)
    }

    /// An error message for standard error.
    struct InputError: Error {
        var message: String
    }

    /// The scenario as every platform's thread reads it: a regular file
    /// (opened once; anything else is refused, as `check` refuses it), or
    /// standard input — used as it is when it is a regular file, otherwise
    /// copied line by line to an unlinked temporary file, so memory stays
    /// flat and `/dev/zero` stops at its first over-long line.
    static func openInput(_ path: String, label: String) -> Result<MatrixInput, InputError> {
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
        switch FileIO.makeTemporaryFile(FileIO.temporaryDirectory + "/locsim-matrix.XXXXXX") {
        case .success(let made): spool = made
        case .failure(let error): return .failure(InputError(message: "locsim: error: \(error.message)"))
        }
        StagedFiles.remove(spool.path, spool.ticket)  // unlinked: it goes when closed
        var reader = LineReader(fileDescriptor: STDIN_FILENO)
        var pending: [UInt8] = []
        var failure: Int32 = 0
        do throws(ScenarioError) {
            try reader.forEachLine { (line, _) throws(ScenarioError) in
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
            return .failure(InputError(message: "locsim: error: cannot copy standard input to a temporary file: \(reason)"))
        }
        return .success(.file(spool.fd, offset: 0))
    }
}
