/// One run of an exploration's closure: the choices it meets, the checks it
/// makes (`check(_:_:)`) and the system's moves it asks for (`systemAny()`).
///
/// The closure gets a new explorer on each run, with the device it drives.
/// At each choice point the explorer takes the option the path being
/// explored names (the first, past the path's end), and remembers how many
/// options there were, so that `DeviceExploration` can take the next path
/// depth-first (docs/explore.md, "Your own code: SimulatedDevice").
public final class DeviceExplorer {
    /// The options to take at the first choice points, in order.
    private let prefix: [Int]
    /// The option counts the run that chose `prefix` met there: a re-run
    /// that meets others is not the same path (the closure is not deterministic).
    private let expectedCounts: [Int]
    let systemTerminations: Int
    static let maxChoices = 1000

    /// The choices made so far, oldest first.
    private(set) var choices: [DeviceExploration.Choice] = []
    /// The option counts of `choices`.
    private(set) var counts: [Int] = []
    /// The system terminations chosen at `systemTerminations` points.
    private(set) var terminations = 0
    /// The messages of the failed checks, oldest first.
    private(set) var failures: [String] = []
    /// Why the run cannot go on as a path of the search (a limit, another
    /// path than the one replayed): every later device call throws it.
    private(set) var stop: DeviceError?
    weak var device: SimulatedDevice?

    init(prefix: [Int], expectedCounts: [Int], systemTerminations: Int) {
        self.prefix = prefix
        self.expectedCounts = expectedCounts
        self.systemTerminations = systemTerminations
    }

    /// Records a failure of the closure's own check: the path fails with
    /// `message` (the first failed check names the outcome); the run goes on.
    ///
    /// - Returns: `condition`, so a test can stop on it (`guard explorer.check(…) else { return }`).
    @discardableResult
    public func check(_ condition: Bool, _ message: @autoclosure () -> String) -> Bool {
        if !condition { failures.append(message()) }
        return condition
    }

    /// A choice point of the system (`system any` in a scenario): it may do
    /// nothing, end the app where it is in the background or suspended
    /// (`system terminate`), or show a pending provisional-Always upgrade
    /// prompt (`system notBusy`); only the moves that can happen now are
    /// options. Not counted against `systemTerminations`.
    public func systemAny() throws(DeviceError) {
        let device = try SimulatedDevice.alive(device, "explorer.systemAny")
        device.run(until: nil)
        try device.exploreBeforeCall(answering: false, terminable: false)
        let options: [Event?] = [nil] + device.engine.loop.simulator.systemMoves
        guard options.count > 1 else { return }
        let pick = try choose(
            options.map { $0.map(Scenario.text(of:)) ?? DeviceExploration.Choice.nothing }, at: device.engine.now,
            kind: .system)
        if let event = options[pick] { try device.input(event) }
    }

    /// Takes the option of the path at the next choice point.
    ///
    /// - Throws: the run's `stop`: more than `maxChoices` choices, or a
    ///   choice point other than the one the path recorded there.
    func choose(_ options: [String], at time: Millis, kind: DeviceExploration.Choice.Kind) throws(DeviceError) -> Int {
        if let stop { throw stop }
        let index = choices.count
        guard index < Self.maxChoices else {
            return try stopping(
                DeviceError(
                    .exploreLimit,
                    "more than \(Self.maxChoices) choices on one path (the \(kind) at \(time)): the closure loops (a prompt answered and asked again?)"
                ))
        }
        var pick = 0
        if index < prefix.count {
            pick = prefix[index]
            let expected = index < expectedCounts.count ? expectedCounts[index] : nil
            guard pick < options.count, expected == nil || expected == options.count else {
                let was = expected.map { "\($0) options" } ?? "option \(pick + 1)"
                return try stopping(
                    DeviceError(
                        .notReplayable,
                        "choice \(index + 1) is the \(kind) at \(time) with \(options.count) options, where the path has \(was): the closure does not do the same on each run (randomness, the clock, or state kept between runs), or the choices are of another closure"
                    ))
            }
        }
        choices.append(
            DeviceExploration.Choice(time: Instant(sinceStart: time), kind: kind, option: options[pick], index: pick))
        counts.append(options.count)
        if kind == .suspendedApp && pick == 1 { terminations += 1 }
        return pick
    }

    /// Checks that a finished run took the whole path it was given.
    func checkFinished() {
        guard stop == nil, choices.count < prefix.count else { return }
        stop = DeviceError(
            .notReplayable,
            "the closure returned after \(choices.count) choices, where the path has \(prefix.count): the closure does not do the same on each run, or the choices are of another closure"
        )
    }

    private func stopping(_ error: DeviceError) throws(DeviceError) -> Int {
        stop = error
        throw error
    }
}
