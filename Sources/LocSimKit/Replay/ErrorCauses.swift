/// Remembers, from the records a replay has produced, the earlier events
/// that can make a later line an error, so the error can name its cause:
///
///     app.scn:9:9: error: app startUpdatingLocation: the app is not running and runs no code
///     app.scn:5:9: note: the app crashed at 3.000 (UIBackgroundModes has no 'location')
///
/// It reads the log only (no rule is consulted), so the notes say what the
/// log already shows, pointing at the line that caused it.
struct ErrorCauses {
    /// A record at its time and, when a scenario line produced it, that line.
    struct Seen {
        var time: Millis
        var location: SourceLocation?
    }

    enum Stop {
        /// With the exception's text.
        case crashed(String)
        case forceQuit, systemTerminated, rebooted
    }

    /// How the app last stopped running; `nil` while it runs.
    private var stop: (Stop, Seen)? = nil
    /// When the app was last suspended; `nil` while it runs.
    private var suspended: Seen? = nil
    /// When the app last left the foreground (suspension follows from it).
    private var background: Seen? = nil
    /// The last wake or background relaunch since the app left the
    /// foreground: the app then ran for its wake window.
    private var woke: (WakeReason, relaunched: Bool, Seen)? = nil
    /// The last end of in use (a background session ending suspends the app at once).
    private var inUseEnded: (InUseEndReason, Seen)? = nil
    /// Since when the app has provisional Always, and the first event held
    /// for its upgrade prompt since then (docs/rules.md §6).
    private var provisional: (since: Seen, held: Seen?)? = nil
    /// The last prompt record: shown, answered or dismissed.
    private var prompt: (PromptRecord, Seen)? = nil
    /// The last warning since that prompt record (a request that did nothing).
    private var warning: (String, Seen)? = nil

    /// Notes the records that matter; a quick tag test for the others, as
    /// every record of a long trace passes through here. The noting itself
    /// is out of line, so a replay loop that inlines this holds no state of
    /// its own for it.
    @inline(__always)
    mutating func saw(_ record: LogRecord, at location: SourceLocation?) {
        switch record.record.event {
        case .hold(_, .provisionalAlways), .app, .crash, .prompt, .warning, .auth, .inUseEnd:
            note(record, at: location)
        case .delegate, .update, .session, .drop, .hold, .inUseBegin, .indicator, .completion, .notification, .react,
            .expect,
            .ofManager:
            return
        }
    }

    @inline(never)
    private mutating func note(_ record: LogRecord, at location: SourceLocation?) {
        let seen = Seen(time: record.time.sinceStart, location: location)
        switch record.record.event {
        case .delegate, .update, .session, .drop, .inUseBegin, .indicator, .completion, .notification, .react, .expect,
            .ofManager:
            return
        case .hold:
            if let p = provisional, p.held == nil { provisional = (p.since, seen) }
        case .auth(let view):
            if !view.provisional {
                provisional = nil
            } else if provisional == nil {
                provisional = (seen, nil)
            }
        case .inUseEnd(let reason):
            inUseEnded = (reason, seen)
        case .app(let app):
            sawApp(app, seen)
        case .crash(let text):
            stop = (.crashed(text), seen)
        case .prompt(let p):
            prompt = (p, seen)
            warning = nil
        case .warning(let text):
            warning = (text, seen)
        }
    }

    private mutating func sawApp(_ app: AppRecord, _ seen: Seen) {
        switch app {
        case .launchForeground, .foreground:
            stop = nil
            suspended = nil
            woke = nil
        case .launchBackground(let reason):
            stop = nil
            suspended = nil
            woke = (reason, true, seen)
        case .wake(let reason):
            stop = nil
            suspended = nil
            woke = (reason, false, seen)
        case .background:
            background = seen
            woke = nil
        case .suspend:
            suspended = seen
        case .terminate(.crash):
            break  // the crash record came first and says more
        case .terminate(.user):
            stop = (.forceQuit, seen)
        case .terminate(.system):
            stop = (.systemTerminated, seen)
        case .terminate(.reboot):
            stop = (.rebooted, seen)
        }
    }

    /// Why the app crashed, from the exception's text: a missing delegate
    /// method, or `allowsBackgroundLocationUpdates` without the background mode.
    static func crashCause(_ exception: String, header: ScenarioHeader) -> String {
        let marker = "Delegate must respond to "
        if let range = exception.firstRange(of: marker) {
            let method = exception[range.upperBound...].prefix { $0 != "'" }
            return " (the delegate does not implement \(method))"
        }
        return header.array("UIBackgroundModes", contains: "location") ? "" : " (UIBackgroundModes has no 'location')"
    }

