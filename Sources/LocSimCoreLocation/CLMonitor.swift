import Foundation
import LocSimKit

/// A condition a `CLMonitor` watches: `CLMonitor.CircularGeographicCondition`
/// or `CLMonitor.BeaconIdentityCondition` (the two the rules know).
public protocol CLCondition: Sendable {
    /// The condition in the rules' terms.
    var monitorCondition: MonitorCondition { get }
}

/// iOS 17's `CLMonitor` over the current device's `SimulatedDevice.openMonitor(_:)`:
/// `await CLMonitor(name)` opens it (`app monitor <name> open`), each call
/// is the scenario's `app monitor <name> …` at the device's time
/// (docs/modern.md M13–M19), and `events` yields each event as the device
/// delivers it, with its date on the device's clock. Letting go of the
/// monitor closes it (`app monitor <name> close`).
///
/// Opened with no device current, or where the rules refuse it (before iOS
/// 17, a name already open), it is closed: its calls do nothing, its events
/// end at once, and `simulationError` says why (the device's next call from
/// the test throws a refusal).
public actor CLMonitor {
    /// The device's monitor under this one; nil when made with no device current.
    ///
    /// Readable outside the actor, as the device it belongs to is: a
    /// device and its objects are driven from one task at a time (the
    /// test's), never concurrently, so the actor's isolation guards
    /// nothing here (`nonisolated(unsafe)` says so).
    public nonisolated(unsafe) let simulatedMonitor: SimulatedMonitor?
    private let unboundError: DeviceError?
    private let epoch: Date

    /// `await CLMonitor(name)`: opens `name` on the current device (`app monitor <name> open`); else a closed monitor.
    public init(_ name: String) async {
        let (device, error) = SimulatedDevice.currentOrWarn("CLMonitor(_:)")
        simulatedMonitor = device?.openMonitor(name)
        unboundError = error
        epoch = device?.epoch ?? SimulatedDevice.defaultEpoch
    }

    /// The last misuse of this monitor (see `CLLocationManager.simulationError`).
    public var simulationError: DeviceError? { simulatedMonitor?.lastError ?? unboundError }

    /// The identifiers of the monitor's conditions, in the order added.
    public var identifiers: [String] { simulatedMonitor?.identifiers ?? [] }

    /// Adds `condition` under `identifier`; its state starts `unknown`.
    public func add(_ condition: any CLCondition, identifier: String) {
        simulatedMonitor?.add(condition.monitorCondition, identifier: identifier)
    }

    /// Adds `condition` under `identifier`, its state starting as `state`.
    public func add(_ condition: any CLCondition, identifier: String, assuming state: Event.State) {
        simulatedMonitor?.add(condition.monitorCondition, identifier: identifier, assuming: state.simulated)
    }

    /// `remove(_:)`: stops monitoring the condition `identifier` (`app monitor <name> remove <id>`).
    public func remove(_ identifier: String) { simulatedMonitor?.remove(identifier) }

    /// The condition `identifier` and the last event the app received of it
    /// (before any: its state when added, dated then); nil for an unknown identifier.
    public func record(for identifier: String) -> Record? {
        simulatedMonitor?.record(for: identifier).map { Record($0, epoch: epoch) }
    }

    /// The events the app receives, in the device's order.
    public var events: Events {
        Events(stream: simulatedMonitor?.events ?? AsyncStream { $0.finish() }, epoch: epoch)
    }

    /// `CLMonitor.Events`.
    public struct Events: AsyncSequence, Sendable {
        let stream: AsyncStream<SimulatedMonitorEvent>
        let epoch: Date

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator(), epoch: epoch) }

        /// Yields each event as the device delivers it; ends when the monitor closes.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<SimulatedMonitorEvent>.Iterator
            let epoch: Date

            /// Throws nothing today: Core Location's signature.
            public mutating func next() async throws -> Event? {
                await base.next().map { Event($0, epoch: epoch) }
            }
        }
    }

    /// `CLMonitor.Record`: a condition and the last event the app received of it.
    public struct Record: Sendable {
        /// The condition as added: a `CircularGeographicCondition` or a `BeaconIdentityCondition`.
        public let condition: any CLCondition
        /// The last event the app received of the condition; before any, its state when added, dated then.
        public let lastEvent: Event

        init(_ record: SimulatedMonitorRecord, epoch: Date) {
            switch record.condition {
            case .circle(let center, let radius):
                condition = CircularGeographicCondition(center: CLLocationCoordinate2D(center), radius: radius)
            case .beacon(let constraint):
                condition = BeaconIdentityCondition(CLBeaconIdentityConstraint(constraint))
            }
            lastEvent = Event(record.lastEvent, epoch: epoch)
        }
    }

    /// `CLMonitor.Event`: a condition's new state, and (iOS 18) its diagnostics.
    public struct Event: Sendable {
        /// `CLMonitor.Event.State` (`CLMonitoringState`).
        public enum State: UInt, Sendable {
            /// No state known yet: the state a condition starts in (raw value 0).
            case unknown = 0
            /// The condition holds: inside the circle, a matching beacon in range (raw value 1).
            case satisfied = 1
            /// The condition does not hold (raw value 2).
            case unsatisfied = 2
            /// iOS 17.2: a condition beyond the limit (docs/modern.md M16).
            case unmonitored = 3

            init(_ state: MonitorState) {
                switch state {
                case .unknown: self = .unknown
                case .satisfied: self = .satisfied
                case .unsatisfied: self = .unsatisfied
                case .unmonitored: self = .unmonitored
                }
            }

            var simulated: MonitorState {
                switch self {
                case .unknown: return .unknown
                case .satisfied: return .satisfied
                case .unsatisfied: return .unsatisfied
                case .unmonitored: return .unmonitored
                }
            }
        }

        /// The identifier the condition was added under.
        public let identifier: String
        /// The condition's new state.
        public let state: State
        /// When the app received it, on the device's clock.
        public let date: Date
        /// The most specific condition the event applies to: for a beacon
        /// identity condition satisfied by a beacon, that beacon's uuid, major
        /// and minor (docs/modern.md M22); nil otherwise.
        public let refinement: (any CLCondition)?
        /// iOS 18: the user denied the app, or Location Services are off (docs/modern.md M22).
        public let authorizationDenied: Bool
        /// iOS 18: Location Services are off for the whole device.
        public let authorizationDeniedGlobally: Bool
        /// iOS 18: a restriction (Screen Time, parental controls) forbids location.
        public let authorizationRestricted: Bool
        /// iOS 18: the app is not in use as monitoring needs (an Always app without an `.always` session, M9).
        public let insufficientlyInUse: Bool
        /// iOS 18: Precise Location is off, so events are withheld (the first withheld one carries it, M19).
        public let accuracyLimited: Bool
        /// iOS 18: the condition's type is unsupported; never `true` here (docs/modern.md).
        public let conditionUnsupported: Bool
        /// iOS 18: more conditions of this type than `monitorConditionLimit`; the condition is `unmonitored` (M16).
        public let conditionLimitExceeded: Bool
        /// iOS 18: a persistence failure; never `true` here (locsim models no storage failure).
        public let persistenceUnavailable: Bool
        /// iOS 18: `NSLocationRequireExplicitServiceSession` is set and no `CLServiceSession` meets it (M7).
        public let serviceSessionRequired: Bool
        /// iOS 18: a location prompt is on screen, not answered yet.
        public let authorizationRequestInProgress: Bool

        init(_ event: SimulatedMonitorEvent, epoch: Date) {
            identifier = event.identifier
            state = State(event.state)
            date = epoch.adding(event.time)
            refinement = event.refinement.map { BeaconIdentityCondition(CLBeaconIdentityConstraint($0)) }
            let flags = event.diagnostics
            authorizationDenied = flags.contains(.authorizationDenied)
            authorizationDeniedGlobally = flags.contains(.authorizationDeniedGlobally)
            authorizationRestricted = flags.contains(.authorizationRestricted)
            insufficientlyInUse = flags.contains(.insufficientlyInUse)
            accuracyLimited = flags.contains(.accuracyLimited)
            conditionUnsupported = flags.contains(.conditionUnsupported)
            conditionLimitExceeded = flags.contains(.conditionLimitExceeded)
            persistenceUnavailable = flags.contains(.persistenceUnavailable)
            serviceSessionRequired = flags.contains(.serviceSessionRequired)
            authorizationRequestInProgress = flags.contains(.authorizationRequestInProgress)
        }
    }

    /// `CLMonitor.CircularGeographicCondition`: inside the circle is satisfied.
    public struct CircularGeographicCondition: CLCondition {
        /// The circle's centre, in degrees.
        public let center: CLLocationCoordinate2D
        /// The circle's radius in meters.
        public let radius: CLLocationDistance

        /// A circle of `radius` meters around `center` (`app monitor <name> add <id> <lat> <lon> <radius>`).
        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }

        public var monitorCondition: MonitorCondition {
            .circle(center: Coordinate(latitude: center.latitude, longitude: center.longitude), radius: radius)
        }
    }

    /// `CLMonitor.BeaconIdentityCondition`: a matching beacon in range is satisfied.
    public struct BeaconIdentityCondition: CLCondition {
        /// The proximity UUID; matched as `uuid.uuidString` (upper case) against a `beacon` line's.
        public let uuid: UUID
        /// The major value a beacon must have; `nil` matches any.
        public let major: CLBeaconMajorValue?
        /// The minor value a beacon must have; `nil` matches any.
        public let minor: CLBeaconMinorValue?

        /// Any beacon with `uuid` (`add <id> beacon <uuid>`).
        public init(uuid: UUID) { self.init(uuid: uuid, major: nil, minor: nil) }
        /// Beacons with `uuid` and `major` (`add <id> beacon <uuid> <major>`).
        public init(uuid: UUID, major: CLBeaconMajorValue) { self.init(uuid: uuid, major: major, minor: nil) }
        /// The beacon with `uuid`, `major` and `minor` (`add <id> beacon <uuid> <major> <minor>`).
        public init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue) {
            self.init(uuid: uuid, major: Optional(major), minor: Optional(minor))
        }

        private init(uuid: UUID, major: CLBeaconMajorValue?, minor: CLBeaconMinorValue?) {
            self.uuid = uuid
            self.major = major
            self.minor = minor
        }

        init(_ constraint: CLBeaconIdentityConstraint) {
            self.init(uuid: constraint.uuid, major: constraint.major, minor: constraint.minor)
        }

        public var monitorCondition: MonitorCondition {
            .beacon(CLBeaconIdentityConstraint(uuid: uuid, major: major, minor: minor).constraint)
        }
    }
}
