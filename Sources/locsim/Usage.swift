import LocSimKit
import LocSimTool

/// The help texts (`locsim --help`, `locsim <command> --help`).
enum Usage {
    static let main = """
        OVERVIEW: Replay an iOS Core Location scenario and write the log of the
        CLLocationManagerDelegate callbacks that would fire.

        USAGE: locsim <command> [<options>]

        COMMANDS:
          run <scenario>          Replay a scenario and write its log
          check <path>...         Compare scenario logs with their golden logs
          compare <session> <log> Replay a recorded session against a device's log
          matrix <scenario>       Replay a scenario on several OS versions and compare
          explore <scenario>      Every way the user can answer: one row per outcome
          bench                   Time replay of a large trace
          gpx <file.gpx>          Print a GPX track as scenario fix lines
          timeline <scenario>     Draw a replay as lanes over time (SVG or HTML)

        OPTIONS:
          -h, --help              Show help ('locsim <command> --help' for a command)
          --version               Show the version and the scenario format it reads

        Exit status: 0 success, 1 a golden mismatch or a failed expectation, 2 bad
        usage or bad input.

        """

    static let run = """
        OVERVIEW: Replay a scenario and write its log (standard output by default).

        USAGE: locsim run <scenario> [--platform <platform>] [--format text|jsonl]
                          [--only <kind>,...] [-o <file>] [--threads 1|2]

        ARGUMENTS:
          <scenario>              A scenario file (*.scn), or '-' for standard input

        OPTIONS:
          --platform <platform>   Replay on this platform instead of the scenario's
                                  'platform' line ('iOS 17.0', or '17.0' for iOS):
                                  the full log of that row of 'locsim matrix', with
                                  the same answer translation
          --format text|jsonl     Log format (default: text)
          --only <kind>,...       Keep only these record kinds: delegate, update,
                                  session, completion, prompt, app, auth, inuse,
                                  indicator, hold, drop, notification, warning, crash,
                                  react, expect
          -o, --output <file>     Write the log to <file>, replacing it only on success
                                  ('-' for standard output)
          --threads 1|2           2: parse a scenario file on a second thread when
                                  a core is free (load average below the cores
                                  less one); the same log (default: 1)
          -h, --help              Show this help

        A scenario with an error writes nothing: the error goes to standard error
        as 'file:line:column: error: ...' and the exit status is 2. A scenario
        whose 'expect' lines fail writes its log, prints each failed one to
        standard error, and the exit status is 1.

        """

    static let check = """
        OVERVIEW: Replay scenarios and compare each log with its golden log.

        USAGE: locsim check <scenario or folder>... [--update] [--jobs <n>]
                            [--shard <i>/<n>] [--summary jsonl]
                            [--coverage [--format text|json]] [--junit <file>]
                            [--annotations github|none]

        ARGUMENTS:
          <scenario or folder>    A scenario, or a folder searched recursively for *.scn

        OPTIONS:
          --update                Write missing or differing goldens instead of failing
                                  (also LOCSIM_RECORD=1 in the environment)
          --jobs <n>              Scenarios replayed at once (default: the processors
                                  locsim may run on, as `nproc` counts them)
          --shard <i>/<n>         Check only shard i of n (i counts from 1): each
                                  scenario's shard is fixed by its path relative to
                                  the folder given, so shards 1/n..n/n on n machines
                                  check every scenario exactly once. Prints
                                  'shard i/n: N of N scenarios'; a shard with none
                                  passes. See docs/ci-shards.md
          --summary jsonl         Write one JSON line per scenario to standard output
                                  (name, result, records, time_us: microseconds);
                                  the report goes to standard error
          --coverage              Also report which rules the scenarios exercise
                                  and which they never do (delivery cells, prompt
                                  answers, platform families, rule sections cited
                                  in # comments) on standard output; the check's
                                  report goes to standard error. See docs/coverage.md
          --format text|json      The coverage report's format (default: text)
          --junit <file>          Also write a JUnit XML report: a testsuite per
                                  folder, a testcase per scenario (skipped: left
                                  to another shard). LOCSIM_JUNIT_TIMES=0 writes
                                  every time as 0.000. See docs/ci-shards.md
          --annotations <kind>    github: also each error and golden mismatch as
                                  a GitHub workflow command on standard error
                                  (the default when GITHUB_ACTIONS=true); none
          -h, --help              Show this help

        The golden of x.scn is x.log beside it (the text log). A scenario in a
        folder named 'errors' must fail: its golden x.err holds the error line,
        naming the file without its folder. Each mismatch prints as a unified
        diff (diff -u) and its log is written to x.actual.log beside the golden;
        the last line is 'N passed, N failed'. Inputs must be regular files.
        Exit status: 0 all passed, 1 a mismatch or failure, 2 bad usage or no
        scenario found.

        """

