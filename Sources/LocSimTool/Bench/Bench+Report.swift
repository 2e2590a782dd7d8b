import LocSimKit

extension Bench.Report {
    /// The report as `locsim bench` prints it: the setup, each run's time,
    /// then the median run's rates and the peak memory.
    ///
    ///     trace: generated (seed 1), 1000000 lines, 45.123 MB
    ///     log: text, 1234567 records, 80.456 MB per run
    ///     machine: 2 cores
    ///     runs (s): 1.201 1.187 1.250 1.190 1.220
    ///     median: 1.201 s, 832639 lines/s, 37.6 MB/s in, 1027953 records/s
    ///     peak resident memory: 11264 KiB
    package var text: String {
        let t = medianSeconds
        let perSecond = { (n: Int) -> String in t > 0 ? String(Int((Double(n) / t).rounded())) : "-" }
        let mbPerSecond = { (n: Int) -> String in t > 0 ? Self.fixed(Double(n) / t / 1e6, 1) : "-" }
        var lines: [String] = []
        if inputBytes > 0 {
            lines.append("trace: \(source), \(self.lines) lines, \(Self.fixed(Double(inputBytes) / 1e6, 3)) MB")
        } else {
            lines.append("trace: \(source)")
        }
        lines.append(
            "log: \(format.rawValue), \(records) records, \(Self.fixed(Double(outputBytes) / 1e6, 3)) MB per run")
        lines.append(
            "machine: \(cores) cores" + (threads > 1 ? ", replay on \(threads) threads (parsing on its own)" : ""))
        lines.append("runs (s): " + seconds.map { Self.fixed($0, 3) }.joined(separator: " "))
        var median = "median: \(Self.fixed(t, 3)) s"
        if inputBytes > 0 {
            median += ", \(perSecond(self.lines)) lines/s, \(mbPerSecond(inputBytes)) MB/s in"
        }
        median += ", \(perSecond(records)) records/s, \(mbPerSecond(outputBytes)) MB/s out"
        lines.append(median)
        lines.append("peak resident memory: \(peakResidentKiB) KiB")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` with `decimals` decimals, rounded half away from zero, without Foundation.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let n = LogBytes.roundedInteger(value * scale)
        let magnitude = n.magnitude
        let unit = UInt64(scale)
        var s = n < 0 ? "-" : ""
        s += String(magnitude / unit)
        if decimals > 0 {
            let fraction = String(magnitude % unit)
            s += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return s
    }
}
