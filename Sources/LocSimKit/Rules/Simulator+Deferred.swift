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
/// A deferral changes no delivery: locsim's device never enters the
/// low-power state in which "locations will be coalesced for later
/// delivery" (CLLocationManager.h; "If another process is using location,
/// the device may not enter a low-power state and instead updates will
/// continue normally"), a locsim decision. What it models is the deferral's
/// start, its errors and its end.
extension Simulator {
    /// `deferredLocationUpdatesAvailable()` on `platform`: an iPhone (it has
    /// GPS: "the location manager allows deferred updates only when GPS
    /// hardware is available on the device") before iOS 13, where the method
    /// was deprecated with "You can remove calls to this method"; false on
    /// a Mac (no GPS) and from iOS 13 (a locsim decision).
    static func deferredLocationUpdatesAvailable(on platform: Platform) -> Bool {
        platform.os == .iOS && platform.major < 13
    }

    /// `allowDeferredLocationUpdates(untilTraveled:timeout:)`; `distance` nil
    /// is `CLLocationDistanceMax`, `timeout` nil `CLTimeIntervalMax`.
    mutating func allowDeferredUpdates(distance: Double?, timeout: Millis?) {
        // Deprecated: "You can remove calls to this method".
        guard Self.deferredLocationUpdatesAvailable(on: rules.platform) else { return }
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

    /// The current manager's deferral, if any, ends: its timeout goes and
    /// the delegate is told (`nil`: the distance or the timeout was reached).
    mutating func endDeferral(_ error: CLErrorCode?) {
        guard world.deferrals.removeValue(forKey: serving) != nil else { return }
        timers.cancel(.deferralTimeout(manager: readingManager(\.name)))
        callbackOrDrop(.didFinishDeferredUpdates(error))
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
}
