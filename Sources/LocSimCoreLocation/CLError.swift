import Foundation
import LocSimKit

/// Core Location's error: `error as? CLError`, `.code == .denied`, `catch
/// CLError.denied`, `CLError(.denied)`; its domain is `kCLErrorDomain`
/// and its `errorCode` Apple's number.
public struct CLError: Error, Hashable, Sendable, CustomNSError {
    /// `CLError.Code` with Apple's raw values (`errorCode`); the rules raise only some of them, as each says.
    public enum Code: Int, Hashable, Sendable {
        /// `kCLErrorLocationUnknown` (0): the location could not be determined now (`requestLocation`'s timeout, a
        /// `nofix` line).
        case locationUnknown = 0
        /// `kCLErrorDenied` (1): the app may not use location (denied, restricted, Location Services off).
        case denied = 1
        /// `kCLErrorNetwork` (2): a network error; never raised here (the rules have no network).
        case network = 2
        /// `kCLErrorHeadingFailure` (3): the heading could not be determined (a `heading unavailable` line).
        case headingFailure = 3
        /// `kCLErrorRegionMonitoringDenied` (4): region monitoring is not authorized (When In Use, denied).
        case regionMonitoringDenied = 4
        /// `kCLErrorRegionMonitoringFailure` (5): a region could not be monitored (`maxRegions` reached, a bad radius).
        case regionMonitoringFailure = 5
        /// `kCLErrorRegionMonitoringSetupDelayed` (6): monitoring could not start at once; never raised here.
        case regionMonitoringSetupDelayed = 6
        /// `kCLErrorRegionMonitoringResponseDelayed` (7): region events may be delayed; never raised here.
        case regionMonitoringResponseDelayed = 7
        /// `kCLErrorGeocodeFoundNoResult` (8): a geocoder found nothing; no geocoder here.
        case geocodeFoundNoResult = 8
        /// `kCLErrorGeocodeFoundPartialResult` (9): a geocoder found part of a result; no geocoder here.
        case geocodeFoundPartialResult = 9
        /// `kCLErrorGeocodeCanceled` (10): a geocode was canceled; no geocoder here.
        case geocodeCanceled = 10
        /// `kCLErrorDeferredFailed` (11): deferred updates failed (a device without GPS: `set gps false`).
        case deferredFailed = 11
        /// `kCLErrorDeferredNotUpdatingLocation` (12): deferred updates need standard updates running and not paused.
        case deferredNotUpdatingLocation = 12
        /// `kCLErrorDeferredAccuracyTooLow` (13): deferred updates need `desiredAccuracy` best or best for navigation.
        case deferredAccuracyTooLow = 13
        /// `kCLErrorDeferredDistanceFiltered` (14): deferred updates need `distanceFilter` none.
        case deferredDistanceFiltered = 14
        /// `kCLErrorDeferredCanceled` (15): a new deferral request canceled the previous one.
        case deferredCanceled = 15
        /// `kCLErrorRangingUnavailable` (16): ranging is off (Airplane Mode, Bluetooth off); no v1 rule raises it.
        case rangingUnavailable = 16
        /// `kCLErrorRangingFailure` (17): a general ranging failure; never raised here.
        case rangingFailure = 17
        /// `kCLErrorPromptDeclined` (18): the temporary full-accuracy prompt was not shown or not granted.
        case promptDeclined = 18
        /// `kCLErrorHistoricalLocationError` (19): a historical-location request failed; never raised here.
        case historicalLocationError = 19
    }

    /// What went wrong; compare with `error.code == .denied`.
    public let code: Code

    /// The error of `code`, as `CLError(.denied)` makes it on Apple's platforms.
    public init(_ code: Code) { self.code = code }

    public static var errorDomain: String { kCLErrorDomain }
    public var errorCode: Int { code.rawValue }

