/// What the test does to the device: the user, the app's lifecycle, the
/// system and the world (each a scenario line at the device's time), and
/// fixes fed one at a time or as a trace.
extension SimulatedDevice {
    /// The person holding the device: prompt answers and the Settings app.
    public var user: User { User(device: self) }
    /// The app's lifecycle, as the user and the system drive it.
    public var app: App { App(device: self) }
    /// What the device senses besides fixes: region crossings, visits, beacons.
    public var world: World { World(device: self) }

    /// `user …` lines.
    public struct User {
        weak var device: SimulatedDevice?

        /// Answers the prompt on screen (`precise`: the Precise switch, if given).
        ///
        /// - Throws: `.noPrompt` when no prompt is showing; `.rejected` for an
        ///   answer this prompt does not offer.
        public func answer(_ answer: Answer, precise: Bool? = nil) throws(DeviceError) {
            let device = try alive("answer")
            device.run(until: nil)
            guard device.engine.promptShowing else {
                throw device.noPrompt(.user(.answer(answer, precise: precise)), "answer(.\(answer.rawValue))")
            }
            if precise != nil, let problem = device.missing("the Precise switch", since: 14) { throw problem }
            try device.input(.user(.answer(answer, precise: precise)))
        }

        /// The prompt on screen goes away unanswered (`user dismiss`).
        ///
        /// - Throws: `.noPrompt` when no prompt is showing.
        public func dismiss() throws(DeviceError) {
            let device = try alive("dismiss")
            device.run(until: nil)
            guard device.engine.promptShowing else { throw device.noPrompt(.user(.dismiss), "dismiss()") }
            try device.input(.user(.dismiss))
        }

        /// Picks the app's location setting in the Settings app.
        public func settings(_ choice: SettingsChoice, precise: Bool? = nil) throws(DeviceError) {
            let device = try alive("settings")
            if choice == .askNextTime, let problem = device.missing("Ask Next Time", since: 13) { throw problem }
            if precise != nil, let problem = device.missing("the Precise switch", since: 14) { throw problem }
            try device.input(.user(.settings(choice, precise: precise)))
        }

        /// Turns the app's Precise Location switch in Settings (iOS 14+).
        public func setPrecise(_ on: Bool) throws(DeviceError) {
            let device = try alive("setPrecise")
            if let problem = device.missing("the Precise switch", since: 14) { throw problem }
            try device.input(.user(.precise(on)))
        }

        /// Turns Location Services on or off for the whole device.
        public func setLocationServices(_ on: Bool) throws(DeviceError) {
            try alive("setLocationServices").input(.user(.locationServices(on)))
        }

        /// Turns the parental restriction on or off.
        public func setRestricted(_ on: Bool) throws(DeviceError) {
            try alive("setRestricted").input(.user(.restricted(on)))
        }

        /// Turns Low Power Mode or the app's Background App Refresh on or off
        /// (docs/rules.md §5: from iOS 8 neither changes location delivery).
        public func setDeviceSetting(_ setting: DeviceSetting, _ on: Bool) throws(DeviceError) {
            try alive("setDeviceSetting").input(.user(.device(setting, on)))
        }

        /// Unlocks the device: the first unlock since `app.reboot()` lets
        /// location events relaunch the app again (docs/rules.md §2, "Reboot").
        public func unlock() throws(DeviceError) { try alive("unlock").input(.user(.unlock)) }

        /// Taps the location notification `id` on screen.
        public func tapNotification(id: String) throws(DeviceError) {
            try alive("tapNotification").input(.user(.tapNotification(id: id)))
        }

        private func alive(_ name: String) throws(DeviceError) -> SimulatedDevice {
            try SimulatedDevice.alive(device, "user.\(name)")
        }
    }

    /// `launch`, `foreground`, `background`, `terminate`, `system …` lines.
    public struct App {
        weak var device: SimulatedDevice?

        /// Launches the app in the foreground (after it was terminated).
        public func launch() throws(DeviceError) { try input(.launch, "launch") }
        /// The user brings the app to the foreground.
        public func enterForeground() throws(DeviceError) { try input(.foreground, "enterForeground") }
        /// The user leaves the app: it moves to the background.
        public func enterBackground() throws(DeviceError) { try input(.background, "enterBackground") }
        /// The user force-quits the app in the app switcher.
        public func terminate() throws(DeviceError) { try input(.terminate, "terminate") }
        /// The system terminates the app (memory pressure).
        public func terminateBySystem() throws(DeviceError) { try input(.systemTerminate, "terminateBySystem") }
        /// The system is free to show a deferred prompt (provisional Always's upgrade).
        public func systemNotBusy() throws(DeviceError) { try input(.systemNotBusy, "systemNotBusy") }
        /// The device restarts (`system reboot`): the app ends; until the first unlock
        /// (`user.unlock()`, or `firstUnlockDelay`) no location event relaunches it.
        public func reboot() throws(DeviceError) { try input(.systemReboot, "reboot") }
        /// The app has a process: launched and not ended since (in the
        /// foreground, the background or suspended). False after
        /// `terminate()`, a system termination (one an exploration chose,
        /// too) or a crash, until a launch: then `launch()` brings it back,
        /// not `enterForeground()`.
        public var isLaunched: Bool { device.map { $0.engine.appState != .notRunning } ?? false }

