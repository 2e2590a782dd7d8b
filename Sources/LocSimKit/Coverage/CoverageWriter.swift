/// A `LogWriter` that writes nothing and tallies, from the records of one
/// replay, which rules they exercised (`locsim check --coverage`): for each
/// event that reached the delivery table (a `delegate` or `update` record
/// of an event, a `hold`, a `drop`), its service and the app state and
/// authorization the log showed when it came; each prompt shown with the
/// answers it offered and the one taken.
///
/// It reads only the records, as a person reads the log: the app state from
/// `app` records, the authorization from `auth` records. An event that
/// wakes or launches the app comes after its `app wake`/`app launch`
/// record at the same instant: it counts in the state before the wake.
struct CoverageWriter: LogWriter {
    /// What one replay exercised.
    var tally = CoverageTally()
    private var app = Delivery.App.notRunning
    /// The state before a wake or background launch, and its instant.
    private var beforeWake: (time: Instant, app: Delivery.App)? = nil
    private var status = AuthorizationStatus.notDetermined
    private var provisional = false
    /// A prompt on screen: its kind and the answers it offered.
    private var prompt: PromptKind? = nil
    /// The last `auth` record said Allow Once (`temporary`).
    private var allowedOnce = false

    mutating func write(_ record: LogRecord) {
        switch record.record.base {
        case .app(let change): appChanged(change, at: record.time)
        case .auth(let view):
            if allowedOnce && !view.temporary && view.status == .notDetermined {
                tally.features.insert(.allowOnceExpires)
            }
            // Kept on iOS 13 only (`CoverageReport.add`).
            if view.provisional { tally.features.insert(.provisionalOnIOS13) }
            status = view.status
            provisional = view.provisional
            allowedOnce = view.temporary
        case .prompt(let p):
            if case .show(.locationServices, _, _) = p { tally.features.insert(.locationServicesAlert) }
            prompted(p)
        case .delegate(let callback):
            if let service = Self.service(of: callback) { count(service, at: record.time) }
        case .update(let update):
            switch update {
            case .liveUpdate, .earlierLiveUpdate: count(.liveUpdates, at: record.time)
            case .monitorEvent, .refinedMonitorEvent: count(.monitor, at: record.time)
            case .serviceSession, .backgroundActivitySession: break
            }
        case .hold(let event, let reason):
            switch reason {
            case .provisionalAlways: tally.features.insert(.provisionalHold)
            case .suspended: tally.features.insert(.heldWhileSuspended)
            case .monitorNotOpen, .notRestarted, .deferred: break
            }
            if let service = Self.service(of: event) { count(service, at: record.time) }
        case .drop(let event, let reason):
            tally.dropReasons.insert(reason)
            let service = Self.service(of: event)
            if service == .region && reason == .reducedAccuracy { tally.features.insert(.reducedAccuracyRegion) }
            if let service { count(service, at: record.time) }
        case .inUseBegin(let reason):
            if reason == .backgroundSession { tally.features.insert(.backgroundSession) }
        case .inUseEnd(let reason):
            if reason == .graceExpired { tally.features.insert(.graceEnds) }
        case .session, .completion, .indicator, .notification, .warning, .crash, .react, .expect, .ofManager:
            break
        }
    }

    private mutating func appChanged(_ change: AppRecord, at time: Instant) {
        switch change {
        case .launchForeground: app = .foreground
        case .launchBackground(let reason):
            if reason == .location { tally.features.insert(.relaunchForLocation) }
            if reason == .region { tally.features.insert(.relaunchForRegion) }
            beforeWake = (time, app)
            app = .background
        case .wake:
            tally.features.insert(.wake)
            beforeWake = (time, app)
            app = .background
        case .foreground: app = .foreground
        case .background: app = .background
        case .suspend: app = .suspended
        // Ended by the user: `Coverage` reads it as the platform does (§2).
        case .terminate(let reason):
            if reason == .user { tally.features.insert(.forceQuit) }
            app = reason == .user ? .forceQuit : .notRunning
        }
    }

