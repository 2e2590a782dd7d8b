/// docs/rules.md §8, "Deferred updates": `allowDeferredLocationUpdates(untilTraveled:timeout:)`,
/// `disallowDeferredLocationUpdates()`, `deferredLocationUpdatesAvailable()`
/// and `locationManager(_:didFinishDeferredUpdatesWithError:)`, iOS 6 to 12.
///
/// Apple, allowDeferredLocationUpdates(untilTraveled:timeout:): "Your
/// delegate's locationManager(_:didFinishDeferredUpdatesWithError:) method
/// is called exactly once for each time you call this method." The calls
/// are deprecated from iOS 13 and macOS 10.15 with the words "You can remove
/// calls to this method": there they do nothing.
///
/// In the background a deferral holds the fixes the app would get and
/// delivers them in one `didUpdateLocations` call when it ends, or when the
/// app comes to the foreground: "the location manager tells the GPS
/// hardware to store new locations internally until the specified distance
/// or timeout conditions are met" (Apple); "If your app is in the
/// foreground, the location manager does not defer the deliver of events".
extension Simulator {
    /// `deferredLocationUpdatesAvailable()` on `platform`: an iPhone (it has
    /// GPS: "the location manager allows deferred updates only when GPS
    /// hardware is available on the device") before iOS 13, where the method
    /// was deprecated with "You can remove calls to this method"; false on
    /// a Mac (no GPS), on a device without GPS (`set gps false`) and from
    /// iOS 13 (a locsim decision).
    static func deferredLocationUpdatesAvailable(on platform: Platform, _ parameters: Parameters) -> Bool {
        platform.os == .iOS && platform.major < 13 && parameters.gps
    }

    /// `allowDeferredLocationUpdates(untilTraveled:timeout:)`; `distance` nil
    /// is `CLLocationDistanceMax`, `timeout` nil `CLTimeIntervalMax`.
    mutating func allowDeferredUpdates(distance: Double?, timeout: Millis?) {
        // Deprecated: "You can remove calls to this method".
        // (A device without GPS has the calls: they fail, below.)
        guard rules.platform.os == .iOS, rules.platform.major < 13 else { return }
        // CLLocationManager.h, requestLocation: "Calling either of those
        // methods will immediately cancel the location request."
        apply(manager.endRequest(dropping: .superseded))
        // "If you call this method twice in succession, the location manager
        // cancels the previous deferral before starting the new one."
        endDeferral(.deferredCanceled)
        if let refusal = deferralRefusal { return callbackOrDrop(.didFinishDeferredUpdates(refusal)) }
        let until = timeout.map { now + $0 }
        world.deferrals[serving] = Deferral(distance: distance, until: until, origin: fixes.last?.coordinate)
        if let until { schedule(.deferralTimeout(manager: readingManager(\.name)), at: until) }
    }

    /// The error a deferral fails with at once, checked in this order; nil
    /// when it starts.
    private var deferralRefusal: CLErrorCode? {
        // No location to defer: "Deferred mode failed" (a locsim decision).
        if authorization.status(on: rules).deniesAccess { return .deferredFailed }
        // No GPS: kCLErrorDeferredFailed "If the GPS hardware is not available".
        if !parameters.gps { return .deferredFailed }
        // "Start the delivery of location updates before calling this method."
        if !readingManager(\.updating) { return .deferredNotUpdatingLocation }
        // "… when the desired accuracy is set to kCLLocationAccuracyBest or kCLLocationAccuracyBestForNavigation."
        let accuracy = readingManager(\.desiredAccuracy)
        if accuracy != .best && accuracy != .bestForNavigation { return .deferredAccuracyTooLow }
        // "the distanceFilter property of the location manager must be set to kCLDistanceFilterNone."
        if readingManager(\.distanceFilter) != nil { return .deferredDistanceFiltered }
        return nil
    }

    /// `disallowDeferredLocationUpdates()`: a running deferral ends with
    /// `kCLErrorDeferredCanceled`. Apple's header: "An error will be returned
    /// if the manager will not defer updates and the exit criteria have not
    /// been met"; which code is a locsim decision.
    mutating func disallowDeferredUpdates() {
        endDeferral(.deferredCanceled)
    }