    static let matrix = """
        OVERVIEW: Replay a scenario on several platforms (overriding its 'platform'
        line) and compare: one row per platform, then where the logs of each
        adjacent pair of platforms first differ.

        USAGE: locsim matrix <scenario> [--platforms <list> | --all]
                             [--format text|markdown|jsonl] [-o <file>] [--jobs <n>]

        ARGUMENTS:
          <scenario>              A scenario file (*.scn), or '-' for standard input

        OPTIONS:
          --platforms <list>      Comma-separated platforms; a bare version keeps the
                                  previous OS: 'iOS 12.5,13.0,macOS 15.0'
                                  (default: iOS 12.5,13.0,13.4,14.0,17.0,18.0,26.0)
          --all                   iOS 7.0,8.0,9.0,10.0,11.0,12.5,13.0,13.4,14.0,17.0,
                                  18.0,26.0, macOS 26.0, tvOS 26.0, watchOS 26.0,
                                  visionOS 26.0, macCatalyst 26.0
          --format <format>       text (default), markdown or jsonl
          -o, --output <file>     Write to <file>, replacing it only on success
          --jobs <n>              Platforms replayed at once (default: the processors
                                  locsim may run on, as `nproc` counts them)
          -h, --help              Show this help

        Columns: delegate callbacks delivered, held, dropped by reason, prompts
        shown by kind, errors (warnings, or the error that stopped the replay on
        that platform: a call it does not have, an answer its prompt does not offer).
        Exit status: 0 the matrix was written (whatever each platform did),
        2 bad usage or a syntax error in the scenario (file:line:column: error: ...).

        """

    static let explore = """
        OVERVIEW: Explore every way the user can answer: each prompt no 'on prompt'
        policy or 'user' line answers, and each 'user any' or 'system any' line,
        is a choice point; one row per distinct outcome, with how many answer
        paths lead to it and the shortest of them (docs/explore.md).

        USAGE: locsim explore <scenario> [--platforms <list> | --all]
                              [--format text|markdown|jsonl|dot] [--only-failing] [-o <file>]
                              [--counterexamples <dir>] [--jobs <n>] [--max-states <n>]
                              [--max-outcomes <n>] [--system-terminations <k>]
                              [--shrink] [--random <n> [--seed <s>]] [--shard <i>/<n>]
                              [--junit <file>] [--annotations github|none]
               locsim explore --merge <shard files> [--format text|markdown|jsonl]
                              [--only-failing] [-o <file>] [--jobs <n>] [--junit <file>]
                              [--annotations github|none]

        ARGUMENTS:
          <scenario>              A regular scenario file (*.scn), or '-' for standard input

        OPTIONS:
          --platforms <list>      Comma-separated platforms, as for 'matrix'
                                  (default: the scenario's own platform)
          --all                   The platforms of 'matrix --all'
          --format <format>       text (default), markdown, jsonl, or dot (the
                                  merged state graph, for Graphviz)
          --only-failing          Only the rows that stopped or failed an 'expect'
                                  line (the summaries still count every path)
          -o, --output <file>     Write to <file>, replacing it only on success
          --counterexamples <dir> Write the shortest path of each failing outcome
                                  as a plain scenario 'locsim run' replays (one
                                  per line and distinct path)
          --shrink                Shrink each counterexample: drop every line the
                                  failure does not need (each drop checked by
                                  replaying it), and name the choices that can vary
          --random <n>            Walk <n> random paths per platform instead of
                                  every path (each option of a choice point
                                  equally likely); rows count samples
          --seed <s>              The seed of '--random' (default 0)
          --shard <i>/<n>         Search shard <i> of <n> (from 1) and write it as
                                  JSON lines for '--merge' instead of the report
          --merge <files>         The report of the whole search, byte for byte,
                                  from the files of shards 1/n ... n/n
          --jobs <n>              Platforms explored at once (default: the processors
                                  locsim may run on, as `nproc` counts them)
          --max-states <n>        Stop with an error past <n> distinct states on a
                                  platform (default: 100000)
          --max-outcomes <n>      Stop with an error past <n> outcomes kept on a
                                  platform (default: 1000000)
          --system-terminations <k>
                                  Each line the app is suspended before is also a
                                  choice point: the system ends the app there or
                                  not, at most <k> times per path (default: 0)
          --junit <file>          Also write a JUnit XML report: a testsuite per
                                  platform, a testcase per 'expect' line
          --annotations <kind>    github: also each error and failed 'expect' line
                                  as a GitHub workflow command (the default when
                                  GITHUB_ACTIONS=true); none
          -h, --help              Show this help

        Standard error gets the paths, distinct states and time taken, and
        progress when the search runs longer than a second.
        Exit status: 0 the report was written, 1 as 0 but some path failed an
        'expect' line (or no path met an 'expect sometimes' line), 2 bad usage,
        a syntax error, an output that is the scenario, a 'user any' no path
        reaches with a prompt on screen, a 'system any' no path reaches with
        the app in the background or an upgrade prompt pending, or a limit
        reached (file:line:column: error: ...).

        """

