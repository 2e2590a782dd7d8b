import Foundation

/// A recorded session, written: the scenario (`locsim run` replays it) and
/// the observed log (the device's `delegate`, `completion` and `app`
/// records, in locsim's log format), for `locsim compare`.
public struct RecordedSession: Sendable, Equatable {
    public var scenario: String
    public var observedLog: String

    /// Writes `<name>.scn` and `<name>.observed.log` into `directory`.
    public func write(to directory: URL, name: String = "session") throws {
        try Data(scenario.utf8).write(to: directory.appendingPathComponent(name + ".scn"), options: .atomic)
        try Data(observedLog.utf8).write(
            to: directory.appendingPathComponent(name + ".observed.log"), options: .atomic)
    }
}

/// The journal as a scenario and an observed log: the app's calls as `app`
/// lines, the world's inputs inferred from what the app heard (fixes from
/// delivered locations, answers from authorization changes after a request,
/// Settings changes from changes after none, crossings from region
/// callbacks), and each callback as the record locsim's log writes for it.
/// What the journal cannot tell is a `# unknown:` comment, never a guess
/// written as a line (docs/recorder.md, "What a session cannot show").
struct SessionWriter {
    struct Header {
        var platform: String?
        var plist: [(key: String, value: InfoValue)]
    }

    /// A delivery at most this long after its location's timestamp is live:
    /// its `fix` line is at the callback's time and its record has no `@t`
    /// (a device hands a fix over some milliseconds after it is taken).
    static let liveDelivery = 1.0

    /// A completion of `requestTemporaryFullAccuracyAuthorization` within
    /// this many milliseconds of the call is the system's (no prompt
    /// showed: a person takes longer to read one and tap).
    static let quickestAnswer: Int64 = 250

    let header: Header
    let entries: [SessionEntry]

    // The state the inference walks through.
    var lines: [(ms: Int64, text: String)] = []
    var observed: [(ms: Int64, text: String)] = []
    var start = Date()
    var system = Platform(text: nil)
    var status = "notDetermined"
    var accuracy = "fullAccuracy"
    /// The request waiting for its answer: `whenInUse`, `always`,
    /// `temporaryFullAccuracy`; nil when none, or when the request could
    /// show no prompt (rules.md §5: from `notDetermined` only, but the upgrade).
    var request: String?
    var requestTime: Int64 = 0
    /// The accuracy is full for a while (a temporary full-accuracy Allow Once).
    var temporaryFullAccuracy = false
    /// The line of the last `allowWhileUsing` for When In Use: an expiry
    /// with no request later makes it `allowOnce` (rules.md §7).
    var whileUsingAnswer: Int?
    var running = false
    var heardAuthorization = false
    var managers = 1
    var named = false
    /// The first input after a background launch goes at the launch, before
    /// the calls the launched app made: the system launched the app for it.
    var launchedFor: (ms: Int64, index: Int)?
    var fixesSeen = Set<SeenFix>()

    /// A `fix` line written: its time and its location as the text rounds
    /// it (the managers that all heard one location write it once).
    struct SeenFix: Hashable {
        var ms: Int64
        var latitude: Int64
        var longitude: Int64
        var accuracy: Int64

        init(ms: Int64, _ fix: SessionEntry.Fix) {
            self.ms = ms
            latitude = SessionWriter.scaled(fix.latitude, 6) ?? 0
            longitude = SessionWriter.scaled(fix.longitude, 6) ?? 0
            accuracy = SessionWriter.scaled(fix.accuracy, 0) ?? 0
        }
    }

    /// A location's numbers as text, each made once.
    struct LocationText {
        var latitude: String
        var longitude: String
        /// `<lat>,<lon> ±<m>`, as the log writes a location.
        var location: String

        init(_ fix: SessionEntry.Fix) {
            latitude = SessionWriter.degrees(fix.latitude)
            longitude = SessionWriter.degrees(fix.longitude)
            location = latitude
            location += ","
            location += longitude
            location += " ±"
            location += SessionWriter.fixed(fix.accuracy, 0)
        }
    }

    init(header: Header, entries: [SessionEntry]) {
        self.header = header
        self.entries = entries
    }

    var session: RecordedSession {
        var writer = self
        return writer.write()
    }

