import Foundation

#if canImport(CoreLocation) && !LOCSIM
    import CoreLocation
#else
    import LocSimCoreLocation
#endif

// The callbacks of the services iOS has and tvOS, watchOS or macOS lack
// (RecordingLocationManager+Services.swift): recorded on iOS and over
// LocSimCoreLocation, forwarded unchanged.
#if !(canImport(CoreLocation) && !LOCSIM) || (os(iOS) && !targetEnvironment(macCatalyst))
    extension DelegateProxy {
        func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {
            record(.startedMonitoring(region: region.identifier))
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didStartMonitoringFor: region)
            #else
                target?.locationManager(manager, didStartMonitoringFor: region)
            #endif
        }

        func locationManager(
            _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error
        ) {
            record(.monitoringFailed(region: region?.identifier, error: Self.code(error)))
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, monitoringDidFailFor: region, withError: error)
            #else
                target?.locationManager(manager, monitoringDidFailFor: region, withError: error)
            #endif
        }

        func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
        {
            let name = state.rawValue == 1 ? "inside" : state.rawValue == 2 ? "outside" : "unknown"
            record(.state(name, region: region.identifier))
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didDetermineState: state, for: region)
            #else
                target?.locationManager(manager, didDetermineState: state, for: region)
            #endif
        }

        func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
            record(.entered(region: region.identifier))
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didEnterRegion: region)
            #else
                target?.locationManager(manager, didEnterRegion: region)
            #endif
        }

        func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
            record(.exited(region: region.identifier))
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didExitRegion: region)
            #else
                target?.locationManager(manager, didExitRegion: region)
            #endif
        }

        func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
            let arrival = visit.arrivalDate == .distantPast ? nil : visit.arrivalDate
            let departure = visit.departureDate == .distantFuture ? nil : visit.departureDate
            let at = SessionEntry.Fix(
                latitude: visit.coordinate.latitude, longitude: visit.coordinate.longitude,
                accuracy: visit.horizontalAccuracy, timestamp: departure ?? arrival ?? Date())
            record(.visit(arrival: arrival, departure: departure, recorder.hidden(at)))
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didVisit: visit)
            #else
                target?.locationManager(manager, didVisit: visit)
            #endif
        }

        /// Ranging is forwarded, not recorded: the session cannot say which
        /// beacons were near (docs/recorder.md, "What a session cannot show").
        func locationManager(
            _ manager: CLLocationManager, didRange beacons: [CLBeacon],
            satisfying beaconConstraint: CLBeaconIdentityConstraint
        ) {
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didRange: beacons, satisfying: beaconConstraint)
            #else
                target?.locationManager(manager, didRange: beacons, satisfying: beaconConstraint)
            #endif
        }

        func locationManager(
            _ manager: CLLocationManager, didFailRangingFor beaconConstraint: CLBeaconIdentityConstraint,
            error: any Error
        ) {
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didFailRangingFor: beaconConstraint, error: error)
            #else
                target?.locationManager(manager, didFailRangingFor: beaconConstraint, error: error)
            #endif
        }

        func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
            record(.paused)
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManagerDidPauseLocationUpdates?(manager)
            #else
                target?.locationManagerDidPauseLocationUpdates(manager)
            #endif
        }

        func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
            record(.resumed)
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManagerDidResumeLocationUpdates?(manager)
            #else
                target?.locationManagerDidResumeLocationUpdates(manager)
            #endif
        }

        func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
            record(
                .heading(
                    magnetic: newHeading.magneticHeading, true: newHeading.trueHeading,
                    accuracy: newHeading.headingAccuracy))
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didUpdateHeading: newHeading)
            #else
                target?.locationManager(manager, didUpdateHeading: newHeading)
            #endif
        }

        func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
            record(.headingCalibration)
            #if canImport(CoreLocation) && !LOCSIM
                return target?.locationManagerShouldDisplayHeadingCalibration?(manager) ?? false
            #else
                return target?.locationManagerShouldDisplayHeadingCalibration(manager) ?? false
            #endif
        }

        func locationManager(_ manager: CLLocationManager, didFinishDeferredUpdatesWithError error: (any Error)?) {
            record(.deferredFinished(error: error.map(Self.code)))
            #if canImport(CoreLocation) && !LOCSIM
                target?.locationManager?(manager, didFinishDeferredUpdatesWithError: error)
            #else
                target?.locationManager(manager, didFinishDeferredUpdatesWithError: error)
            #endif
        }
    }
#endif