        private func input(_ event: Event, _ name: String) throws(DeviceError) {
            try SimulatedDevice.alive(device, "app.\(name)").input(event)
        }
    }

    /// `enter`, `exit`, `visit`, `beacon`, `nofix`, `heading` lines.
    public struct World {
        weak var device: SimulatedDevice?

        /// `enter <regionId>`: the device crosses into the region declared with that id; throws for an undeclared id.
        public func enter(regionID: String) throws(DeviceError) { try input(.enter(regionID: regionID), "enter") }
        /// `exit <regionId>`: the device crosses out of the region declared with that id; throws for an undeclared id.
        public func exit(regionID: String) throws(DeviceError) { try input(.exit(regionID: regionID), "exit") }
        /// `visit arrive <lat> <lon> [<accuracy>]`: a visit begins at `location`.
        public func arrive(at location: Location) throws(DeviceError) { try input(.visitArrive(location), "arrive") }
        /// `visit depart <lat> <lon> [<accuracy>]`: the visit at `location` ends.
        public func depart(from location: Location) throws(DeviceError) { try input(.visitDepart(location), "depart") }
        /// `beacon <uuid> <major> <minor> <proximity> [rssi=<dBm>]`: the device sights `beacon`.
        public func sight(_ beacon: BeaconSighting) throws(DeviceError) { try input(.beacon(beacon), "sight") }
        /// `nofix [until <time>]`: no location can be had until the next fix, or until `until`.
        public func loseFix(until: Instant? = nil) throws(DeviceError) {
            try input(.noFix(until: until?.sinceStart), "loseFix")
        }
        /// `heading <magnetic> <true> <accuracy>`: the magnetometer senses a heading.
        public func sense(heading: HeadingSample) throws(DeviceError) { try input(.heading(heading), "sense") }
        /// `heading unavailable`: no heading can be had until the next one (`kCLErrorHeadingFailure`).
        public func loseHeading() throws(DeviceError) { try input(.headingUnavailable, "loseHeading") }

        private func input(_ event: Event, _ name: String) throws(DeviceError) {
            try SimulatedDevice.alive(device, "world.\(name)").input(event)
        }
    }

    /// The error of an answer with no prompt on screen, with the notes
    /// `locsim run` gives (a request that showed none: a missing Info.plist key).
    func noPrompt(_ event: Event, _ name: String) -> DeviceError {
        do throws(ScenarioError) {
            try engine.apply(event)
        } catch {
            return DeviceError(.noPrompt, error, call: name)
        }
        return DeviceError(.noPrompt, "\(name): no prompt is on screen")
    }

    static func alive(_ device: SimulatedDevice?, _ name: String) throws(DeviceError) -> SimulatedDevice {
        guard let device else { throw DeviceError(.deviceGone, "\(name): the SimulatedDevice is gone") }
        return device
    }

    // MARK: Fixes

    /// A fix the device senses now (`<now> fix …`).
    ///
    /// - Throws: `.rejected` for a value out of range (latitude beyond ±90, …).
    @inline(__always)
    public func feed(fix: Fix) throws(DeviceError) {
        if explorer != nil {
            run(until: nil)
            try exploreBeforeCall(answering: false, terminable: true)
        }
        if dispatched < engine.log.records.count || engine.nextTimerEntry.map({ $0.time <= engine.now }) == true {
            run(until: nil)
        }
        switch engine.applyFix(fix) {
        case .applied: break
        case .notPlain:
            if let extras = FixExtras(fix, at: engine.now) { fixExtras.append(extras) }
            return try input(.fix(fix))
        case .failed(let error): keep(DeviceError(.rejected, error))
        }
        dispatch()
        if !kept.isEmpty { try throwKept() }
    }

    /// Fixes sensed `interval` apart, the first now: the clock ends at the last.
    public func feed(trace: [Fix], interval: Millis = .seconds(1)) throws(DeviceError) {
        for (index, fix) in trace.enumerated() {
            if index > 0 { try advance(by: interval) }
            try feed(fix: fix)
        }
    }
}
