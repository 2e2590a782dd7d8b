import LocSimKit
import LocSimTool

// The locsim command line: parses arguments, opens files, calls LocSimKit,
// maps the outcome to an exit status (SPEC §3). All logic is in the library.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `explore --shard` and `--merge` compare choice points across processes by
// their hash: the seed is fixed before anything is hashed (Explore.fixHashSeed).
if CommandLine.arguments.dropFirst().first == "explore",
    CommandLine.arguments.contains(where: { $0 == "--merge" || $0.hasPrefix("--shard") })
{
    Explore.fixHashSeed()
}

// Threads bound to processors of their own where the system allows it
// (LocSimTool's `ParallelMap.Placement`: Linux); the libraries leave
// threads where the system puts them.
ParallelMap.placement = ParallelMap.Placement.self

// A closed pipe must be a reported write error (exit status 2), not a signal death.
signal(SIGPIPE, SIG_IGN)

#if LOCSIM_STATIC_EXECUTABLE
    // Linked as a static executable (Package.swift, release on Linux), locsim
    // starts in a third of the instructions (no dynamic loader binding libc and
    // libstdc++ for the Swift runtime), but `dlsym` finds nothing: glibc's
    // `renameat2`, which `-o` uses to swap a log into place, is linked in by
    // name instead (`FileIO.replace`).
    @_silgen_name("renameat2")
    private func linkedRenameat2(
        _ fromDirectory: Int32, _ from: UnsafePointer<CChar>, _ toDirectory: Int32, _ to: UnsafePointer<CChar>,
        _ flags: UInt32
    ) -> Int32
    FileIO.renameExchange = { linkedRenameat2($0, $1, $2, $3, $4) }
#endif

// Interrupted or terminated: remove the staged temporary files (a log beside
// its target, a bench trace), then die of the same signal, so the caller
// sees the usual status (130 for Ctrl-C in a shell); an explore progress
// line left unterminated gets its line feed. Only async-signal-safe
// calls: unlink, write, signal, raise. A signal the caller ignores (`nohup`, a
// background job's SIGINT) stays ignored.
for interrupt in [SIGINT, SIGTERM, SIGHUP] {
    let previous = signal(interrupt, SIG_IGN)
    if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        continue
    }
    signal(interrupt) { received in
        StagedFiles.removeAllForSignal()
        if ExploreCommand.Progress.unterminated.pointee != 0 {
            var feed = UInt8(ascii: "\n")
            _ = write(STDERR_FILENO, &feed, 1)
        }
        signal(received, SIG_DFL)
        raise(received)
    }
}

func locsim(_ arguments: [String]) -> ExitStatus {
    guard let command = arguments.first else {
        return Usage.fail(nil, UsageError("missing command"))
    }
    let rest = arguments.dropFirst()
    switch command {
    case "-h", "--help", "help":
        return printOutput(Usage.main)
    case "--version":
        return printOutput(Usage.version)
    case "run", "check", "compare", "matrix", "explore", "bench", "gpx", "timeline":
        if Arguments(rest).wantsHelp { return printOutput(Usage.help(command)) }
        switch command {
        case "run": return RunCommand.main(rest)
        case "check": return CheckCommand.main(rest)
        case "compare": return CompareCommand.main(rest)
        case "matrix": return MatrixCommand.main(rest)
        case "explore": return ExploreCommand.main(rest)
        case "gpx": return GPXCommand.main(rest)
        case "timeline": return TimelineCommand.main(rest)
        default: return BenchCommand.main(rest)
        }
    default:
        if command.hasPrefix("-") { return Usage.fail(nil, UsageError.unknownOption(command, command: nil)) }
        let hint = Suggestion.hint(for: command, among: Usage.commands)
        return Usage.fail(nil, UsageError("unknown command '\(command)'" + hint))
    }
}

// Decoded keeping every byte, so a file name that is not UTF-8 is opened
// as it is (`SystemPath`).
exit(locsim(SystemPath.arguments()).rawValue)