    /// `Code.locationUnknown` under `CLError`, as on Apple's platforms: `catch CLError.locationUnknown` matches it.
    public static var locationUnknown: Code { .locationUnknown }
    /// `Code.denied` under `CLError`, as on Apple's platforms: `catch CLError.denied` matches it.
    public static var denied: Code { .denied }
    /// `Code.network` under `CLError`, as on Apple's platforms: `catch CLError.network` matches it.
    public static var network: Code { .network }
    /// `Code.headingFailure` under `CLError`, as on Apple's platforms: `catch CLError.headingFailure` matches it.
    public static var headingFailure: Code { .headingFailure }
    /// `Code.regionMonitoringDenied` under `CLError`, as on Apple's platforms: `catch CLError.regionMonitoringDenied`
    /// matches it.
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    /// `Code.regionMonitoringFailure` under `CLError`, as on Apple's platforms: `catch CLError.regionMonitoringFailure`
    /// matches it.
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    /// `Code.regionMonitoringSetupDelayed` under `CLError`, as on Apple's platforms: `catch
    /// CLError.regionMonitoringSetupDelayed` matches it.
    public static var regionMonitoringSetupDelayed: Code { .regionMonitoringSetupDelayed }
    /// `Code.regionMonitoringResponseDelayed` under `CLError`, as on Apple's platforms: `catch
    /// CLError.regionMonitoringResponseDelayed` matches it.
    public static var regionMonitoringResponseDelayed: Code { .regionMonitoringResponseDelayed }
    /// `Code.deferredFailed` under `CLError`, as on Apple's platforms: `catch CLError.deferredFailed` matches it.
    public static var deferredFailed: Code { .deferredFailed }
    /// `Code.deferredNotUpdatingLocation` under `CLError`, as on Apple's platforms: `catch
    /// CLError.deferredNotUpdatingLocation` matches it.
    public static var deferredNotUpdatingLocation: Code { .deferredNotUpdatingLocation }
    /// `Code.deferredAccuracyTooLow` under `CLError`, as on Apple's platforms: `catch CLError.deferredAccuracyTooLow`
    /// matches it.
    public static var deferredAccuracyTooLow: Code { .deferredAccuracyTooLow }
    /// `Code.deferredDistanceFiltered` under `CLError`, as on Apple's platforms: `catch
    /// CLError.deferredDistanceFiltered` matches it.
    public static var deferredDistanceFiltered: Code { .deferredDistanceFiltered }
    /// `Code.deferredCanceled` under `CLError`, as on Apple's platforms: `catch CLError.deferredCanceled` matches it.
    public static var deferredCanceled: Code { .deferredCanceled }
    /// `Code.rangingUnavailable` under `CLError`, as on Apple's platforms: `catch CLError.rangingUnavailable` works.
    public static var rangingUnavailable: Code { .rangingUnavailable }
    /// `Code.rangingFailure` under `CLError`, as on Apple's platforms: `catch CLError.rangingFailure` matches it.
    public static var rangingFailure: Code { .rangingFailure }
    /// `Code.promptDeclined` under `CLError`, as on Apple's platforms: `catch CLError.promptDeclined` matches it.
    public static var promptDeclined: Code { .promptDeclined }
    /// `Code.historicalLocationError` under `CLError`, as on Apple's platforms: `catch CLError.historicalLocationError`
    /// matches it.
    public static var historicalLocationError: Code { .historicalLocationError }
}

/// `catch CLError.denied`, `case CLError.denied` against any error.
public func ~= (match: CLError.Code, error: any Error) -> Bool {
    (error as? CLError)?.code == match
}

extension CLError {
    /// The error of a locsim record (`SimulatedLocationError`).
    init(_ code: CLErrorCode) {
        switch code {
        case .locationUnknown: self.init(Code.locationUnknown)
        case .denied: self.init(Code.denied)
        case .regionMonitoringDenied: self.init(Code.regionMonitoringDenied)
        case .regionMonitoringFailure: self.init(Code.regionMonitoringFailure)
        case .rangingUnavailable: self.init(Code.rangingUnavailable)
        case .promptDeclined: self.init(Code.promptDeclined)
        case .headingFailure: self.init(Code.headingFailure)
        case .deferredFailed: self.init(Code.deferredFailed)
        case .deferredNotUpdatingLocation: self.init(Code.deferredNotUpdatingLocation)
        case .deferredAccuracyTooLow: self.init(Code.deferredAccuracyTooLow)
        case .deferredDistanceFiltered: self.init(Code.deferredDistanceFiltered)
        case .deferredCanceled: self.init(Code.deferredCanceled)
        }
    }

    /// `error` as the app receives it: a locsim error becomes a `CLError`.
    static func bridged(_ error: any Error) -> any Error {
        (error as? SimulatedLocationError).map { CLError($0.code) } ?? error
    }
}
