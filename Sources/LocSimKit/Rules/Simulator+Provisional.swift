/// docs/rules.md §6: provisional Always holds monitoring events for the upgrade prompt.
extension Simulator {
    /// Holds an event that occurred while not in use; a newer one for the
    /// same key supersedes the older. The first makes the upgrade prompt pending.
    mutating func hold(_ event: MonitoringEvent) {
        let key = event.holdKey
        // The newer goes last: release is in time order.
        if let older = upgrade.held.remove(key.id) {
            emit(.drop(older.event.undelivered, .superseded))
        }
        upgrade.held.upsert(key.id, HeldEvent(time: now, key: key, event: event))
        emit(.hold(event.undelivered, .provisionalAlways))
        guard upgrade.prompt == .notOffered else { return }
        let showAt = parameters.upgradePromptDelay.map { now + $0 }
        upgrade.prompt = .pending(showAt: showAt)
        if let showAt { schedule(.upgradePrompt, at: showAt) }
    }

    /// What the system can do of its own accord now (a `system any` choice
    /// point, docs/explore.md): end the app where it is in the background or
    /// suspended (`system terminate`), and show the pending upgrade prompt
    /// of provisional Always (`system notBusy`), in that order.
    package var systemMoves: [Event] {
        var moves: [Event] = []
        switch app {
        case .background, .suspended: moves.append(.systemTerminate)
        case .foreground, .notRunning: break
        }
        if upgradePromptPending { moves.append(.systemNotBusy) }
        return moves
    }

    /// `system notBusy` would show the upgrade prompt now (also a `system
    /// any` option in `locsim explore`).
    var upgradePromptPending: Bool {
        guard case .pending = upgrade.prompt else { return false }
        return prompt == nil && authorization.provisional
    }

    /// The pending upgrade prompt shows when the user is not busy, at most
    /// once per install, with the Always text (000, 003).
    mutating func showUpgradePromptIfPending() {
        guard upgradePromptPending else { return }
        upgrade.prompt = .shown
        show(
            .upgrade, text: Self.alwaysAndWhenInUseKey, origin: .provisionalUpgrade,
            answers: [.keepWhileUsing, .changeToAlways])
    }

    /// Ends holding: with Always, events younger than `heldEventMaxAge` are
    /// delivered in time order and older ones dropped as stale; otherwise all
    /// are dropped with `reason`.
    mutating func releaseHeldEvents(deliver: Bool, otherwise reason: DropReason) {
        let events = upgrade.held.elements
        upgrade.held = KeyedList()
        for h in events {
            if !deliver {
                emit(.drop(h.event.undelivered, reason))
            } else if now - h.time < parameters.heldEventMaxAge {
                deliverMonitoring(h.event)
            } else {
                emit(.drop(h.event.undelivered, .stale))
            }
        }
    }
}