    mutating func write() -> RecordedSession {
        system = Platform(text: header.platform)
        start = entries.first?.time ?? Date()
        for entry in entries { add(entry) }
        var scenario = "# Recorded by LocSimRecorder: a session for 'locsim run' and 'locsim compare'"
        scenario += " (docs/recorder.md). '# unknown:' marks what the device cannot show.\nlocsim 1\n"
        if let platform = header.platform {
            scenario += "platform \(platform)\n"
        } else {
            scenario += "# unknown: the platform (SessionRecorder.describe(platform:plist:) was not called)\n"
        }
        for (key, value) in header.plist { scenario += "plist \(key) \(Self.plistValue(value))\n" }
        // In time order, lines of one time in the order written (most
        // sessions come in order: sorted only when one does not).
        let inOrder = zip(lines, lines.dropFirst()).allSatisfy { $0.ms <= $1.ms }
        let ordered =
            inOrder
            ? lines
            : lines.enumerated().sorted { ($0.element.ms, $0.offset) < ($1.element.ms, $1.offset) }.map(\.element)
        scenario.reserveCapacity(scenario.utf8.count + lines.count * 40)
        for line in ordered {
            // What the device could not show is a comment of its own: a
            // timed line holds an event.
            if line.text.hasPrefix("# unknown: ") {
                scenario += "# unknown: at \(Self.seconds(line.ms)), " + line.text.dropFirst(11) + "\n"
            } else {
                scenario += Self.seconds(line.ms)
                scenario += " "
                scenario += line.text
                scenario += "\n"
            }
        }
        var log = ""
        log.reserveCapacity(observed.count * 90)
        for record in observed {
            log += Self.seconds(record.ms)
            log += " "
            log += record.text
            log += "\n"
        }
        return RecordedSession(scenario: scenario, observedLog: log)
    }

    func ms(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince(start)
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int64((seconds * 1000).rounded())
    }

    @discardableResult
    mutating func line(_ ms: Int64, _ text: String) -> Int {
        lines.append((ms, text))
        return lines.count - 1
    }

    /// A world input inferred from a callback at `ms`.
    mutating func input(_ ms: Int64, _ text: String) {
        guard let launch = launchedFor else {
            line(ms, text)
            return
        }
        launchedFor = nil
        lines.insert((launch.ms, text), at: launch.index)
        if let answered = whileUsingAnswer, answered >= launch.index { whileUsingAnswer = answered + 1 }
    }

    mutating func add(_ entry: SessionEntry) {
        let t = ms(entry.time)
        switch entry.event {
        case .managerMade(let manager):
            managers = max(managers, manager)
            if manager > 1 {
                named = true
                line(t, "app[manager\(manager)] set distanceFilter none  # the manager is made")
            }
        case .call(let manager, let words):
            if words.hasPrefix("#") {
                line(t, words)
                return
            }
            let app = manager == 1 ? "app " : "app[manager\(manager)] "
            line(t, app + callWords(words))
            let notDetermined = status == "notDetermined"
            if words == "requestWhenInUseAuthorization", notDetermined {
                (request, requestTime) = ("whenInUse", t)
            } else if words == "requestAlwaysAuthorization", notDetermined || status == "authorizedWhenInUse" {
                (request, requestTime) = ("always", t)
            } else if words.hasPrefix("requestTemporaryFullAccuracyAuthorization") {
                (request, requestTime) = ("temporaryFullAccuracy", t)
            } else if !system.atLeast(8), notDetermined, words.hasPrefix("start") || words == "requestLocation" {
                // Before iOS 8 the first use of a service asks (rules.md §5).
                (request, requestTime) = ("always", t)
            }
        case .heard(let manager, let callback):
            heard(callback, manager: manager, at: t, time: entry.time)
        case .lifecycle(let change):
            lifecycle(change, at: t)
        }
    }

    mutating func lifecycle(_ change: SessionEntry.Lifecycle, at t: Int64) {
        switch change {
        case .launched(let inBackground, let reason):
            if running {
                line(
                    t,
                    "system terminate  # unknown: when the app ended (a suspended app is ended without a word); "
                        + "assumed just before this launch")
            }
            running = true
            managers = 1
            if inBackground {
                launchedFor = (t, lines.count)
                observed.append((t, "app launch background reason=" + (reason ?? "?")))
            } else {
                line(t, "launch")
                observed.append((t, "app launch foreground"))
            }
        case .foreground:
            line(t, "foreground")
            observed.append((t, "app foreground"))
        case .background:
            line(t, "background")
            observed.append((t, "app background"))
        case .terminating:
            running = false
            line(t, "terminate  # the app heard applicationWillTerminate: a force-quit, or the system's end")
        }
    }

    /// The scenario's words for a recorded call: `desiredAccuracy` in the
    /// rules' names (Sources/LocSimCoreLocation/LocSimCoreLocation.docc/CoreLocationUnderTheRules.md's mapping).
    func callWords(_ words: String) -> String {
        let prefix = "set desiredAccuracy "
        guard words.hasPrefix(prefix), let meters = Double(words.dropFirst(prefix.count)) else { return words }
        let name: String
        switch meters {
        case ...(-2): name = "bestForNavigation"
        case ..<0: name = "best"
        case ...10: name = "nearestTenMeters"
        case ...100: name = "hundredMeters"
        case ...1000: name = "kilometer"
        case 3000 where system.atLeast(14): name = "reduced"
        default: name = "threeKilometers"
        }
        return prefix + name
    }
}
