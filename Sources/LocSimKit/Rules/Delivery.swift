/// docs/rules.md §8 as one table: whether an event of a started service reaches the
/// app, and what the system does first. Pure: the simulator reads its state
/// into the inputs and performs the outcome.
enum Delivery: Hashable {
    case deliver
    /// A running background app gets `wakeWindow` more to handle it (§2).
    case extendRunThenDeliver
    case wakeThenDeliver
    case relaunchThenDeliver
    /// Held for provisional Always's upgrade prompt (§6).
    case hold
    /// Kept for a suspended app that would get it were it running, and
    /// delivered, with its own time, when the app next runs (standard
    /// updates, §8: "The system enqueues location updates and delivers them
    /// when the app runs again", Apple, Handling location updates in the background).
    case queueUntilRunning
    case drop(DropReason)

    /// The services of §8's columns, and the iOS 17+ streams (docs/modern.md).
    enum Service: Hashable, CaseIterable {
        /// Standard updates and `requestLocation`.
        case location
        case ranging
        case region
        case significantChange
        case visit
        /// An element of `CLLocationUpdate.liveUpdates` (M1, M7, M9), with
        /// what the app's service sessions provide. For an app that is not
        /// running: the next fix after the app stopped while the stream ran
        /// with background delivery (M10, M11).
        case liveUpdates(Sessions)
        /// A `CLMonitor` event (M13–M17): as a region event, with the
        /// sessions' requirement and the iOS 18 Always-session rule of the streams.
        case monitor(Sessions)
        /// A manager's callback that answers no event (a failure, a pause, a
        /// resume): a running app gets it; one that runs no code loses it (§2).
        case callback
        /// The app starts region, significant-change or visit monitoring:
        /// `deliver` when it starts, a drop when it fails at once.
        case monitoringStart
        /// `didDetermineState` answering the app's own `startMonitoring` or
        /// `requestState`: like a region event it needs authorization and
        /// full accuracy (it would reveal the position), and comes at once to the app that asked.
        case regionState

        static let allCases: [Service] =
            [.location, .ranging, .region, .significantChange, .visit, .callback, .monitoringStart, .regionState]
            + Sessions.allCases.map { .liveUpdates($0) } + Sessions.allCases.map { .monitor($0) }
    }

    /// What the app's `CLServiceSession`s do for the iOS 17+ streams (M7, M9).
    enum Sessions: Hashable, CaseIterable {
        /// iOS 17: there are no service sessions; Always delivers out of use.
        case unsupported
        /// iOS 18+: `NSLocationRequireExplicitServiceSession` is set and no session meets it.
        case required
        /// iOS 18+: no effective `.always` session; Always delivers only in use.
        case withoutAlways
        /// iOS 18+: an effective `.always` session is held.
        case always
    }

    /// §8's rows: the authorization as delivery reads it.
    enum Access: Hashable, CaseIterable {
        /// Not authorized, but not refused: not determined, Ask Next Time,
        /// or Location Services off (a switch of the whole device, not the
        /// app's refusal). Nothing is delivered; monitoring may start.
        case notDetermined
        /// Refused: denied (Never) or restricted. Nothing is delivered and
        /// monitoring cannot start.
        case denied
        /// When In Use before iOS 13: no monitoring services.
        case whenInUseBefore13
        /// When In Use from iOS 13, Allow Once included.
        case whenInUse
        /// Provisional Always: When In Use delivery, monitoring events held (§6).
        case provisionalAlways
        case always
    }

    /// Where the app is, and for a terminated app whether the system may launch it.
    enum App: Hashable, CaseIterable {
        case foreground, background, suspended
        case notRunning
        /// Force-quit by the user where monitoring no longer relaunches (§2, Apple, startMonitoringSignificantLocationChanges).
        case forceQuit
        /// A platform whose system never launches the app (watchOS).
        case notLaunchable
    }

