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
        case crashed, forceQuit, systemTerminated
    }

    /// How the app last stopped running; `nil` while it runs.
    private var stop: (Stop, Seen)? = nil
    /// When the app was last suspended; `nil` while it runs.
    private var suspended: Seen? = nil
    /// When the app last left the foreground (suspension follows from it).
    private var background: Seen? = nil
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
        switch record.record.base {
        case .delegate, .update, .session, .drop, .hold, .auth, .inUseBegin, .inUseEnd, .indicator, .completion, .notification,
            .react, .expect, .ofManager:
            return
        case .app, .crash, .prompt, .warning:
            note(record, at: location)
        }
    }

    @inline(never)
    private mutating func note(_ record: LogRecord, at location: SourceLocation?) {
        let seen = Seen(time: record.time.sinceStart, location: location)
        switch record.record.base {
        case .delegate, .update, .session, .drop, .hold, .auth, .inUseBegin, .inUseEnd, .indicator, .completion, .notification,
            .react, .expect, .ofManager:
            return
        case .app(let app):
            sawApp(app, seen)
        case .crash:
            stop = (.crashed, seen)
        case .prompt(let p):
            prompt = (p, seen)
            warning = nil
        case .warning(let text):
            warning = (text, seen)
        }
    }

    private mutating func sawApp(_ app: AppRecord, _ seen: Seen) {
        switch app {
        case .launchForeground, .launchBackground, .foreground, .wake:
            stop = nil
            suspended = nil
        case .background:
            background = seen
        case .suspend:
            suspended = seen
        case .terminate(.crash):
            break  // the crash record came first and says more
        case .terminate(.user):
            stop = (.forceQuit, seen)
        case .terminate(.system):
            stop = (.systemTerminated, seen)
        }
    }

    /// The notes for an error at `statement`, given the app's state then.
    func notes(
        for statement: TimedStatement, app: AppState, header: ScenarioHeader
    ) -> [ScenarioError.Note] {
        let fallback = statement.location
        switch statement.event {
        case .user(.answer):
            return promptNotes(at: fallback)
        case .app, .managerCall, .modern, .background, .terminate, .systemTerminate:
            if app == .notRunning, let (how, seen) = stop {
                let at = seen.time
                let text: String
                switch how {
                case .crashed:
                    let missingMode = !header.array("UIBackgroundModes", contains: "location")
                    text = "the app crashed at \(at)" + (missingMode ? " (UIBackgroundModes has no 'location')" : "")
                case .forceQuit: text = "the user force-quit the app at \(at)"
                case .systemTerminated: text = "the system terminated the app at \(at)"
                }
                return [ScenarioError.Note(text, at: seen.location ?? fallback)]
            }
            if app == .suspended, let seen = suspended {
                var text = "the app was suspended at \(seen.time)"
                if let left = background {
                    text += " (it left the foreground at \(left.time) with no background location session)"
                }
                return [ScenarioError.Note(text, at: background?.location ?? fallback)]
            }
            return []
        case .launch, .foreground, .systemNotBusy, .user, .fix, .enter, .exit, .visitArrive, .visitDepart, .beacon:
            return []
        }
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
            return [ScenarioError.Note("the last prompt was already answered '\(answer.rawValue)' at \(at)", at: seen.location ?? fallback)]
        case .dismiss:
            return [ScenarioError.Note("the prompt was dismissed at \(at), unanswered (the app left the foreground)", at: seen.location ?? fallback)]
        }
    }
}