    /// The notes for an error at `statement`, given the app's state then.
    func notes(
        for statement: TimedStatement, app: AppState, header: ScenarioHeader
    ) -> [ScenarioError.Note] {
        let fallback = statement.location
        switch statement.event {
        case .user(.answer(let answer, _)):
            return upgradeNotes(for: answer, at: fallback) ?? promptNotes(at: fallback)
        case .app, .managerCall, .modern, .background, .terminate, .systemTerminate:
            if app == .notRunning, let (how, seen) = stop {
                let at = seen.time
                let text: String
                switch how {
                case .crashed(let exception):
                    text = "the app crashed at \(at)" + Self.crashCause(exception, header: header)
                case .forceQuit: text = "the user force-quit the app at \(at)"
                case .systemTerminated: text = "the system terminated the app at \(at)"
                case .rebooted: text = "the device rebooted at \(at)"
                }
                return [ScenarioError.Note(text, at: seen.location ?? fallback)]
            }
            if app == .suspended, let seen = suspended {
                return [suspensionNote(seen, header: header, fallback: fallback)]
            }
            return []
        case .launch, .foreground, .systemNotBusy, .systemAny, .systemDeliverFirst, .systemInputFirst, .user, .fix,
            .enter, .exit, .visitArrive, .visitDepart, .beacon, .noFix, .heading, .headingUnavailable, .systemReboot:
            return []
        }
    }

    /// Why the app was suspended: its background session ended, the wake
    /// window of a wake or background relaunch ran out, or it left the
    /// foreground and its run time ran out.
    private func suspensionNote(_ seen: Seen, header: ScenarioHeader, fallback: SourceLocation) -> ScenarioError.Note {
        if let (reason, ended) = inUseEnded, reason == .sessionEnded, ended.time == seen.time {
            return ScenarioError.Note(
                "the app was suspended at \(seen.time), when its background location session ended (inuse end reason=sessionEnded)",
                at: ended.location ?? fallback)
        }
        if let (reason, relaunched, at) = woke {
            let how = relaunched ? "relaunched in the background" : "woken"
            let record =
                relaunched ? "app launch background reason=\(reason.rawValue)" : "app wake reason=\(reason.rawValue)"
            return ScenarioError.Note(
                "the app was \(how) at \(at.time) (\(record)) and suspended at \(seen.time), when its wake window ran out (wakeWindow \(header.parameters.wakeWindow) s after the last event it ran for)",
                at: at.location ?? fallback)
        }
        var text = "the app was suspended at \(seen.time)"
        if let left = background {
            text += " (it left the foreground at \(left.time) with no background location session)"
        }
        return ScenarioError.Note(text, at: background?.location ?? fallback)
    }

    /// Why the upgrade prompt of provisional Always is not on screen for
    /// `changeToAlways` or `keepWhileUsing`: no event was held, so none was
    /// due; or one was held and the prompt waits for `system notBusy`.
    /// `nil` when the app has no provisional Always (the other notes apply).
    private func upgradeNotes(for answer: Answer, at fallback: SourceLocation) -> [ScenarioError.Note]? {
        guard answer == .changeToAlways || answer == .keepWhileUsing, let (since, held) = provisional else {
            return nil
        }
        if let held {
            // A prompt record since the hold: the prompt notes say what became of it.
            if let (_, last) = prompt, last.time >= held.time { return nil }
            return [
                ScenarioError.Note(
                    "an event was held for provisional Always at \(held.time), so the upgrade prompt is due: it shows at the next 'system notBusy' (or upgradePromptDelay after the hold, if set)",
                    at: held.location ?? fallback)
            ]
        }
        return [
            ScenarioError.Note(
                "the app has provisional Always since \(since.time), but no event was held for it (no 'hold … reason=provisionalAlways'), so no upgrade prompt was due: only a region, significant-change, visit or CLMonitor event that comes while the app is not in use is held (docs/rules.md §6, docs/modern.md M15); liveUpdates elements are never held",
                at: since.location ?? fallback)
        ]
    }

    /// Why no prompt (or not that prompt) is on screen.
    private func promptNotes(at fallback: SourceLocation) -> [ScenarioError.Note] {
        if let (text, seen) = warning {
            return [ScenarioError.Note("no prompt showed at \(seen.time): \(text)", at: seen.location ?? fallback)]
        }
        guard let (record, seen) = prompt else { return [] }
        let at = seen.time
        switch record {
        case .show: return []
        case .answer(let answer):
            return [
                ScenarioError.Note(
                    "the last prompt was already answered '\(answer.rawValue)' at \(at)", at: seen.location ?? fallback)
            ]
        case .dismiss:
            return [
                ScenarioError.Note(
                    "the prompt was dismissed at \(at), unanswered (the app left the foreground)",
                    at: seen.location ?? fallback)
            ]
        }
    }
}
