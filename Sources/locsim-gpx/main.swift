import LocSimGPX
import LocSimKit

// locsim-gpx <file.gpx>: the GPX reader `locsim` runs for `gpx` lines and
// `locsim gpx` (docs/gpx.md). It is the only program that links Foundation
// (FoundationXML's XMLParser), so `locsim` itself starts without it. It
// prints the file's points in the line format `GPXSidecar` documents.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `locsim` ignores SIGPIPE and the setting is inherited: a reader that has
// gone is a failed write, which stops the parse.
signal(SIGPIPE, SIG_IGN)

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--" { arguments.removeFirst() }
guard arguments.count == 1, arguments[0] != "-h", arguments[0] != "--help" else {
    let usage = """
        usage: locsim-gpx <file.gpx>   (or - for the file open on standard input)
        Prints the GPX file's points for locsim, one per line:
          <line> <column> <offset> fix <lat> <lon> [<accuracy>] [speed=…] [course=…] [alt=…]
        and, if the file does not fit, a last line: error <line> <column> <message>
        Run `locsim gpx <file.gpx>` for fix lines to paste into a scenario.

        """
    _ = FileIO.writeAll(arguments.count == 1 ? STDOUT_FILENO : STDERR_FILENO, Array(usage.utf8))
    exit(arguments.count == 1 ? 0 : 2)
}
// `-`: the file `locsim` opened, on standard input, so a FIFO is opened once.
let written =
    arguments[0] == "-"
    ? GPXPointLines.write(fd: STDIN_FILENO, to: STDOUT_FILENO) : GPXPointLines.write(arguments[0], to: STDOUT_FILENO)
exit(written ? 0 : 2)