    private mutating func prompted(_ record: PromptRecord) {
        switch record {
        case .show(let kind, _, let answers):
            prompt = kind
            // Offered: present with 0 until taken.
            for answer in answers.map(\.rawValue) + (kind.dismissible ? ["dismiss"] : []) {
                tally.promptAnswers[CoverageTally.PromptCell(kind: kind, answer: answer), default: 0] += 0
            }
            tally.promptsShown[kind, default: 0] += 1
        case .answer(let answer):
            guard let kind = prompt else { return }
            tally.promptAnswers[CoverageTally.PromptCell(kind: kind, answer: answer.rawValue), default: 0] += 1
            prompt = nil
        case .dismiss:
            guard let kind = prompt else { return }
            tally.promptAnswers[CoverageTally.PromptCell(kind: kind, answer: "dismiss"), default: 0] += 1
            prompt = nil
        }
    }

    private mutating func count(_ service: CoverageTally.Service, at time: Instant) {
        let state = beforeWake.flatMap { $0.time == time ? $0.app : nil } ?? app
        let cell = CoverageTally.DeliveryCell(
            service: service, app: state, status: status, provisional: provisional)
        tally.delivery[cell, default: 0] += 1
    }

    /// The service whose event a callback delivers; nil for callbacks that
    /// answer no event of the table (authorization changes).
    static func service(of callback: Callback) -> CoverageTally.Service? {
        switch callback.event {
        case .didUpdateLocations, .didUpdateEarlierLocation, .didUpdateLocationBatch: return .location
        case .didEnterRegion, .didExitRegion: return .region
        case .didVisit: return .visit
        case .didRange: return .ranging
        case .didDetermineState: return .regionState
        case .didStartMonitoring, .monitoringDidFail: return .monitoringStart
        case .didFailWithError, .didFailRanging, .didPauseLocationUpdates, .didResumeLocationUpdates,
            .shouldDisplayHeadingCalibration, .didFinishDeferredUpdates:
            return .callback
        case .didUpdateHeading: return .heading
        case .didChangeAuthorization, .locationManagerDidChangeAuthorization: return nil
        }
    }

    /// The service of an event that was held or dropped.
    static func service(of event: UndeliveredEvent) -> CoverageTally.Service? {
        switch event {
        case .fix: return .location
        case .liveUpdate: return .liveUpdates
        case .monitorEvent: return .monitor
        case .significantChange: return .significantChange
        case .enter, .exit: return .region
        case .visitArrive, .visitDepart: return .visit
        case .beacon: return .ranging
        case .heading: return .heading
        case .callback(let callback): return service(of: callback) ?? .callback
        case .notification: return nil
        }
    }
}

/// What the records of one or more replays exercised.
struct CoverageTally: Equatable, Sendable {
    /// The services of the delivery table (docs/rules.md §8, docs/modern.md),
    /// as the log tells them apart: a delivered fix is `location` (the log
    /// does not say whether standard updates or significant-change
    /// monitoring delivered it; a held or dropped one does).
    enum Service: String, CaseIterable, Sendable {
        case location, significantChange, region, visit, ranging, regionState, monitoringStart, callback
        case liveUpdates, monitor, heading
    }

    struct DeliveryCell: Hashable, Sendable {
        var service: Service
        var app: Delivery.App
        var status: AuthorizationStatus
        var provisional: Bool
    }

    struct PromptCell: Hashable, Sendable {
        var kind: PromptKind
        /// An answer's raw value, or `dismiss`.
        var answer: String
    }

    /// Events per cell, with the authorization as the log showed it; the
    /// report maps it to the table's rows once the platform is known.
    var delivery: [DeliveryCell: Int] = [:]
    /// Answers taken per prompt kind; an answer offered and never taken is 0.
    var promptAnswers: [PromptCell: Int] = [:]
    var promptsShown: [PromptKind: Int] = [:]
    /// The reasons of `drop` records.
    var dropReasons = Set<DropReason>()
    /// The features the records showed.
    var features = Set<CoverageFeature>()

    /// Adds what `other` exercised.
    mutating func add(_ other: CoverageTally) {
        features.formUnion(other.features)
        delivery.merge(other.delivery, uniquingKeysWith: +)
        promptAnswers.merge(other.promptAnswers, uniquingKeysWith: +)
        promptsShown.merge(other.promptsShown, uniquingKeysWith: +)
        dropReasons.formUnion(other.dropReasons)
    }
}
