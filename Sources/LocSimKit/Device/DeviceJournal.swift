/// What a `SimulatedDevice` was told, as the scenario lines that replay it:
/// `SimulatedDevice.scenario`.
///
/// A plain fix is kept as its four numbers and written out only when the
/// text is asked for, so feeding a long trace formats nothing.
struct DeviceJournal {
    enum Entry {
        case line(String)
        /// `<time> fix <latitude> <longitude> <accuracy>`.
        case fix(Millis, latitude: Double, longitude: Double, accuracy: Double)
    }

    private(set) var header: [String]
    private(set) var entries: [Entry] = []

    init(header: [String]) { self.header = header }

    /// The line number the next timed line gets in `text`.
    var nextLineNumber: Int { header.count + entries.count + 1 }

    mutating func append(_ line: String) { entries.append(.line(line)) }

    @inline(__always)
    mutating func append(_ fix: Fix, at time: Millis) {
        let l = fix.location
        entries.append(
            .fix(time, latitude: l.coordinate.latitude, longitude: l.coordinate.longitude, accuracy: l.accuracy))
    }

    /// The scenario text, one line per entry (SPEC §1).
    ///
    /// Written as bytes: building a fix line as `String`s cost 15,000
    /// instructions, five seconds for a million fixes.
    var text: String {
        var out: [UInt8] = []
        for line in header {
            out += line.utf8
            out.append(LogBytes.newline)
        }
        for entry in entries {
            switch entry {
            case .line(let line): out += line.utf8
            case .fix(let time, let latitude, let longitude, let accuracy):
                time.appendSeconds(to: &out)
                out += " fix ".utf8
                Self.appendNumber(latitude, to: &out)
                out.append(UInt8(ascii: " "))
                Self.appendNumber(longitude, to: &out)
                out.append(UInt8(ascii: " "))
                Self.appendNumber(accuracy, to: &out)
            }
            out.append(LogBytes.newline)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `Scenario.number(v)` as bytes: the shortest decimal that reads back
    /// as `v`, without a trailing `.0`; exponent forms go the long way.
    private static func appendNumber(_ v: Double, to out: inout [UInt8]) {
        let shortest = v.description.utf8
        guard !shortest.contains(UInt8(ascii: "e")) else {
            out += Scenario.number(v).utf8
            return
        }
        let n = shortest.count
        if n >= 2, shortest.suffix(2).elementsEqual(".0".utf8) {
            out += shortest.prefix(n - 2)
        } else {
            out += shortest
        }
    }
}
