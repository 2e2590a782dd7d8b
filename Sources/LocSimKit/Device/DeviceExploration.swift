/// Every path of your own code on a `SimulatedDevice`: the closure that
/// builds your objects and drives the device is run once per path, on each
/// platform, depth-first over the choices it meets — every prompt it moves
/// on from without answering, the system ending a suspended app (at most
/// `systemTerminations` times a path), and each `explorer.systemAny()`.
///
/// ```swift
/// let report = try DeviceExploration(platforms: [.iOS(13), .iOS(17)], plist: plist, systemTerminations: 1)
///     .run { device, explorer in
///         let app = MyApp(device: device)         // your objects, new on each run
///         app.tracker.startRun()                   // asks for When In Use
///         try device.advance(by: .seconds(1))      // the prompt, unanswered: a choice point
///         try device.feed(fix: fix)
///         explorer.check(app.tracker.lastPoint != nil || app.tracker.permission == .denied, "no fix")
///     }
/// for failure in report.failures { print(failure.path.choiceString, failure.path.scenario) }
/// ```
///
/// The model is that of systematic-testing tools for concurrent code
/// (Coyote, Shuttle): the closure's state is its own, so paths cannot be
/// merged as `locsim explore` merges them; each path costs one run of the
/// closure, and no path more. The closure must do the same on each run
/// given the same choices (no randomness, nothing kept between runs).
/// docs/explore.md, "Your own code: SimulatedDevice".
public struct DeviceExploration: Sendable {
    /// The platforms explored, each a separate search.
    public var platforms: [Platform]
    /// The Info.plist of the app, by key (as `plist` header lines give it).
    public var plist: [String: PlistValue]
    /// The delegate methods the app implements (the `delegate` header); every method by default.
    public var delegateMethods: DelegateMethods
    /// `set` header lines: rule parameters in force on every path.
    public var parameters: [ParameterSetting]
    /// At most this many system terminations of a suspended or background
    /// app per path (0: none; `locsim explore --system-terminations`).
    public var systemTerminations: Int
    /// The most paths followed on one platform: more is an `.exploreLimit` error.
    public var maxPaths: Int

    /// The default `maxPaths`.
    public static let defaultMaxPaths = 10_000

    /// The device of each run is `SimulatedDevice(platform:plist:delegateMethods:parameters:)`
    /// on each of `platforms` in turn.
    public init(
        platforms: [Platform], plist: [String: PlistValue] = [:], delegateMethods: DelegateMethods = .all,
        parameters: [ParameterSetting] = [], systemTerminations: Int = 0, maxPaths: Int = Self.defaultMaxPaths
    ) {
        self.platforms = platforms
        self.plist = plist
        self.delegateMethods = delegateMethods
        self.parameters = parameters
        self.systemTerminations = systemTerminations
        self.maxPaths = maxPaths
    }

    /// Runs `body` once per path on each platform.
    ///
    /// A path fails when `body` throws (its error, `DeviceError` or the
    /// test's own) or an `explorer.check` fails: it is then an outcome of
    /// its own, with the shortest path to it.
    ///
    /// - Throws: `DeviceError`: `.exploreLimit` past `maxPaths` paths on a
    ///   platform or 1000 choices on a path, `.notReplayable` when a re-run
    ///   of `body` meets other choice points than the run before on the
    ///   same choices, `.rejected` for a header the language rejects;
    ///   nothing is reported then.
    public func run(_ body: (SimulatedDevice, DeviceExplorer) throws -> Void) throws(DeviceError) -> Report {
        var results: [PlatformResult] = []
        for platform in platforms {
            var rows: [Row] = []
            var paths = 0
            var taken: [Int] = []
            var counts: [Int] = []
            repeat {
                guard paths < maxPaths else {
                    throw DeviceError(
                        .exploreLimit,
                        "explore stopped on \(platform): more than \(maxPaths) paths (maxPaths); answer some prompts in the closure, or lower systemTerminations"
                    )
                }
                paths += 1
                let run = try runOnce(on: platform, prefix: taken, expectedCounts: counts, body)
                if let stop = run.stop { throw stop }
                record(run.outcome, run.path, in: &rows)
                taken = run.path.choices.map(\.index)
                counts = run.counts
                // The deepest choice with an option left takes its next option.
                while let last = taken.last, last + 1 >= counts[taken.count - 1] {
                    taken.removeLast()
                    counts.removeLast()
                }
                if !taken.isEmpty { taken[taken.count - 1] += 1 }
            } while !taken.isEmpty
            results.append(PlatformResult(platform: platform, paths: paths, rows: rows))
        }
        return Report(platforms: results)
    }

