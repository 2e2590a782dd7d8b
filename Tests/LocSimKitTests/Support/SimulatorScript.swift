@testable import LocSimKit

/// Drives a `Simulator` statement by statement, without the parser, so rule
/// tests read as scripts: event in, records out.
struct SimulatorScript {
    var simulator: Simulator
    private var line = 0

    init(
        _ platform: Platform = Platform(.iOS, 13, 0),
        plist: [String: PlistValue] = [
            "NSLocationWhenInUseUsageDescription": .string("when"),
            "NSLocationAlwaysAndWhenInUseUsageDescription": .string("always"),
        ],
        delegate: DelegateMethods = .all,
        _ configure: (inout Parameters) -> Void = { _ in }
    ) {
        var header = ScenarioHeader()
        header.platform = platform
        header.plist = plist
        header.delegate = delegate
        configure(&header.parameters)
        simulator = Simulator(header: header)
    }

    /// Applies `event` at `seconds` and returns the records produced up to and
    /// including it (timers due before it included).
    @discardableResult
    mutating func at(_ seconds: Double, _ event: Event) throws(ScenarioError) -> [Record] {
        line += 1
        let statement = TimedStatement(
            time: Millis(Int64((seconds * 1000).rounded())), event: event,
            location: SourceLocation(line: line, column: 1), argumentColumn: 1)
        try simulator.apply(statement)
        return simulator.takeOutput().map(\.record)
    }

    /// Both usage descriptions and the `location` background mode, which an
    /// activity session needs to work in the background (docs/modern.md M21).
    static let backgroundCapable: [String: PlistValue] = [
        "NSLocationWhenInUseUsageDescription": .string("when"),
        "NSLocationAlwaysAndWhenInUseUsageDescription": .string("always"),
        "UIBackgroundModes": .array(["location"]),
    ]

    /// Launches at 0, requests When In Use at 1 and answers `answer` at 2.
    mutating func launchAuthorized(_ answer: Answer = .allowWhileUsing, precise: Bool? = nil) throws(ScenarioError) {
        try at(0, .launch)
        try at(1, .app(.requestWhenInUseAuthorization))
        try at(2, .user(.answer(answer, precise: precise)))
    }

    /// Runs the remaining timers and returns their records with times.
    mutating func finish() -> [LogRecord] {
        simulator.finish()
        return simulator.takeOutput()
    }

    static func fix(_ lat: Double, _ lon: Double, _ accuracy: Double = 5) -> Event {
        .fix(Fix(Location(Coordinate(latitude: lat, longitude: lon), accuracy: accuracy)))
    }

    static func location(_ lat: Double, _ lon: Double, _ accuracy: Double = 5) -> Location {
        Location(Coordinate(latitude: lat, longitude: lon), accuracy: accuracy)
    }

    static func region(_ id: String, _ lat: Double = 35, _ lon: Double = 139.7, _ radius: Double = 100) -> Event {
        .app(
            .startMonitoring(CircularRegion(id: id, center: Coordinate(latitude: lat, longitude: lon), radius: radius)))
    }
}
