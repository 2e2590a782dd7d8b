import Foundation

/// One thing the recorder saw, at the wall-clock time it saw it: a call the
/// app made, a callback its delegate heard, a change of its lifecycle.
/// Plain values, formatted only when the session is written
/// (`SessionWriter`), so recording one is an append (bench: `SessionRecorderBenchTests`).
public struct SessionEntry: Sendable, Equatable, Codable {
    public var time: Date
    public var event: Event

    public init(time: Date, event: Event) {
        self.time = time
        self.event = event
    }

    public enum Event: Sendable, Equatable, Codable {
        /// A `CLLocationManager` made by the app; `manager` counts from 1 in the process.
        case managerMade(manager: Int)
        /// A call or property set, in the scenario's words after `app `
        /// (`startUpdatingLocation`, `set distanceFilter 50`).
        case call(manager: Int, words: String)
        /// A callback the delegate heard.
        case heard(manager: Int, Callback)
        case lifecycle(Lifecycle)
    }

    /// The delegate callbacks, with the arguments the log and the session need.
    public enum Callback: Sendable, Equatable, Codable {
        /// `locationManagerDidChangeAuthorization(_:)` (with the accuracy) or,
        /// `accuracy` nil, `locationManager(_:didChangeAuthorization:)`.
        case authorization(status: String, accuracy: String?)
        /// `locationManager(_:didUpdateLocations:)`: every location of the
        /// call, oldest first (several: a queue or a deferral handed over at once).
        case locations([Fix])
        case failure(error: String)
        case startedMonitoring(region: String)
        case monitoringFailed(region: String?, error: String)
        case state(String, region: String)
        case entered(region: String)
        case exited(region: String)
        case visit(arrival: Date?, departure: Date?, Fix)
        case heading(magnetic: Double, true: Double, accuracy: Double)
        case paused
        case resumed
        /// `locationManagerShouldDisplayHeadingCalibration(_:)`.
        case headingCalibration
        case deferredFinished(error: String?)
        /// `requestTemporaryFullAccuracyAuthorization`'s completion.
        case temporaryFullAccuracyCompleted(error: String?)
    }

    /// A location as the app received it (after the privacy option).
    public struct Fix: Sendable, Equatable, Codable {
        public var latitude: Double
        public var longitude: Double
        public var accuracy: Double
        public var timestamp: Date

        public init(latitude: Double, longitude: Double, accuracy: Double, timestamp: Date) {
            self.latitude = latitude
            self.longitude = longitude
            self.accuracy = accuracy
            self.timestamp = timestamp
        }
    }

    /// What the platform told the app of its lifecycle (UIKit's
    /// notifications on Apple platforms, `SessionRecorder`'s calls elsewhere).
    public enum Lifecycle: Sendable, Equatable, Codable {
        /// `launchReason`: why the system launched it in the background
        /// (`location` for `launchOptions[.location]`, which covers standard,
        /// significant-change and region events alike); nil: a launch into the foreground.
        case launched(inBackground: Bool, reason: String?)
        case foreground
        case background
        /// `applicationWillTerminate`: the app is ending while it runs (a
        /// force-quit and a system termination look the same to it).
        case terminating
    }
}
