/// docs/rules.md §8, "Heading": `startUpdatingHeading`, the `heading` trace
/// line and `didUpdateHeading`.
///
/// Apple, startUpdatingHeading(): "Calling this method when the receiver is
/// stopped causes it to obtain an initial heading and notify your delegate.
/// After that, the receiver generates update events when the value in the
/// headingFilter property is exceeded. … If you start this service and your
/// app is suspended, the system stops the delivery of events until your app
/// starts running again (either in the foreground or background). If your
/// app is terminated, the delivery of new heading events stops altogether".
/// The heading needs no authorization; its true heading is valid only while
/// the same manager delivers locations (Apple, CLHeading).
extension Simulator {
    /// Whether the device has a magnetometer (`CLLocationManager.headingAvailable()`):
    /// the iPhone, iPad and Apple Watch locsim simulates do unless `set
    /// compass false` says otherwise; a Mac does not (a locsim decision,
    /// docs/rules.md §8).
    var headingAvailable: Bool { Self.headingAvailable(on: rules.platform, parameters) }

    /// `headingAvailable()` on `platform`: false on a Mac (macOS, Mac
    /// Catalyst), tvOS and visionOS ("Heading information is not available
    /// on visionPro", an Apple engineer), and on a device without a compass.
    static func headingAvailable(on platform: Platform, _ parameters: Parameters) -> Bool {
        switch platform.os {
        case .macOS, .macCatalyst, .tvOS, .visionOS: return false
        case .iOS, .iPadOS, .watchOS: return parameters.compass
        }
    }

    /// `startUpdatingHeading`: a new run delivers the heading the device
    /// senses now (the last sample, unless the heading is unavailable, which
    /// fails at once); starting again while running does nothing.
    mutating func startUpdatingHeading() {
        // "If heading information is not supported, calling this method has no effect".
        guard headingAvailable, !headingRunning else { return }
        world.headings.byManager[serving, default: .init()].start()
        if world.headings.failing {
            reportHeadingFailure()
        } else if let sample = world.headings.last {
            offerHeading(sample)
        }
    }

    /// A `heading` line: the sample is offered to every manager's running
    /// heading updates, and ends a `heading unavailable` spell.
    mutating func headingSensed(_ sample: HeadingSample) {
        world.headings.last = sample
        world.headings.failing = false
        guard world.headings.anyRunning else { return }
        forEachManager { $0.offerHeading(sample) }
    }

    /// `heading unavailable`: running heading updates fail with
    /// `kCLErrorHeadingFailure` once, until the next sample.
    mutating func headingLost() {
        guard !world.headings.failing else { return }
        world.headings.failing = true
        guard world.headings.anyRunning else { return }
        forEachManager { $0.reportHeadingFailure() }
    }

    /// The current manager's running heading updates get `sample`, if the
    /// app runs code and the sample passes `headingFilter`; before an invalid
    /// sample (negative accuracy) the delegate is asked whether to show the
    /// calibration alert, once until a valid sample comes.
    mutating func offerHeading(_ sample: HeadingSample) {
        guard var service = world.headings.byManager[serving], service.isRunning else { return }
        guard app.isRunning else {
            emit(.drop(.heading(sample), .suspended))
            return
        }
        guard service.passesFilter(sample) else {
            emit(.drop(.heading(sample), .headingFilter))
            return
        }
        let asks = service.needsCalibration(sample)
        let located = readingManager { $0.updating } && authorization.level != .none
        var heading = sample
        if !located { heading.trueHeading = -1 }
        service.delivered(heading)
        world.headings.byManager[serving] = service
        if asks { emitCallback(.shouldDisplayHeadingCalibration) }
        emitCallback(.didUpdateHeading(heading), as: .heading(heading))
    }

    /// The current manager's heading updates run.
    var headingRunning: Bool { world.headings.byManager[serving]?.isRunning == true }

    /// `didFailWithError kCLErrorHeadingFailure` to the current manager's
    /// running heading updates, dropped `suspended` if the app runs no code.
    mutating func reportHeadingFailure() {
        guard headingRunning else { return }
        let error = Callback.didFailWithError(.headingFailure)
        if app.isRunning { emitCallback(error) } else { emit(.drop(.callback(error), .suspended)) }
    }
}

/// The heading rules' state (docs/rules.md §8, "Heading"): what the compass
/// last sensed, and the heading updates of each manager by its index
/// (`Simulator+Managers.swift`), for this launch's managers.
struct Headings: Hashable {
    /// The last `heading` sample, delivered at a new start.
    var last: HeadingSample? = nil
    /// `heading unavailable` holds until the next sample.
    var failing = false
    var byManager: [Int: LocationManager.Heading] = [:]

    var anyRunning: Bool { byManager.values.contains { $0.isRunning } }
}

extension LocationManager {
    /// One manager's heading updates (`startUpdatingHeading`) and its
    /// `headingFilter` and `headingOrientation`.
    struct Heading: Hashable {
        /// Degrees; nil is `kCLHeadingFilterNone`. Apple: "The default value
        /// of this property is 1 degree."
        var filter: Double? = 1
        /// Recorded, not applied: the trace gives the heading as the device
        /// reports it (docs/rules.md §8, a locsim decision).
        var orientation = DeviceOrientation.portrait
        private(set) var isRunning = false
        /// The magnetic heading `filter` measures from; nil at a new run.
        private(set) var lastDelivered: Double? = nil
        /// The delegate was asked about calibration and no valid sample came since.
        private var calibrationAsked = false

        mutating func start() {
            isRunning = true
            lastDelivered = nil
            calibrationAsked = false
        }

        mutating func stop() { isRunning = false }

        /// Apple, locationManager(_:didUpdateHeading:): "Subsequent events
        /// are delivered when the previously reported value changes by more
        /// than the value specified in the headingFilter property"; the
        /// angle is the shorter way round.
        func passesFilter(_ sample: HeadingSample) -> Bool {
            guard let last = lastDelivered, let filter else { return true }
            let turn = abs(sample.magnetic - last).truncatingRemainder(dividingBy: 360)
            return min(turn, 360 - turn) > filter
        }

        /// Whether an invalid sample should ask the delegate about calibration now.
        mutating func needsCalibration(_ sample: HeadingSample) -> Bool {
            guard sample.accuracy < 0 else {
                calibrationAsked = false
                return false
            }
            defer { calibrationAsked = true }
            return !calibrationAsked
        }

        mutating func delivered(_ sample: HeadingSample) { lastDelivered = sample.magnetic }
    }
}