    static let bench = """
        OVERVIEW: Time replay of a large generated or given trace.

        USAGE: locsim bench [--lines <n>] [--runs <r>] [--seed <s>] [--scenario <file>]
                            [--format text|jsonl] [--threads 1|2] [--writer | --emit-trace | --device]

        OPTIONS:
          --lines <n>             Lines of the generated trace (default: 1000000)
          --runs <r>              Timed replays; the median is reported (default: 5)
          --seed <s>              Seed of the generated trace (default: 1)
          --scenario <file>       Replay this scenario instead of a generated trace
          --format text|jsonl     Log format written (default: text)
          --threads 1|2           2: parse on a second thread, as 'run --threads 2'
                                  does (default: 1)
          --writer                Time the log writer alone, on <n> records
          --emit-trace            Print the generated trace instead of timing it
          --device                Drive a SimulatedDevice with <n> fixes, one call a
                                  fix, against replaying its scenario (same process)
          -h, --help              Show this help

        Each replay writes its log to a temporary file, deleted afterwards.
        Reported: lines/s and MB/s of input, records/s, peak resident memory.

        """

    static let gpx = """
        OVERVIEW: Print the fix lines that '<start> gpx <file.gpx> speed <factor>'
        plays (docs/gpx.md).

        USAGE: locsim gpx <file.gpx> [--start <seconds>] [--speed <factor>] [-o <file>]

        OPTIONS:
          --start <seconds>       Time of the first point (default: 0)
          --speed <factor>        Play the track this many times faster (default: 1)
          -o, --output <file>     Write the lines to <file>, replacing it only on success
          -h, --help              Show this help

        <file.gpx> may be '-' for standard input (named <stdin> in errors).
        A malformed file prints 'file.gpx:line:column: error: ...' and exits 2.
        GPX files are read by the program locsim-gpx, looked for next to locsim
        (or at the path in LOCSIM_GPX).

        """

    static let timeline = """
        OVERVIEW: Replay a scenario and draw it as lanes over time (docs/timeline.md).

        USAGE: locsim timeline <scenario> -o <file.svg|file.html>

        OPTIONS:
          -o, --output <file>     The picture: .svg, or .html (a page holding the SVG);
                                  '-' writes the SVG to standard output
          -h, --help              Show this help

        Hover a mark or a bar for its details. A scenario with an error writes
        nothing and exits 2.

        """

    static let compare = """
        OVERVIEW: Replay a session LocSimRecorder recorded on a device and report
        where the model and the device disagree (docs/recorder.md).

        USAGE: locsim compare <session.scn> <observed.log>

        ARGUMENTS:
          <session.scn>           The session: a scenario of the device's inputs
          <observed.log>          What the device's app heard, in locsim's log format

        OPTIONS:
          -h, --help              Show this help

        Compared are the delegate and completion records and the app's launches,
        foreground and background changes; two records that differ only in time
        by at most 50 ms agree. Each disagreement names the rule behind the
        model's record (docs/rules.md §, the 'set' parameter). A '?' word in the
        observed log matches any word; the session's '# unknown:' comments are
        counted as unknowns.

        Exit status: 0 no disagreement, 1 a disagreement, 2 bad usage or bad input
        (a session with an error: 'file:line:column: error: ...').

        """

    static let version = """
        locsim \(LocSimVersion.tool)
        scenario format \(LocSimVersion.scenarioFormat)

        """

    /// Reports a usage error and the command's usage on standard error;
    /// returns exit status 2.
    static func fail(_ command: String?, _ error: UsageError) -> ExitStatus {
        let name = command.map { "locsim \($0)" } ?? "locsim"
        printError("\(name): error: \(error.message)\n\n" + help(command))
        return .failure
    }

    /// The commands the main help lists.
    static let commands = ["run", "check", "compare", "matrix", "explore", "bench", "gpx", "timeline"]

    /// The options `command`'s help lists (`-o`, `--output`, `--format`, …):
    /// the first words of its lines that start with `-`.
    static func options(of command: String?) -> [String] {
        var names: [String] = []
        for line in help(command).split(separator: "\n") {
            var rest = line.drop(while: { $0 == " " })
            while rest.hasPrefix("-") {
                let word = rest.prefix(while: { $0 != " " && $0 != "," && $0 != "=" })
                names.append(String(word))
                rest = rest.dropFirst(word.count)
                guard rest.hasPrefix(", ") else { break }
                rest = rest.dropFirst(2)
            }
        }
        return names
    }

    /// The help text of `command`, or the main help for `nil`.
    static func help(_ command: String?) -> String {
        switch command {
        case "run": return run
        case "check": return check
        case "compare": return compare
        case "bench": return bench
        case "matrix": return matrix
        case "explore": return explore
        case "gpx": return gpx
        case "timeline": return timeline
        default: return main
        }
    }
}
