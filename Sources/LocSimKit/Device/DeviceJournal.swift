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
        entries.append(.fix(time, latitude: l.coordinate.latitude, longitude: l.coordinate.longitude, accuracy: l.accuracy))
    }

    /// The scenario text, one line per entry (SPEC §1).
    var text: String {
        var out = ""
        for line in header { out += line + "\n" }
        for entry in entries {
            switch entry {
            case .line(let line): out += line
            case .fix(let time, let latitude, let longitude, let accuracy):
                let fix = Fix(Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy))
                out += time.description + " " + Scenario.text(of: .fix(fix))
            }
            out += "\n"
        }
        return out
    }
}
