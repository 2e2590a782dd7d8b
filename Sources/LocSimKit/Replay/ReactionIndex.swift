/// The `on` lines (not policies) by what their trigger can match, so that a
/// record is compared only with the lines that could fire on it: with one
/// list of every line, each record of a scenario with 16,000 timed `on`
/// lines was compared 16,000 times (quadratic, issue 26).
///
/// A key is a trigger's kind (a delegate method, a lifecycle change, an
/// update) with its filter; a record looks up the keys it could match
/// (unfiltered and filtered by its own argument) and `Trigger.matches`
/// still decides, so the index only ever narrows the search. Lines come
/// back in the order they were written, which is the order they fire.
struct ReactionIndex {
    private enum Kind: Hashable {
        /// `didChangeAuthorization` and `locationManagerDidChangeAuthorization` share one kind.
        case delegate(UInt32)
        case lifecycle(LifecycleTrigger)
        case update
    }

    private struct Key: Hashable {
        var kind: Kind
        var filter: String?
    }

    private var lines: [Key: [Int]] = [:]

    /// Adds the `on` line at `index` (indices are added in increasing order).
    mutating func add(_ trigger: Trigger, at index: Int) {
        guard let key = Self.key(trigger) else { return }
        lines[key, default: []].append(index)
    }

    /// The lines whose trigger `record` may fire, in the order written.
    func candidates(for record: Record) -> [Int] {
        // Only policies (or nothing): no record needs a look.
        guard !lines.isEmpty else { return [] }
        var found: [Int] = []
        var joined = 0
        func join(_ key: Key) {
            guard let some = lines[key] else { return }
            // One list is handed back as it is (no copy, already in order).
            if found.isEmpty { found = some } else { found += some }
            joined += 1
        }
        func look(_ kind: Kind, _ filter: String?) {
            join(Key(kind: kind, filter: nil))
            if let filter { join(Key(kind: kind, filter: filter)) }
        }
        switch record.base {
        case .delegate(let callback):
            look(.delegate(Self.canonical(callback.method).rawValue), callback.triggerArgument)
        case .app(let app):
            switch app {
            case .launchForeground: look(.lifecycle(.launch), nil)
            case .launchBackground(let why):
                look(.lifecycle(.launch), nil)
                look(.lifecycle(.relaunch), why.rawValue)
            case .wake(let why): look(.lifecycle(.wake), why.rawValue)
            case .foreground: look(.lifecycle(.foreground), nil)
            case .background: look(.lifecycle(.background), nil)
            case .suspend, .terminate: return []
            }
        case .update(let update): look(.update, update.stream.rawValue)
        default: return []  // no trigger fires on any other record
        }
        // Several lists were joined: back into the order written.
        if joined > 1 { found.sort() }
        return found
    }

    private static func key(_ trigger: Trigger) -> Key? {
        switch trigger {
        case .delegate(let method, let filter):
            return Key(kind: .delegate(canonical(method).rawValue), filter: filter)
        case .lifecycle(let lifecycle, let reason):
            return Key(kind: .lifecycle(lifecycle), filter: reason?.rawValue)
        case .update(let stream):
            return Key(kind: .update, filter: stream?.rawValue)
        case .prompt:
            return nil  // policies: answered by `AnswerPolicy`, never fired here
        }
    }

    /// The one method standing for both authorization callbacks.
    private static func canonical(_ method: DelegateMethods) -> DelegateMethods {
        method == .locationManagerDidChangeAuthorization ? .didChangeAuthorization : method
    }
}
