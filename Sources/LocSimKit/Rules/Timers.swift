/// Timers the rules set. A timer carries no generation: when it fires, the
/// state it belongs to says whether it still applies (a grace period ending
/// now, a request whose timeout is now, a pending prompt due now), so a
/// timer made stale by a later change does nothing.
enum RuleTimer: Hashable {
    case graceExpired
    case suspend
    /// A session that kept the app running past its run time ended: the
    /// app is suspended once the calls of that instant have run.
    case suspendAfterCalls
    case upgradePrompt
    /// Of the launch manager (nil) or a named one.
    case requestLocationTimeout(manager: String?)
    /// Standard updates pause after `pauseAfter` without movement (§8).
    case autoPause(manager: String?)
    /// A derived crossing's dwell ends (§8).
    case crossingDwell(CrossingTarget)
    /// A satisfied beacon identity condition (by its key in `Monitors`) has
    /// gone `beaconLostDelay` without a sighting (docs/modern.md M14).
    case beaconLost(String)
    /// `firstUnlockDelay` after a reboot: the user unlocks the device (docs/rules.md §2).
    case firstUnlock
    /// A deferral's timeout (docs/rules.md §8, "Deferred updates"), of the
    /// launch manager (nil) or a named one.
    case deferralTimeout(manager: String?)

    enum CrossingTarget: Hashable {
        case region(String)
        case notification(String)
        /// A `CLMonitor` circular condition, by its key in `Monitors`.
        case condition(String)
    }

    var phase: Phase {
        switch self {
        case .graceExpired: return .inUse
        case .suspend: return .suspension
        case .suspendAfterCalls: return .afterLines
        case .upgradePrompt, .requestLocationTimeout, .crossingDwell, .autoPause, .beaconLost, .firstUnlock,
            .deferralTimeout:
            return .rule
        }
    }
}

/// What the one queue holds: the rules' timers, and the reactions of `on`
/// lines waiting out their `after` (`ClosedLoop`).
enum Scheduled: Hashable {
    case rule(RuleTimer)
    case reaction(ClosedLoop.Pending)
}

/// The one queue and the one clock of a simulation (SimPy's `Environment`:
/// one heap, one `now`): the rules' timers and the delayed reactions, keyed
/// by (time, phase, sequence), whose `now` every driver reads — the replay,
/// `ClosedLoop`, `locsim explore` and `SimulatedDevice`. Timers a rule sets
/// go straight into the queue, and a cancel removes them from it, during a
/// timer run as at any other time.
struct Timers: Hashable {
    private(set) var queue = EventQueue<Scheduled>()

    /// The one clock: the last input's time or the event being handled.
    var now: Millis { queue.now }

    mutating func schedule(_ timer: RuleTimer, at time: Millis) {
        queue.schedule(.rule(timer), at: time, phase: timer.phase)
    }

    /// Queues a reaction to run at `time`, after the rules' timers of that instant.
    mutating func schedule(_ reaction: ClosedLoop.Pending, at time: Millis) {
        queue.schedule(.reaction(reaction), at: time, phase: .reaction)
    }

    /// Forgets every `timer` not yet fired, so a replaced timer takes no memory.
    /// - Complexity: O(n) in the events pending.
    mutating func cancel(_ timer: RuleTimer) {
        queue.removeAll { $0 == .rule(timer) }
    }

    /// Takes out the next event due up to `limit` (at `limit`, one whose
    /// phase sorts before `phase`), moving the clock to its time; nil when
    /// none is due.
    @inline(__always)
    mutating func next(until limit: Millis, before phase: Phase) -> Scheduled? {
        guard queue.hasEvent(until: limit, before: phase) else { return nil }
        return queue.step()?.payload
    }

    /// Moves the clock to `time` once no timer is due before it.
    @inline(__always)
    mutating func advance(to time: Millis) {
        queue.advance(to: time)
    }
}

extension Simulator {
    /// Runs the timers due up to a trace line at `limit` (or every timer, at
    /// the end), each at its own time, in the queue's order (docs/rules.md §0).
    @inline(__always)
    mutating func runTimers(until limit: Millis, before phase: Phase) {
        guard timers.queue.hasEvent(until: limit, before: phase) else { return }
        runDueTimers(until: limit, before: phase)
    }

    private mutating func runDueTimers(until limit: Millis, before phase: Phase) {
        while let event = timers.next(until: limit, before: phase) {
            guard case .rule(let timer) = event else {
                // Only `ClosedLoop` queues reactions, and it takes every event
                // due before a line itself (`step`) before the line reaches here.
                preconditionFailure("a delayed reaction reached the rules' own timer run at \(now)")
            }
            fire(timer)
            endStep()
        }
    }

    /// What ends every input — a line, a fix that changed the lifecycle, a
    /// timer, a reaction's call: the derived records (`settle`, by way of
    /// `endInput`), then the iOS 18 diagnostics.
    @inline(__always)
    mutating func endStep() {
        endInput()
        if modern.isActive { refreshModernDiagnostics() }
    }

    mutating func schedule(_ timer: RuleTimer, at time: Millis) {
        timers.schedule(timer, at: time)
    }

    /// Handles a timer if the state it was set for still holds.
    mutating func fire(_ timer: RuleTimer) {
        switch timer {
        case .graceExpired:
            guard lifecycle.graceUntil == now else { return }
            switch lifecycle {
            case .background(var b):
                b.inUse = .no
                lifecycle = .background(b)
            case .suspended:
                lifecycle = .suspended(graceUntil: nil)
            case .notRunning, .foreground:
                preconditionFailure("a grace period in \(lifecycle)")
            }
        case .suspend, .suspendAfterCalls:
            suspendIfIdle()
        case .upgradePrompt:
            guard upgrade.prompt == .pending(showAt: now) else { return }
            showUpgradePromptIfPending()
        case .crossingDwell(let target):
            dwellEnded(target)
        case .beaconLost(let key):
            beaconSilenceEnded(key)
        case .firstUnlock:
            if let at = device.rebootedAt, let delay = parameters.firstUnlockDelay, at + delay == now {
                device.rebootedAt = nil
            }
        case .autoPause(let name):
            servingIfExists(name) { $0.pauseIfStill() }
        case .requestLocationTimeout(let name):
            servingIfExists(name) { $0.apply($0.manager.requestTimedOut(at: $0.now, $0.decide(.location))) }
        case .deferralTimeout(let name):
            servingIfExists(name) { $0.deferralTimedOut() }
        }
    }
}
