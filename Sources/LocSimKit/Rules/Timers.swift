/// Timers the rules set. A timer carries no generation: when it fires, the
/// state it belongs to says whether it still applies (a grace period ending
/// now, a request whose timeout is now, a pending prompt due now), so a
/// timer made stale by a later change does nothing.
enum RuleTimer: Equatable {
    case graceExpired
    case suspend
    case upgradePrompt
    case requestLocationTimeout
    /// Standard updates pause after `pauseAfter` without movement (§8).
    case autoPause
    /// A derived crossing's dwell ends (§8).
    case crossingDwell(CrossingTarget)

    enum CrossingTarget: Equatable {
        case region(String)
        case notification(String)
        /// A `CLMonitor` circular condition, by its key in `Monitors`.
        case condition(String)
    }

    var phase: Phase {
        switch self {
        case .graceExpired: return .inUse
        case .suspend: return .suspension
        case .upgradePrompt, .requestLocationTimeout, .crossingDwell, .autoPause: return .rule
        }
    }
}

/// The one owner of the rules' timers: the event queue, and the timers a
/// rule set while handling the current input, which join the queue when it
/// returns (so a timer fired by the queue's own `run(until:before:)` can set
/// others).
struct Timers {
    var queue = EventQueue<RuleTimer>()
    private var scheduled: [(timer: RuleTimer, time: Millis)] = []

    mutating func schedule(_ timer: RuleTimer, at time: Millis) {
        scheduled.append((timer, time))
    }

    /// Timers set since the last flush (checked inline on the per-fix path).
    var hasScheduled: Bool { !scheduled.isEmpty }

    /// Forgets every `timer` not yet fired, so a replaced timer takes no memory.
    /// - Complexity: O(n) in the timers pending.
    mutating func cancel(_ timer: RuleTimer) {
        scheduled.removeAll { $0.timer == timer }
        queue.removeAll { $0 == timer }
    }

    /// Moves the timers set since the last call into `queue`, in the order they were set.
    mutating func flush(into queue: inout EventQueue<RuleTimer>) {
        guard !scheduled.isEmpty else { return }
        for s in scheduled { queue.schedule(s.timer, at: s.time, phase: s.timer.phase) }
        scheduled.removeAll(keepingCapacity: true)
    }

    /// `flush(into:)` for the queue itself, between inputs.
    mutating func flush() {
        guard !scheduled.isEmpty else { return }
        for s in scheduled { queue.schedule(s.timer, at: s.time, phase: s.timer.phase) }
        scheduled.removeAll(keepingCapacity: true)
    }
}

extension Simulator {
    /// Runs the timers due up to a trace line at `limit` (or every timer, at
    /// the end) through the queue's `run(until:before:)`.
    mutating func runTimers(until limit: Millis, before phase: Phase) {
        if timers.queue.hasEvent(until: limit, before: phase) {
            // The queue runs outside `self` so that `fire` may change the rest of it.
            var queue = EventQueue<RuleTimer>()
            swap(&queue, &timers.queue)
            queue.run(until: limit, before: phase) { queue, time, timer in
                now = time
                fire(timer)
                if modern.isActive { refreshModernDiagnostics() }
                timers.flush(into: &queue)
            }
            swap(&queue, &timers.queue)
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
            updateInUse(ending: .graceExpired)
        case .suspend:
            suspendIfIdle()
        case .upgradePrompt:
            guard upgrade.prompt == .pending(showAt: now) else { return }
            showUpgradePromptIfPending()
        case .crossingDwell(let target):
            dwellEnded(target)
        case .autoPause:
            pauseIfStill()
        case .requestLocationTimeout:
            guard case .requestingOnce(now, let best) = manager.standard else { return }
            manager.standard = .off
            // At the timeout the best fix seen, else a failure (Apple's header, Apple, requestLocation and CLError).
            if let best {
                if standardUpdatesMayDeliver(best.location) { _ = deliverLocation(best.location, fixedAt: best.time) }
                return
            }
            // A suspended app runs no code: the failure is lost (docs/rules.md §2).
            callbackOrDrop(.didFailWithError(.kCLErrorLocationUnknown))
        }
    }
}
