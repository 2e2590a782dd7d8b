import Foundation
import LocSimKit

/// iOS 17's `CLLocationUpdate.liveUpdates()` over the current device's
/// `SimulatedDevice.liveUpdates(_:)`: an element when the device delivers
/// it (during `feed`, `advance`, …), never after a real wait.
///
/// Leaving the `for try await` loop does not stop the updates here (Core
/// Location stops them when the sequence's iterator goes away): the test
/// calls `device.stopLiveUpdates()` for the app's `liveUpdates stop`.
public struct CLLocationUpdate: Sendable {
    /// The location, or nil for an element carrying only diagnostics.
    public let location: CLLocation?
    /// iOS 18's name (`isStationary` in iOS 17).
    public let stationary: Bool
    /// iOS 18: the user denied the app, or Location Services are off (docs/modern.md M22).
    public let authorizationDenied: Bool
    /// iOS 18: Location Services are off for the whole device.
    public let authorizationDeniedGlobally: Bool
    /// iOS 18: a restriction (Screen Time, parental controls) forbids location.
    public let authorizationRestricted: Bool
    /// iOS 18: a location prompt is on screen, not answered yet (the implicit prompt of M5, say).
    public let authorizationRequestInProgress: Bool
    /// iOS 18: the app is not in use as the updates need (docs/modern.md M6, M9).
    public let insufficientlyInUse: Bool
    /// iOS 18: `NSLocationRequireExplicitServiceSession` is set and no `CLServiceSession` meets it (M7).
    public let serviceSessionRequired: Bool
    /// iOS 18: Precise Location is off; `location` is a reduced one.
    public let accuracyLimited: Bool
    /// iOS 18: the device cannot determine its location now (a `nofix` line), once per outage.
    public let locationUnavailable: Bool

    /// iOS 17 (deprecated in iOS 18 for `stationary`).
    public var isStationary: Bool { stationary }

    init(_ update: SimulatedLocationUpdate, epoch: Date) {
        location = update.location.map { CLLocation($0, epoch: epoch) }
        let flags = update.diagnostics
        stationary = flags.contains(.stationary)
        authorizationDenied = flags.contains(.authorizationDenied)
        authorizationDeniedGlobally = flags.contains(.authorizationDeniedGlobally)
        authorizationRestricted = flags.contains(.authorizationRestricted)
        authorizationRequestInProgress = flags.contains(.authorizationRequestInProgress)
        insufficientlyInUse = flags.contains(.insufficientlyInUse)
        serviceSessionRequired = flags.contains(.serviceSessionRequired)
        accuracyLimited = flags.contains(.accuracyLimited)
        locationUnavailable = flags.contains(.locationUnavailable)
    }

    /// The activity the updates are tuned for (`liveUpdates start <configuration>`).
    public struct LiveConfiguration: Sendable, Equatable {
        let value: LocSimKit.LiveConfiguration
        /// `.default`: no particular activity (`liveUpdates start`, `liveUpdates start default`).
        public static let `default` = LiveConfiguration(value: .default)
        /// `.automotiveNavigation` (`liveUpdates start automotiveNavigation`); recorded, it changes no rule.
        public static let automotiveNavigation = LiveConfiguration(value: .automotiveNavigation)
        /// `.otherNavigation` (`liveUpdates start otherNavigation`); recorded, it changes no rule.
        public static let otherNavigation = LiveConfiguration(value: .otherNavigation)
        /// `.fitness` (`liveUpdates start fitness`); recorded, it changes no rule.
        public static let fitness = LiveConfiguration(value: .fitness)
        /// `.airborne` (`liveUpdates start airborne`); recorded, it changes no rule.
        public static let airborne = LiveConfiguration(value: .airborne)
    }

    /// Starts live updates on the current device (`app liveUpdates start`).
    /// With no device current, or on a platform without them (before iOS
    /// 17: the device's next call from the test throws `.unavailable`), the
    /// sequence ends at once.
    public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
        guard let device = SimulatedDevice.current else {
            CLLocationManager.warn(CLLocationManager.noDevice("CLLocationUpdate.liveUpdates()"))
            return Updates(stream: AsyncStream { $0.finish() }, epoch: SimulatedDevice.defaultEpoch)
        }
        return Updates(stream: device.liveUpdates(configuration.value), epoch: device.epoch)
    }

    /// The updates, in the device's order.
    public struct Updates: AsyncSequence, Sendable {
        let stream: AsyncStream<SimulatedLocationUpdate>
        let epoch: Date

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator(), epoch: epoch) }

        /// Yields each update as the device delivers it; ends when the updates stop or the app ends.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<SimulatedLocationUpdate>.Iterator
            let epoch: Date

            /// Throws nothing today: Core Location's signature.
            public mutating func next() async throws -> CLLocationUpdate? {
                await base.next().map { CLLocationUpdate($0, epoch: epoch) }
            }
        }
    }
}
