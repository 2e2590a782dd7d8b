import Foundation
import LocSimKit

/// Core Location's error: `error as? CLError`, `.code == .denied`, `catch
/// CLError.denied`, `CLError(.denied)`; its domain is `kCLErrorDomain`
/// and its `errorCode` Apple's number.
public struct CLError: Error, Hashable, Sendable, CustomNSError {
    public enum Code: Int, Hashable, Sendable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
        case headingFailure = 3
        case regionMonitoringDenied = 4
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
        case regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8
        case geocodeFoundPartialResult = 9
        case geocodeCanceled = 10
        case deferredFailed = 11
        case deferredNotUpdatingLocation = 12
        case deferredAccuracyTooLow = 13
        case deferredDistanceFiltered = 14
        case deferredCanceled = 15
        case rangingUnavailable = 16
        case rangingFailure = 17
        case promptDeclined = 18
        case historicalLocationError = 19
    }

    public let code: Code

    public init(_ code: Code) { self.code = code }

    public static var errorDomain: String { kCLErrorDomain }
    public var errorCode: Int { code.rawValue }

    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var network: Code { .network }
    public static var headingFailure: Code { .headingFailure }
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    public static var regionMonitoringSetupDelayed: Code { .regionMonitoringSetupDelayed }
    public static var regionMonitoringResponseDelayed: Code { .regionMonitoringResponseDelayed }
    public static var deferredFailed: Code { .deferredFailed }
    public static var deferredNotUpdatingLocation: Code { .deferredNotUpdatingLocation }
    public static var deferredAccuracyTooLow: Code { .deferredAccuracyTooLow }
    public static var deferredDistanceFiltered: Code { .deferredDistanceFiltered }
    public static var deferredCanceled: Code { .deferredCanceled }
    public static var rangingUnavailable: Code { .rangingUnavailable }
    public static var rangingFailure: Code { .rangingFailure }
    public static var promptDeclined: Code { .promptDeclined }
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
