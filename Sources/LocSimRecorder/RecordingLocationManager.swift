import Foundation

#if canImport(CoreLocation) && !LOCSIM
    import CoreLocation
#else
    import LocSimCoreLocation
#endif

/// A `CLLocationManager` that records: the one-line swap of a debug build
/// (`RecordingLocationManager()` where the app wrote `CLLocationManager()`).
/// Each call and property set goes to Core Location unchanged and into the
/// recorder's journal with its time; its delegate is a proxy that records
/// each callback and forwards it unchanged (docs/recorder.md).
///
/// A subclass, not a wrapper: the app's code keeps its `CLLocationManager`
/// type, and the manager its delegate is handed is the one it made.
open class RecordingLocationManager: CLLocationManager {
    public let recorder: SessionRecorder
    /// Its number in the process: 1 is the manager the session's `app` lines
    /// call, 2 and on `app[manager2]`, … (docs/language.md, "Several managers").
    public let number: Int
    private let proxy: DelegateProxy

    public init(recorder: SessionRecorder = .shared) {
        self.recorder = recorder
        number = recorder.madeManager()
        proxy = DelegateProxy(recorder: recorder, manager: number)
        super.init()
    }

    /// The app's delegate; Core Location's is the proxy in front of it.
    open override var delegate: (any CLLocationManagerDelegate)? {
        get { proxy.target }
        set {
            proxy.target = newValue
            super.delegate = newValue == nil ? nil : proxy
        }
    }

    func call(_ words: String) { recorder.record(.call(manager: number, words: words)) }

    // MARK: On every platform

    open override func requestWhenInUseAuthorization() {
        call("requestWhenInUseAuthorization")
        super.requestWhenInUseAuthorization()
    }

    open override func requestLocation() {
        call("requestLocation")
        super.requestLocation()
    }

