/// A scenario built in Swift, or given as text, ready to replay: the entry
/// point for unit tests (Sources/LocSimKit/LocSimKit.docc/SwiftAPI.md).
///
/// ```swift
/// var s = Scenario(platform: .iOS(13, 4))
/// s.plist("NSLocationWhenInUseUsageDescription", "Shows where you are.")
/// s.at(0, .launch)
/// s.at(1, .app(.requestWhenInUseAuthorization))
/// s.at(2, .user(.answer(.allowWhileUsing)))
/// let log = try s.replay()
/// ```
///
/// The builder writes each line as scenario text (`text`), and `replay()`
/// replays that text as `locsim run` would: the same checks, the same
/// records, and an error's line and column point into `text`.
public struct Scenario: Equatable, Sendable {
    /// Header lines, in the order given; they print before `body`.
    var header: [String]
    /// Timed lines, or the whole text given to `init(text:)`.
    var body: [String]

    /// An empty scenario on `platform` (`locsim 1`, `platform …`).
    public init(platform: Platform = .default) {
        header = [
            "locsim \(ScenarioParser.formatVersion)",
            "platform \(platform.os.rawValue) \(platform.major).\(platform.minor)",
        ]
        body = []
    }

    /// A scenario in the text form of SPEC §1 (a `.scn` file's contents).
    /// Builder calls add header lines before it and timed lines after it.
    public init(text: String) {
        header = []
        body = [text.hasSuffix("\n") ? String(text.dropLast()) : text]
    }

    /// The scenario as text, one line per call: what `locsim run` reads.
    public var text: String {
        (header + body).map { $0 + "\n" }.joined()
    }

    /// `plist <key> "<value>"`: an Info.plist string (a usage description).
    public mutating func plist(_ key: String, _ value: String) {
        header.append("plist \(Self.word(key)) \(Self.quoted(value))")
    }

    /// `plist <key> true|false`.
    public mutating func plist(_ key: String, _ value: Bool) {
        header.append("plist \(Self.word(key)) \(value)")
    }

    /// `plist <key> <word>…`: an Info.plist array (`UIBackgroundModes location`).
    public mutating func plist(_ key: String, _ words: [String]) {
        header.append((["plist", Self.word(key)] + words.map(Self.word)).joined(separator: " "))
    }

    /// `delegate <method>…`: the delegate methods the app implements (default: all).
    public mutating func delegate(_ methods: DelegateMethods) {
        let names = DelegateMethods.names.filter { methods.contains($0.1) }.map(\.0)
        header.append((["delegate"] + names).joined(separator: " "))
    }

    /// `set <parameter> <value>`: a rule parameter.
    public mutating func set(_ parameter: ParameterSetting) {
        header.append("set " + Self.text(of: parameter))
    }

    /// `seed <n>`: the seed for randomness (the rules use none yet).
    public mutating func seed(_ value: UInt64) {
        header.append("seed \(value)")
    }

    /// `<seconds> gpx <path> [speed <factor>]`: a GPX track's points play as
    /// fixes from this time (docs/gpx.md). `replay()` reads the file with
    /// the GPX reader `locsim-gpx`, found through `LOCSIM_GPX`, from the
    /// current folder when `path` is relative.
    public mutating func gpx(at seconds: Double, _ path: String, speed: Double = 1) {
        body.append(Self.time(seconds) + " gpx " + Self.word(path) + (speed == 1 ? "" : " speed " + Self.number(speed)))
    }

    /// `<seconds> <event>`: what happens at a time. Times are rounded to the
    /// millisecond and must not go backwards (a `ScenarioError` at replay).
    public mutating func at(_ seconds: Double, _ event: Event) {
        body.append(Self.time(seconds) + " " + Self.text(of: event))
    }

    /// Replays the scenario.
    ///
    /// - Throws: `ScenarioError` at the first line that does not fit, with
    ///   its line and column in `text`.
    public func replay() throws(ScenarioError) -> ReplayLog {
        var collector = RecordCollector()
        var reader = LineReader(bytes: Array(text.utf8))
        try Replay.run(&reader, into: &collector, tracks: TrackSource(reader: TrackSource.gpxReader, scenario: "-"))
        return ReplayLog(records: collector.records)
    }
}

extension Platform {
    /// `Platform(.iOS, major, minor)`: `Scenario(platform: .iOS(13, 4))`.
    public static func iOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.iOS, major, minor) }
    /// `Platform(.iPadOS, major, minor)`; iPadOS follows the iOS rules of the same number.
    public static func iPadOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.iPadOS, major, minor) }
    /// `Platform(.macOS, major, minor)`: `.macOS(14)`.
    public static func macOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.macOS, major, minor) }
    /// `Platform(.tvOS, major, minor)`: `.tvOS(17)`.
    public static func tvOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.tvOS, major, minor) }
    /// `Platform(.watchOS, major, minor)`: `.watchOS(10)`.
    public static func watchOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.watchOS, major, minor) }
    /// `Platform(.visionOS, major, minor)`: `.visionOS(2)`, an iPhone or iPad app on Apple Vision Pro.
    public static func visionOS(_ major: Int, _ minor: Int = 0) -> Platform { Platform(.visionOS, major, minor) }
    /// `Platform(.macCatalyst, major, minor)`: `.macCatalyst(17)`, the iPad app built with Mac Catalyst.
    public static func macCatalyst(_ major: Int, _ minor: Int = 0) -> Platform {
        Platform(.macCatalyst, major, minor)
    }
}

extension UserAction {
    /// Answers the prompt on screen without touching the Precise switch.
    public static func answer(_ answer: Answer) -> UserAction { .answer(answer, precise: nil) }
    /// Picks a location setting in the Settings app, Precise unchanged.
    public static func settings(_ choice: SettingsChoice) -> UserAction { .settings(choice, precise: nil) }
}

extension Event {
    /// A fix at `latitude`, `longitude` with `accuracy` meters (default 5, as in a scenario).
    public static func fix(_ latitude: Double, _ longitude: Double, accuracy: Double = 5) -> Event {
        .fix(Fix(Location(Coordinate(latitude: latitude, longitude: longitude), accuracy: accuracy)))
    }
}
