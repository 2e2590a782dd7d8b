/// The coordinator's settle step (docs/log-format.md, "Derived records"):
/// the `auth`, `inuse` and `indicator` records are not written by the rules
/// that change the state they derive from; after an input (a line, a fix, a
/// timer) the coordinator compares the derived state with what the log last
/// reported and writes each change once, in one order.
extension Simulator {
    /// Ends an input: logs the derived changes.
    mutating func endInput() {
        settle()
        lifecycleWritten = false
    }

    /// Whether ending the input now would log nothing and change nothing
    /// (for assertions).
    var isSettled: Bool {
        var copy = self
        copy.output.removeAll()
        copy.endInput()
        return copy.output.isEmpty && copy.lifecycle == lifecycle && copy.authorization == authorization
    }

    /// Logs the derived changes so far. Rules call it within an input only
    /// where the app is about to be told of a change of its own state, so
    /// that the records come first: after `launch`/`foreground` (before the
    /// authorization callback and the queued updates) and when entering the
    /// background (before the grace period is decided).
    mutating func settle() { settle(tellingApp: false) }

    /// A change of `authorization` (an answer, a Settings change, a request):
    /// settles, telling the app even when its record did not change.
    mutating func authorizationChanged() { settle(tellingApp: true) }

    /// The order, each step only when its state changed:
    /// 1. `auth`, then the app is told (its authorization callback, the
    ///    failures of services a loss of access stops);
    /// 2. the background session ends or begins (state only; an app then
    ///    past its run time is suspended once the instant's calls have run);
    ///    a session without the indicator ends temporary full accuracy,
    ///    which goes back to step 1;
    /// 3. `indicator off`, then `inuse end`; in use ending ends Allow Once
    ///    and temporary full accuracy, which goes back to step 1;
    /// 4. `inuse begin`, then `indicator on`.
    private mutating func settle(tellingApp: Bool) {
        var tell = tellingApp
        while true {
            let view = authorization.view(on: rules)
            if view != reported.auth {
                reported.auth = view
                emit(.auth(view))
                tell = true
            }
            var ended = false
            if tell {
                tell = false
                if app.isRunning { reportAuthorization(initial: false) }
                if deliveryAccess == .whenInUseBefore13 { failMonitoringUnavailableToWhenInUse() }
                ended = endSessionWithoutIndicator()
            }
            if endSessionIfBroken() || ended { suspendAfterCallsIfOverdue() }
            beginSessionIfEligible()
            if endTemporaryFullAccuracyUnengaged() { continue }
            let indicator = computedIndicator
            if reported.indicator && !indicator {
                reported.indicator = false
                emit(.indicator(on: false))
            }
            let inUse = computedInUse
            if reported.inUse && !inUse {
                reported.inUse = false
                emit(.inUseEnd(app == .notRunning ? .terminated : reported.inUseEnds))
                if inUseEnded() { continue }
            }
            if inUse && !reported.inUse {
                reported.inUse = true
                emit(.inUseBegin(app == .foreground ? .foreground : .backgroundSession))
            }
            // What ends the in use, kept while in use only, so it is a function
            // of the settled state (explore's merged states stay as they were).
            reported.inUseEnds = inUse ? inUseEndReason : .terminated
            if indicator && !reported.indicator {
                reported.indicator = true
                emit(.indicator(on: true))
            }
            return
        }
    }

    /// A session (or a CLBackgroundActivitySession) that kept a background
    /// app running past its run time ended: the app is suspended, but only
    /// after every call it makes at this instant (the rest of the callback
    /// it is in, the reactions and lines of the same time), as on a device,
    /// where the app is suspended after its code returns.
    mutating func suspendAfterCallsIfOverdue() {
        guard case .background(let b) = lifecycle, now >= b.deadline else { return }
        schedule(.suspendAfterCalls, at: now)
    }
}
