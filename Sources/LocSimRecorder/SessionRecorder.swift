import Foundation

/// The journal of one recorded session: every call, callback and lifecycle
/// change of the app's `RecordingLocationManager`s, with its time, and the
/// app's Info.plist keys and platform. `session()` writes it as a scenario
/// and an observed log (docs/recorder.md).
///
/// Thread-safe: Core Location calls a delegate on the run loop the manager
/// was made on, and an app may have several; one lock guards the journal
/// (an append under it is the cost of recording a callback).
public final class SessionRecorder: @unchecked Sendable {
    /// The recorder `RecordingLocationManager()` records into.
    public static let shared = SessionRecorder()

    /// Options applied as entries are recorded, so the journal never holds
    /// what the option hides.
    public struct Options: Sendable {
        public var privacy: CoordinatePrivacy

        public init(privacy: CoordinatePrivacy = .exact) { self.privacy = privacy }
    }

    private let lock = NSLock()
    private var entries: [SessionEntry] = []
    private var managers = 0
    private let clock: @Sendable () -> Date
    public let options: Options
    /// The platform as the scenario's `platform` line writes it (`iOS 17.4`).
    public private(set) var platform: String?
    /// The Info.plist entries the rules read.
    public private(set) var plist: [(key: String, value: InfoValue)] = []

    /// `clock` is the time of each entry: the wall clock on a device,
    /// `{ device.date }` for a `SimulatedDevice`.
    public init(options: Options = Options(), clock: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        self.clock = clock
        #if canImport(CoreLocation) && !LOCSIM
            platform = Self.runningPlatform
            plist = Self.bundlePlist
        #endif
    }

    /// The platform and the Info.plist, where the recorder cannot read them
    /// (every platform but Apple's): the `platform` line's words (`iOS 17.0`)
    /// and the entries the rules read, in order.
    public func describe(platform: String, plist: [(key: String, value: InfoValue)]) {
        lock.lock()
        defer { lock.unlock() }
        self.platform = platform
        self.plist = plist
    }

    // MARK: Lifecycle (UIKit's notifications call these on Apple platforms)

    /// The process started: call it first (an app delegate's
    /// `application(_:didFinishLaunchingWithOptions:)`), with
    /// `inBackground` and `reason` from its launch options. Every
    /// `RecordingLocationManager` made after it counts from 1 again.
    public func launched(inBackground: Bool = false, reason: String? = nil) {
        lock.lock()
        managers = 0
        lock.unlock()
        record(.lifecycle(.launched(inBackground: inBackground, reason: reason)))
    }

    public func enteredForeground() { record(.lifecycle(.foreground)) }
    public func enteredBackground() { record(.lifecycle(.background)) }
    public func terminating() { record(.lifecycle(.terminating)) }

    // MARK: The journal

    /// Every entry so far, oldest first.
    public var journal: [SessionEntry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    /// The session so far: the scenario and the observed log.
    public func session() -> RecordedSession {
        lock.lock()
        let snapshot = entries
        let header = SessionWriter.Header(platform: platform, plist: plist)
        lock.unlock()
        return SessionWriter(header: header, entries: snapshot).session
    }

    /// A new manager's number in this process (1 for the first).
    func madeManager() -> Int {
        let time = clock()
        lock.lock()
        defer { lock.unlock() }
        managers += 1
        entries.append(SessionEntry(time: time, event: .managerMade(manager: managers)))
        return managers
    }

    func record(_ event: SessionEntry.Event) {
        let time = clock()
        lock.lock()
        entries.append(SessionEntry(time: time, event: event))
        lock.unlock()
    }

    /// `fix` after the privacy option.
    func hidden(_ fix: SessionEntry.Fix) -> SessionEntry.Fix {
        var fix = fix
        (fix.latitude, fix.longitude) = options.privacy.apply(fix.latitude, fix.longitude)
        return fix
    }
}

/// What the recorder does to each coordinate before it is kept.
public enum CoordinatePrivacy: Sendable, Equatable {
    /// As Core Location gave it.
    case exact
    /// Rounded to this many decimals (2: about 1 km; 3: about 100 m).
    case rounded(decimals: Int)
    /// Moved by these degrees: distances and crossings keep their shape,
    /// the place is not where it was. The offset is yours to keep secret.
    case offset(latitude: Double, longitude: Double)

    func apply(_ latitude: Double, _ longitude: Double) -> (Double, Double) {
        switch self {
        case .exact: return (latitude, longitude)
        case .rounded(let decimals):
            var scale = 1.0
            for _ in 0..<max(0, min(decimals, 6)) { scale *= 10 }
            return ((latitude * scale).rounded() / scale, (longitude * scale).rounded() / scale)
        case .offset(let dLatitude, let dLongitude):
            let latitude = min(90, max(-90, latitude + dLatitude))
            var longitude = longitude + dLongitude
            if longitude > 180 { longitude -= 360 }
            if longitude < -180 { longitude += 360 }
            return (latitude, longitude)
        }
    }
}

/// An Info.plist value as a scenario's `plist` line writes it.
public enum InfoValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    case list([String])
}
