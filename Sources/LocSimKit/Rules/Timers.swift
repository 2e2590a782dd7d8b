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
        case .upgradePrompt, .requestLocationTimeout, .crossingDwell, .autoPause, .beaconLost: return .rule
        }
    }
}

/// The one owner of the rules' timers and of the clock: the event queue,
/// whose `now` is the simulator's (the last trace line's time or the timer
/// being handled). Timers a rule sets go straight into the queue, and a
/// cancel removes them from it, during a timer run as at any other time.
struct Timers: Hashable {
    private(set) var queue = EventQueue<RuleTimer>()

    /// The one clock.
    var now: Millis { queue.now }

    mutating func schedule(_ timer: RuleTimer, at time: Millis) {
        queue.schedule(timer, at: time, phase: timer.phase)
    }

    /// Forgets every `timer` not yet fired, so a replaced timer takes no memory.
    /// - Complexity: O(n) in the timers pending.
    mutating func cancel(_ timer: RuleTimer) {
        queue.removeAll { $0 == timer }
    }

    /// Takes out the next timer due up to a trace line at `limit`, moving the
    /// clock to its time; nil when none is due.
    @inline(__always)
    mutating func next(until limit: Millis, before phase: Phase) -> RuleTimer? {
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
        while let timer = timers.next(until: limit, before: phase) {
            fire(timer)
            endInput()
            if modern.isActive { refreshModernDiagnostics() }
        }
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
        case .autoPause(let name):
            guard selectExisting(name) else { return }
            pauseIfStill()
            selectLaunchManager()
        case .requestLocationTimeout(let name):
            guard selectExisting(name) else { return }
            apply(manager.requestTimedOut(at: now, decide(.location)))
            selectLaunchManager()
        }
    }
}
