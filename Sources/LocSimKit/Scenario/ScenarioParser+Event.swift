/// The event of a timed line (SPEC §1.2): lifecycle and the world; `app`
/// and `user` have files of their own.
extension ScenarioParser {
    /// Parses the event `word` starts and its arguments; also returns the
    /// column of the first argument (the event's own column if it has none).
    func event(_ word: Token, _ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        // Dispatched from the registry, so the compiler ties every word to its parser.
        guard let keyword = EventKeyword.matching(word, in: s) else {
            if let name = try managerName(word, s) { return try managerApp(name, &s) }
            if let header = headerWord(word, s) {
                throw s.error(
                    "'\(header)' is a header statement; write it without a time, before the first timed line", at: word)
            }
            throw unknownEvent(word, s)
        }
        let event: Event
        switch keyword {
        case .fix: return try fix(&s)
        case .enter, .exit:
            let id = try s.required("regionId", for: keyword.rawValue)
            let regionID = try s.identifier(id, "a region id")
            try s.end()
            return (keyword == .enter ? .enter(regionID: regionID) : .exit(regionID: regionID), id.column)
        case .beacon: return try beacon(&s)
        case .visit: return try visit(&s)
        case .nofix: return try noFix(word, &s)
        case .heading: return try heading(&s)
        case .app: return try app(&s)
        case .user: return try user(&s)
        case .system:
            let what = try s.required("terminate|notBusy|reboot|any|deliverFirst|inputFirst", for: "system")
            if s.matches(what, "terminate") {
                event = .systemTerminate
            } else if s.matches(what, "notBusy") {
                event = .systemNotBusy
            } else if s.matches(what, "reboot") {
                event = .systemReboot
            } else if s.matches(what, "any") {
                event = .systemAny
            } else if s.matches(what, "deliverFirst") {
                event = .systemDeliverFirst
            } else if s.matches(what, "inputFirst") {
                event = .systemInputFirst
            } else {
                throw s.unknown(
                    "system event", what,
                    expected: ["terminate", "notBusy", "reboot", "any", "deliverFirst", "inputFirst"],
                    listed: "terminate, notBusy, reboot, any, deliverFirst or inputFirst")
            }
            try s.end()
            return (event, what.column)
        case .launch: event = .launch
        case .foreground: event = .foreground
        case .background: event = .background
        case .terminate: event = .terminate
        case .gpx: throw unknownEvent(word, s)  // a track, not an event: `timed` takes it first
        }
        try s.end()
        return (event, word.column)
    }

    private func unknownEvent(_ word: Token, _ s: ByteScanner) -> ScenarioError {
        s.unknown("event", word, expected: EventKeyword.words, prefixed: Self.prefixedWords)
    }

    /// True when `word` is an event name (for "missing time" errors).
    func isEventWord(_ word: Token, _ s: ByteScanner) -> Bool {
        EventKeyword.matching(word, in: s) != nil
    }

    private func headerWord(_ word: Token, _ s: ByteScanner) -> String? {
        HeaderKeyword.matching(word, in: s)?.rawValue
    }

    static let fixOptions = "speed=<m/s>, course=<deg>, alt=<m>"

    /// Accuracies a fix or visit may state, in meters: none is negative, and
    /// none real is near 1,000 km (a cell-tower fix is a few km), while the
    /// log prints any of them exactly in whole meters (docs/cli-files.md).
    static let accuracyRange: ClosedRange<Double> = 0...1_000_000

    /// `fix <lat> <lon> [<accuracy>] [speed=<m/s>] [course=<deg>] [alt=<m>]`.
    private func fix(_ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        let (coordinate, column) = try s.coordinate(for: "fix")
        var accuracy = 5.0
        var speed: Double? = nil
        var course: Double? = nil
        var altitude: Double? = nil
        var pending = try s.next()
        if let token = pending, s.splitOption(token) == nil {
            accuracy = try s.number(token, "accuracy", in: Self.accuracyRange)
            pending = try s.next()
        }
        while let token = pending {
            let (key, value) = try s.option(token, expected: Self.fixOptions)
            if s.matches(key, "speed") {
                try s.once(speed, key)
                speed = try s.number(value, "speed")
            } else if s.matches(key, "course") {
                try s.once(course, key)
                course = try s.number(value, "course")
            } else if s.matches(key, "alt") {
                try s.once(altitude, key)
                altitude = try s.number(value, "alt")
            } else {
                throw s.unknownOption(key, for: "fix", expected: Self.fixOptions)
            }
            pending = try s.next()
        }
        let fix = Fix(Location(coordinate, accuracy: accuracy), speed: speed, course: course, altitude: altitude)
        return (.fix(fix), column)
    }