    open override func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: ((_ error: (any Error)?) -> Void)? = nil
    ) {
        call("requestTemporaryFullAccuracyAuthorization " + SessionWriter.word(purposeKey))
        let recorder = recorder
        let number = number
        super.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { error in
            recorder.record(
                .heard(manager: number, .temporaryFullAccuracyCompleted(error: error.map(DelegateProxy.code))))
            completion?(error)
        }
    }

    open override var desiredAccuracy: CLLocationAccuracy {
        get { super.desiredAccuracy }
        set {
            call("set desiredAccuracy \(newValue)")
            super.desiredAccuracy = newValue
        }
    }

    open override var distanceFilter: CLLocationDistance {
        get { super.distanceFilter }
        set {
            call("set distanceFilter " + (newValue < 0 ? "none" : SessionWriter.number(newValue)))
            super.distanceFilter = newValue
        }
    }

    // MARK: Not on tvOS

    #if !os(tvOS)
        open override func requestAlwaysAuthorization() {
            call("requestAlwaysAuthorization")
            super.requestAlwaysAuthorization()
        }

        open override func startUpdatingLocation() {
            call("startUpdatingLocation")
            super.startUpdatingLocation()
        }

        open override func stopUpdatingLocation() {
            call("stopUpdatingLocation")
            super.stopUpdatingLocation()
        }
    #endif

    // MARK: iOS's other calls
    // The calls iOS has and tvOS, watchOS or macOS lack (their availability
    // in CLLocationManager.h), recorded on iOS and where LocSimCoreLocation
    // stands in for Core Location. Elsewhere they go to Core Location
    // unrecorded. (Overrides cannot be in an extension.)

    #if !(canImport(CoreLocation) && !LOCSIM) || (os(iOS) && !targetEnvironment(macCatalyst))
        open override var allowsBackgroundLocationUpdates: Bool {
            get { super.allowsBackgroundLocationUpdates }
            set {
                call("set allowsBackgroundLocationUpdates \(newValue)")
                super.allowsBackgroundLocationUpdates = newValue
            }
        }

        open override var showsBackgroundLocationIndicator: Bool {
            get { super.showsBackgroundLocationIndicator }
            set {
                call("set showsBackgroundLocationIndicator \(newValue)")
                super.showsBackgroundLocationIndicator = newValue
            }
        }

        open override var pausesLocationUpdatesAutomatically: Bool {
            get { super.pausesLocationUpdatesAutomatically }
            set {
                call("set pausesLocationUpdatesAutomatically \(newValue)")
                super.pausesLocationUpdatesAutomatically = newValue
            }
        }

        open override var activityType: CLActivityType {
            get { super.activityType }
            set {
                let names = [1: "other", 2: "automotiveNavigation", 3: "fitness", 4: "otherNavigation", 5: "airborne"]
                call("set activityType " + (names[newValue.rawValue] ?? "other"))
                super.activityType = newValue
            }
        }

        open override var headingFilter: CLLocationDegrees {
            get { super.headingFilter }
            set {
                call("set headingFilter " + (newValue < 0 ? "none" : SessionWriter.number(newValue)))
                super.headingFilter = newValue
            }
        }

        open override var headingOrientation: CLDeviceOrientation {
            get { super.headingOrientation }
            set {
                let names = [
                    0: "unknown", 1: "portrait", 2: "portraitUpsideDown", 3: "landscapeLeft", 4: "landscapeRight",
                    5: "faceUp", 6: "faceDown",
                ]
                call("set headingOrientation " + (names[Int(newValue.rawValue)] ?? "unknown"))
                super.headingOrientation = newValue
            }
        }

        open override func startUpdatingHeading() {
            call("startUpdatingHeading")
            super.startUpdatingHeading()
        }

        open override func stopUpdatingHeading() {
            call("stopUpdatingHeading")
            super.stopUpdatingHeading()
        }

        open override func startMonitoringSignificantLocationChanges() {
            call("startMonitoringSignificantLocationChanges")
            super.startMonitoringSignificantLocationChanges()
        }

        open override func stopMonitoringSignificantLocationChanges() {
            call("stopMonitoringSignificantLocationChanges")
            super.stopMonitoringSignificantLocationChanges()
        }

        open override func startMonitoringVisits() {
            call("startMonitoringVisits")
            super.startMonitoringVisits()
        }

        open override func stopMonitoringVisits() {
            call("stopMonitoringVisits")
            super.stopMonitoringVisits()
        }

        /// A `CLCircularRegion` as `startMonitoring <id> <lat> <lon> <radius>`
        /// (its centre after the privacy option); another region is
        /// recorded as a comment, as the language has none.
        open override func startMonitoring(for region: CLRegion) {
            if let circle = region as? CLCircularRegion {
                let (latitude, longitude) = recorder.options.privacy.apply(
                    circle.center.latitude, circle.center.longitude)
                var words = "startMonitoring " + SessionWriter.word(region.identifier) + " "
                words += SessionWriter.degrees(latitude) + " " + SessionWriter.degrees(longitude) + " "
                words += SessionWriter.number(circle.radius)
                if !region.notifyOnEntry { words += " notifyOnEntry=false" }
                if !region.notifyOnExit { words += " notifyOnExit=false" }
                call(words)
            } else {
                call("# unknown: startMonitoring " + SessionWriter.word(region.identifier) + ", not a CLCircularRegion")
            }
            super.startMonitoring(for: region)
        }

        open override func stopMonitoring(for region: CLRegion) {
            call("stopMonitoring " + SessionWriter.word(region.identifier))
            super.stopMonitoring(for: region)
        }

        open override func requestState(for region: CLRegion) {
            call("requestState " + SessionWriter.word(region.identifier))
            super.requestState(for: region)
        }

        open override func startRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
            call("startRangingBeacons " + SessionWriter.constraint(constraint.uuid, constraint.major, constraint.minor))
            super.startRangingBeacons(satisfying: constraint)
        }

        open override func stopRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
            call("stopRangingBeacons " + SessionWriter.constraint(constraint.uuid, constraint.major, constraint.minor))
            super.stopRangingBeacons(satisfying: constraint)
        }

        open override func allowDeferredLocationUpdates(
            untilTraveled distance: CLLocationDistance, timeout: TimeInterval
        ) {
            let meters = distance == CLLocationDistanceMax ? "max" : SessionWriter.number(distance)
            let seconds = timeout == CLTimeIntervalMax ? "max" : SessionWriter.number(timeout)
            call("allowDeferredLocationUpdates \(meters) \(seconds)")
            super.allowDeferredLocationUpdates(untilTraveled: distance, timeout: timeout)
        }

        open override func disallowDeferredLocationUpdates() {
            call("disallowDeferredLocationUpdates")
            super.disallowDeferredLocationUpdates()
        }
    #endif
}
