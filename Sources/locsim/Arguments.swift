import LocSimKit
import LocSimTool

/// A command's arguments, taken one at a time: options (`--format jsonl`,
/// `--format=jsonl`, `-o file`) and positional arguments, with `--` ending
/// the options.
struct Arguments {
    private var rest: ArraySlice<String>
    private var optionsEnded = false

    init(_ arguments: ArraySlice<String>) { rest = arguments }

    /// True when `-h` or `--help` appears before any `--`.
    var wantsHelp: Bool {
        for a in rest {
            if a == "--" { return false }
            if a == "-h" || a == "--help" { return true }
        }
        return false
    }

    enum Item {
        /// `--name` or `-n`, with the value written after `=` if any.
        case option(String, inlineValue: String?)
        case positional(String)
    }

    /// The next option or positional argument.
    mutating func next() -> Item? {
        guard let a = rest.popFirst() else { return nil }
        if optionsEnded || a == "-" || !a.hasPrefix("-") { return .positional(a) }
        if a == "--" {
            optionsEnded = true
            return next()
        }
        if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
            return .option(String(a[..<eq]), inlineValue: String(a[a.index(after: eq)...]))
        }
        return .option(a, inlineValue: nil)
    }

    /// The value of option `name`: the part after `=`, or the next argument.
    mutating func value(of name: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let v = rest.popFirst() else { throw UsageError("missing value for '\(name)'") }
        return v
    }

    /// A positive integer value of option `name` (`--jobs 4`, `--lines 1000000`).
    mutating func count(of name: String, inline: String?, allowZero: Bool = false) throws(UsageError) -> Int {
        let text = try value(of: name, inline: inline)
        guard let n = Int(text), n > 0 || (allowZero && n == 0) else {
            throw UsageError("'\(name)' needs a \(allowZero ? "non-negative" : "positive") integer, not '\(text)'")
        }
        return n
    }

    /// The value of `--shard` as a shard `i/n` (`check` and `explore`).
    mutating func shard(inline: String?) throws(UsageError) -> Shard {
        switch Shard.parse(try value(of: "--shard", inline: inline)) {
        case .success(let shard): return shard
        case .failure(let error): throw UsageError(error.message)
        }
    }
}

/// A command line that does not fit its command's usage (exit status 2).
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension UsageError {
    /// `unknown option '--platform'; did you mean '--platforms'?`: the
    /// options are those `command`'s help lists (`Usage.help`), so the
    /// suggestion cannot name an option the command does not take.
    static func unknownOption(_ name: String, command: String?) -> UsageError {
        let options = Usage.options(of: command)
        // Known, yet not matched: the flag was given a value (`--update=yes`).
        if options.contains(name) { return UsageError("'\(name)' takes no value") }
        return UsageError("unknown option '\(name)'" + Suggestion.hint(for: name, among: options))
    }
}