    /// The outcome for one event: `inUse` and `accuracy` as they are when it occurs.
    static func decide(
        _ service: Service, access: Access, inUse: Bool, app: App, accuracy: AccuracyAuthorization
    ) -> Delivery {
        switch service {
        case .location:
            let outcome = whileRunning(access: access, inUse: inUse, app: app)
            // A suspended app's updates wait for it if it would get them running (§8).
            if app == .suspended, whileRunning(access: access, inUse: inUse, app: .background) == .deliver {
                return .queueUntilRunning
            }
            return outcome
        case .ranging:
            let outcome = whileRunning(access: access, inUse: inUse, app: app)
            // Ranging reveals the precise position: none under reduced accuracy (Apple, startRangingBeacons(satisfying:)).
            if outcome == .deliver, accuracy == .reducedAccuracy { return .drop(.reducedAccuracy) }
            return outcome
        case .callback:
            return app.notRunningCode.map { .drop($0) } ?? .deliver
        case .monitoringStart:
            // §8: a denied or restricted app's start fails at once
            // (`kCLErrorRegionMonitoringDenied`, `kCLErrorDenied`); When In
            // Use before iOS 13 has no monitoring. An app not yet asked may
            // start: its events are dropped `notAuthorized` until it is
            // authorized. The call is the app's: where it is does not matter.
            switch access {
            case .denied: return .drop(.notAuthorized)
            case .whenInUseBefore13: return .drop(.unavailable)
            case .notDetermined, .whenInUse, .provisionalAlways, .always: return .deliver
            }
        case .regionState:
            // §8: no region events before authorization; with Precise Location
            // off region monitoring is unavailable (Apple, region monitoring).
            if !access.isAuthorized { return .drop(.notAuthorized) }
            if accuracy == .reducedAccuracy { return .drop(.reducedAccuracy) }
            return app.notRunningCode.map { .drop($0) } ?? .deliver
        case .region, .significantChange, .visit:
            if !access.isAuthorized { return .drop(.notAuthorized) }
            // Region monitoring is unavailable under reduced accuracy (Apple, region monitoring):
            // the event neither wakes nor relaunches the app, nor is it held.
            if service == .region, accuracy == .reducedAccuracy { return .drop(.reducedAccuracy) }
            return monitoring(access: access, inUse: inUse, app: app)
        case .liveUpdates(let sessions):
            return stream(access: access, inUse: inUse, app: app, sessions: sessions)
        case .monitor(let sessions):
            // Like region monitoring, unavailable under reduced accuracy:
            // "True if events will not be delivered because the app is
            // subject to accuracy limitation" (CLMonitoringEvent.h).
            if access.isAuthorized, access != .whenInUseBefore13, accuracy == .reducedAccuracy {
                return .drop(.reducedAccuracy)
            }
            return monitorEvent(access: access, inUse: inUse, app: app, sessions: sessions)
        }
    }

    /// Standard updates and ranging: When In Use while in use, Always while
    /// the app runs; never to an app that runs no code. The reason names the
    /// first thing in the way, the same on every version: authorization, then
    /// the app not running code (`suspended`, `notRunning`), then in use.
    private static func whileRunning(access: Access, inUse: Bool, app: App) -> Delivery {
        switch access {
        case .notDetermined, .denied:
            return .drop(.notAuthorized)
        case .whenInUseBefore13, .whenInUse, .provisionalAlways:
            if let reason = app.notRunningCode { return .drop(reason) }
            return inUse ? .deliver : .drop(.notInUse)
        case .always:
            return app.notRunningCode.map { .drop($0) } ?? .deliver
        }
    }

    /// Region, significant-change and visit events: When In Use while in
    /// use (provisional: held), Always whatever the app's state.
    private static func monitoring(access: Access, inUse: Bool, app: App) -> Delivery {
        switch access {
        case .notDetermined, .denied:
            return .drop(.notAuthorized)
        case .whenInUseBefore13:
            // The services fail and stop when the app becomes When In Use
            // (§8), so no event reaches this cell; it stays total.
            return .drop(.unavailable)
        case .provisionalAlways:
            // Held while not in use, whatever the app's state (§6).
            if !inUse { return .hold }
            return app.notRunningCode.map { .drop($0) } ?? .deliver
        case .whenInUse:
            if let reason = app.notRunningCode { return .drop(reason) }
            return inUse ? .deliver : .drop(.notInUse)
        case .always:
            switch app {
            case .foreground: return .deliver
            case .background: return .extendRunThenDeliver
            case .suspended: return .wakeThenDeliver
            case .notRunning: return .relaunchThenDeliver
            case .forceQuit: return .drop(.forceQuit)
            case .notLaunchable: return .drop(.notRunning)
            }
        }
    }
}

