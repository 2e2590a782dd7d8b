#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocSimKit

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

    /// The scenario at `path` (`-`: standard input), or `nil` after printing why not.
    static func readScenario(_ path: String) -> [UInt8]? {
        let read = path == "-" ? FileIO.readAll(STDIN_FILENO, label: "<stdin>") : FileIO.readFile(path)
        switch read {
        case .success(let bytes): return bytes
        case .failure(let error):
            printError("locsim: error: \(error.message)")
            return nil
        }
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