    /// `heading <magnetic> <true> <accuracy>` or `heading unavailable`
    /// (docs/language.md, "The world"): degrees, a negative true heading or
    /// accuracy meaning, as in `CLHeading`, one not determined or invalid.
    private func heading(_ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        let first = try s.required("magnetic heading or unavailable", for: "heading")
        if s.matches(first, "unavailable") {
            try s.end()
            return (.headingUnavailable, first.column)
        }
        guard !first.isQuoted, ByteScanner.decimal(s.bytes, first.start, first.end) != nil else {
            throw s.error(
                "expected a magnetic heading in degrees or 'unavailable' for heading, found '\(s.display(first))'",
                at: first)
        }
        let magnetic = try s.number(first, "magnetic heading", in: 0...360)
        let trueHeading = try s.number(try s.required("true heading", for: "heading"), "true heading", in: -1...360)
        let accuracy = try s.number(try s.required("accuracy", for: "heading"), "heading accuracy", in: -1...180)
        try s.end()
        return (.heading(HeadingSample(magnetic: magnetic, trueHeading: trueHeading, accuracy: accuracy)), first.column)
    }

    /// `visit arrive|depart <lat> <lon> [<accuracy>]`.
    private func visit(_ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        let what = try s.required("arrive|depart", for: "visit")
        let arrive = s.matches(what, "arrive")
        guard arrive || s.matches(what, "depart") else {
            throw s.unknown("visit event", what, expected: ["arrive", "depart"], listed: "arrive or depart")
        }
        let owner = arrive ? "visit arrive" : "visit depart"
        let (coordinate, _) = try s.coordinate(for: owner)
        var accuracy = 5.0
        if let token = try s.next() {
            accuracy = try s.number(token, "accuracy", in: Self.accuracyRange)
            try s.end()
        }
        let location = Location(coordinate, accuracy: accuracy)
        return (arrive ? .visitArrive(location) : .visitDepart(location), what.column)
    }

    /// `beacon <uuid> <major> <minor> <proximity> [rssi=<dBm>]`.
    private func beacon(_ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        let uuidToken = try s.required("uuid", for: "beacon")
        let uuid = try s.uuid(uuidToken)
        let major = try s.beaconNumber(try s.required("major", for: "beacon"), "major")
        let minor = try s.beaconNumber(try s.required("minor", for: "beacon"), "minor")
        let proximityToken = try s.required("immediate|near|far|unknown", for: "beacon")
        guard !proximityToken.isQuoted, proximityToken.count <= 9,
            let proximity = Proximity(rawValue: s.string(proximityToken))
        else {
            throw s.unknown("proximity", proximityToken, expected: Proximity.allCases.map(\.rawValue))
        }
        var rssi: Int? = nil
        let expected = "rssi=<dBm>"
        while let (key, value) = try s.nextOption(expected: expected) {
            guard s.matches(key, "rssi") else { throw s.unknownOption(key, for: "beacon", expected: expected) }
            try s.once(rssi, key)
            rssi = try s.integer(value, "rssi", in: -1000...1000)
        }
        let sighting = BeaconSighting(uuid: uuid, major: major, minor: minor, proximity: proximity, rssi: rssi)
        return (.beacon(sighting), uuidToken.column)
    }

    /// `nofix [until <time>]`; `until` is an absolute time (a `+` time
    /// would count from the previous line, not from this one).
    private func noFix(_ word: Token, _ s: inout ByteScanner) throws(ScenarioError) -> (Event, Int) {
        guard let key = try s.next() else { return (.noFix(until: nil), word.column) }
        guard s.matches(key, "until") else {
            throw s.error("unexpected argument '\(s.display(key))' after 'nofix'; expected 'until <time>'", at: key)
        }
        let token = try s.required("time", for: "nofix until")
        if s.byte(token.start) == UInt8(ascii: "+") {
            throw s.error("'nofix until' takes an absolute time, not '\(s.display(token))'", at: token)
        }
        let until = try time(token, s)
        try s.end()
        return (.noFix(until: until), key.column)
    }
}