extension Delivery {
    /// The iOS 17+ streams: a terminated app is relaunched when authorized
    /// (as by monitoring, force-quit included); for a live one, the
    /// explicit-session requirement comes first (it disables Location
    /// Services for the app whatever the authorization), then
    /// authorization, in use — an Always app out of use needs an `.always`
    /// session from iOS 18 — and a running app.
    private static func stream(access: Access, inUse: Bool, app: App, sessions: Sessions) -> Delivery {
        // The API exists from iOS 17, long after When In Use gained monitoring.
        if access == .whenInUseBefore13 { return .drop(.unavailable) }
        switch app {
        case .notRunning, .forceQuit, .notLaunchable:
            if !access.isAuthorized { return .drop(.notAuthorized) }
            return monitoring(access: .always, inUse: false, app: app)
        case .foreground, .background, .suspended:
            break
        }
        if sessions == .required { return .drop(.serviceSessionRequired) }
        switch access {
        case .notDetermined, .denied, .whenInUseBefore13:
            return .drop(.notAuthorized)
        case .whenInUse, .provisionalAlways, .always:
            break
        }
        // A suspended app that would get the element were it running is
        // unsuspended: CLLocationUpdate "will unsuspend the app" (WWDC23
        // 10180; M1). Otherwise an app that runs no code is told so first, as
        // for standard updates (docs/rules.md §8, v2 correction 9).
        if app == .suspended, stream(access: access, inUse: inUse, app: .background, sessions: sessions) == .deliver {
            return .wakeThenDeliver
        }
        if let reason = app.notRunningCode { return .drop(reason) }
        switch access {
        case .notDetermined, .denied, .whenInUseBefore13:
            return .drop(.notAuthorized)
        case .whenInUse, .provisionalAlways:
            return inUse ? .deliver : .drop(.notInUse)
        case .always:
            return !inUse && sessions == .withoutAlways ? .drop(.notInUse) : .deliver
        }
    }
}

extension Delivery {
    /// `CLMonitor` events: as region events — When In Use while in use,
    /// provisional Always held while not in use for the upgrade prompt,
    /// Always whatever the app's state (woken, relaunched) — except that a
    /// live app first needs the explicit session requirement met and, from
    /// iOS 18, an Always app out of use an `.always` session (M9, M15).
    private static func monitorEvent(access: Access, inUse: Bool, app: App, sessions: Sessions) -> Delivery {
        let authorized = access.isAuthorized && access != .whenInUseBefore13
        if authorized && app.isLive {
            if sessions == .required { return .drop(.serviceSessionRequired) }
            if access == .always && !inUse && sessions == .withoutAlways { return .drop(.notInUse) }
        }
        return monitoring(access: access, inUse: inUse, app: app)
    }
}

extension Delivery.Access {
    /// Any level of authorization (When In Use before iOS 13 included).
    var isAuthorized: Bool {
        switch self {
        case .notDetermined, .denied: return false
        case .whenInUseBefore13, .whenInUse, .provisionalAlways, .always: return true
        }
    }
}

extension Delivery.App {
    /// The process exists (running or suspended): its sessions are held.
    var isLive: Bool {
        switch self {
        case .foreground, .background, .suspended: return true
        case .notRunning, .forceQuit, .notLaunchable: return false
        }
    }

    /// Why an app that runs no code cannot take a callback; nil when it runs.
    var notRunningCode: DropReason? {
        switch self {
        case .foreground, .background: return nil
        case .suspended: return .suspended
        case .notRunning, .forceQuit, .notLaunchable: return .notRunning
        }
    }
}