    /// The current manager's deferral, if any, ends: its timeout goes, the
    /// fixes it held are delivered in one call, then the delegate is told
    /// (`nil`: the distance or the timeout was reached).
    mutating func endDeferral(_ error: CLErrorCode?) {
        guard let deferral = world.deferrals.removeValue(forKey: serving) else { return }
        timers.cancel(.deferralTimeout(manager: readingManager(\.name)))
        deliverDeferred(deferral.held)
        callbackOrDrop(.didFinishDeferredUpdates(error))
    }

    /// In the background the current manager's deferral keeps a fix its
    /// updates would deliver (`hold fix … reason=deferred`); false when
    /// there is none, or the app is in the foreground. `shown` is the fix
    /// as delivered (reduced where asked), `fix` as sensed.
    mutating func deferIfInBackground(_ shown: Location, sensed fix: Location) -> Bool {
        guard case .background = lifecycle, var deferral = world.deferrals[serving] else { return false }
        deferral.held.append(HeldFix(shown: TimedLocation(location: shown, time: now), sensed: fix))
        world.deferrals[serving] = deferral
        emit(.hold(.fix(fix), .deferred))
        return true
    }

    /// The app comes to the foreground: each manager's held fixes are
    /// delivered, and its deferral goes on.
    mutating func deliverDeferredInForeground() {
        forEachManager { simulator in
            guard var deferral = simulator.world.deferrals[simulator.serving], !deferral.held.isEmpty else { return }
            let held = deferral.held
            deferral.held = []
            simulator.world.deferrals[simulator.serving] = deferral
            simulator.deliverDeferred(held)
        }
    }

    /// Held fixes in one call, those the app may still receive; the others
    /// are dropped with the reason §8's table gives now.
    private mutating func deliverDeferred(_ held: [HeldFix]) {
        guard !held.isEmpty else { return }
        let kept = held.filter { standardUpdatesMayDeliver($0.sensed) }
        deliverLocations(kept.map(\.shown), from: kept.map(\.sensed))
    }

    /// The app's process ends: the fixes its deferrals held are lost.
    mutating func dropDeferredFixes() {
        for index in world.deferrals.keys.sorted() {
            for fix in world.deferrals[index]?.held ?? [] { emit(.drop(.fix(fix.sensed), .notRunning)) }
        }
        world.deferrals = [:]
    }

    /// The timeout timer: "When one or both criteria are met, the location
    /// manager ends deferred locations by calling the
    /// locationManager(_:didFinishDeferredUpdatesWithError:) method".
    mutating func deferralTimedOut() {
        guard let deferral = world.deferrals[serving], deferral.until == now else { return }
        endDeferral(nil)
    }

    /// A fix the current manager's updates took: the deferral's distance is
    /// measured from where it started (the first fix after, if the device
    /// had none). "If your app is in the foreground, the location manager
    /// does not defer the deliver of events but does monitor for the
    /// specified criteria."
    mutating func deferralSaw(_ location: Location) {
        guard var deferral = world.deferrals[serving] else { return }
        guard let origin = deferral.origin else {
            deferral.origin = location.coordinate
            world.deferrals[serving] = deferral
            return
        }
        if let distance = deferral.distance, Geo.distance(origin, location.coordinate) >= distance {
            endDeferral(nil)
        }
    }
}

/// One manager's deferral of its location updates (docs/rules.md §8, "Deferred updates").
struct Deferral: Hashable {
    /// Meters from `origin`; nil is `CLLocationDistanceMax`.
    var distance: Double?
    /// When the timeout is reached; nil is `CLTimeIntervalMax`.
    var until: Millis?
    /// Where the device was when the deferral started.
    var origin: Coordinate?
    /// The fixes held in the background, oldest first.
    var held: [HeldFix] = []
}

/// A fix a deferral holds: as it will be delivered, and as it was sensed.
struct HeldFix: Hashable {
    var shown: TimedLocation
    var sensed: Location
}