    /// Runs `body` once on the path `choices` names (a `Path.choiceString`)
    /// on `platform`, past its end taking the first option of each choice
    /// point: the failure an exploration found, again, with the device to read.
    ///
    /// - Throws: `.notReplayable` for a string that is not a choice string,
    ///   or choices `body` does not meet (another closure, another platform).
    public func replay(
        _ choices: String, on platform: Platform, _ body: (SimulatedDevice, DeviceExplorer) throws -> Void
    )
        throws(DeviceError) -> Replayed
    {
        guard let prefix = Path.indices(of: choices) else {
            throw DeviceError(
                .notReplayable,
                "'\(choices)' is not a choice string: option numbers from 1 separated by '.', or '-' for no choice")
        }
        let run = try runOnce(on: platform, prefix: prefix, expectedCounts: [], body)
        if let stop = run.stop { throw stop }
        return Replayed(outcome: run.outcome, path: run.path, device: run.device)
    }

    /// One run of `body` on one path.
    private func runOnce(
        on platform: Platform, prefix: [Int], expectedCounts: [Int],
        _ body: (SimulatedDevice, DeviceExplorer) throws -> Void
    ) throws(DeviceError) -> (
        outcome: Outcome, path: Path, counts: [Int], stop: DeviceError?, device: SimulatedDevice
    ) {
        let device = try SimulatedDevice(
            platform: platform, plist: plist, delegateMethods: delegateMethods, parameters: parameters)
        let explorer = DeviceExplorer(
            prefix: prefix, expectedCounts: expectedCounts, systemTerminations: max(0, systemTerminations))
        explorer.device = device
        device.explorer = explorer
        var thrown: String?
        do {
            try body(device, explorer)
        } catch {
            thrown = (error as? DeviceError)?.description ?? String(describing: error)
        }
        device.explorer = nil
        explorer.checkFinished()
        let failure = explorer.failures.first ?? thrown.map { "threw " + $0 }
        var scenario = device.scenario
        if let failure {
            scenario +=
                "# locsim: the closure failed here: " + failure.split(separator: "\n").joined(separator: " ") + "\n"
        }
        let path = Path(platform: platform, choices: explorer.choices, scenario: scenario)
        let outcome = Outcome(
            platform: platform, failure: failure, authorization: device.authorizationStatus,
            terminations: explorer.terminations)
        return (outcome, path, explorer.counts, explorer.stop, device)
    }

    /// Counts a path under its outcome, keeping the shortest (the fewest
    /// choices; the first found among equally short ones).
    private func record(_ outcome: Outcome, _ path: Path, in rows: inout [Row]) {
        if let i = rows.firstIndex(where: { $0.outcome == outcome }) {
            rows[i].paths += 1
            if path.choices.count < rows[i].shortest.choices.count { rows[i].shortest = path }
        } else {
            rows.append(Row(outcome: outcome, paths: 1, shortest: path))
        }
    }
}

extension SimulatedDevice {
    /// `DeviceExploration(…).run(body)`: every path of `body` on each platform.
    public static func explore(
        platforms: [Platform], plist: [String: PlistValue] = [:], delegateMethods: DelegateMethods = .all,
        parameters: [ParameterSetting] = [], systemTerminations: Int = 0,
        maxPaths: Int = DeviceExploration.defaultMaxPaths, _ body: (SimulatedDevice, DeviceExplorer) throws -> Void
    ) throws(DeviceError) -> DeviceExploration.Report {
        try DeviceExploration(
            platforms: platforms, plist: plist, delegateMethods: delegateMethods, parameters: parameters,
            systemTerminations: systemTerminations, maxPaths: maxPaths
        ).run(body)
    }
}
