/// Writes the text log (SPEC §2): one `<t> <kind> <fields…>` line per record.
///
/// Fields are separated by one space; a field with nothing to print (an unset
/// `flag`, an empty `list`) prints nothing, not an empty word. Every byte is
/// appended by hand to the output buffer (STYLE habits 8 and 9).
package struct TextLogWriter: LogWriter, FieldSink {
    /// Where the lines go; `commit()` or `discard()` it when the replay ends.
    package var output: OutputBuffer

    package init(output: OutputBuffer = .memory()) {
        self.output = output
    }

    /// The text written so far, for a writer into memory (tests).
    package var text: String { String(decoding: output.contents, as: UTF8.self) }

    package mutating func write(_ record: LogRecord) {
        // A delivered fix (or a `liveUpdates` element) is almost every record
        // of a long trace: written here in a few stores, not field by field
        // through `render`.
        switch record.record.event {
        case .delegate(let callback):
            guard case .didUpdateLocations(let location) = callback.event else { return writeFields(record) }
            writeLocated(location, at: record.time.sinceStart, middle: deliveredFixMiddle)
        case .update(.liveUpdate(let location?, let flags)):
            writeLocated(location, at: record.time.sinceStart, middle: liveUpdateMiddle, flags: flags)
        default:
            writeFields(record)
        }
    }

    package mutating func write(_ fix: DirectFix) {
        if let flags = fix.liveUpdateFlags {
            writeLocated(fix.location, at: fix.time, middle: liveUpdateMiddle, flags: flags)
        } else {
            writeLocated(fix.location, at: fix.time, middle: deliveredFixMiddle)
        }
    }

    /// Writes any record field by field through `render`; `write` takes
    /// this path for every record but a delivered fix (tests compare the two).
    package mutating func writeFields(_ record: LogRecord) {
        LogBytes.appendSeconds(record.time.sinceStart, to: &output.bytes)
        output.bytes.append(LogBytes.space)
        output.bytes.append(record.record.kind.name)
        record.record.render(to: &self)
        output.bytes.append(LogBytes.newline)
        output.flushIfNeeded()
    }

    /// `<t><middle><lat>,<lon> ±<m>` and the set `liveUpdates` flags: the line
    /// `render` writes for a delivered fix or a `liveUpdates` element, the
    /// numbers stored through one pointer and the constant middle copied at once.
    @inline(__always)
    private mutating func writeLocated(
        _ location: Location, at time: Millis, middle: [UInt8], flags: DiagnosticFlags = []
    ) {
        let maximum =
            LogBytes.maxSecondsLength + middle.count + 2 * LogBytes.maxFixed6Length + LogBytes.maxIntegerLength + 4
        output.bytes.appendStored(maximum: maximum) { p in
            var n = LogBytes.storeSeconds(time, at: p)
            middle.withUnsafeBytes { (p + n).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            n &+= middle.count
            n &+= LogBytes.storeFixed6(location.coordinate.latitude, at: p + n)
            (p + n).storeBytes(of: LogBytes.comma, as: UInt8.self)
            n &+= 1
            n &+= LogBytes.storeFixed6(location.coordinate.longitude, at: p + n)
            (p + n).storeBytes(of: Self.plusMinus.littleEndian, as: UInt32.self)
            n &+= 3
            n &+= LogBytes.storeInteger(LogBytes.roundedInteger(location.accuracy), at: p + n)
            guard flags.isEmpty else { return n }
            (p + n).storeBytes(of: LogBytes.newline, as: UInt8.self)
            return n &+ 1
        }
        if !flags.isEmpty {
            for (flag, name) in UpdateStream.liveUpdates.flags where flags.contains(flag) { self.flag(name, true) }
            output.bytes.append(LogBytes.newline)
        }
        output.flushIfNeeded()
    }

    /// ` delegate locationManager(_:didUpdateLocations:) ` and ` update
    /// liveUpdates `, from the records' own kind, selector and stream, so
    /// the two paths cannot disagree; stored properties, so the hot path
    /// reads no lazily initialized global.
    private let deliveredFixMiddle: [UInt8] = {
        let sample = Record.delegate(.didUpdateLocations(Location(Coordinate(latitude: 0, longitude: 0), accuracy: 0)))
        guard case .delegate(let callback) = sample.event else { return [] }
        return Array(" \(sample.kind) \(callback.selector) ".utf8)
    }()
    private let liveUpdateMiddle: [UInt8] = {
        let sample = Record.update(.liveUpdate(nil, []))
        return Array(" \(sample.kind) \(UpdateStream.liveUpdates.rawValue) ".utf8)
    }()

    /// ` ±` in UTF-8, lowest byte first.
    private static let plusMinus: UInt32 = 0xB1C2_20

    // MARK: - FieldSink

    package mutating func word(_ name: String, _ value: String) {
        output.bytes.append(LogBytes.space)
        output.bytes.append(value)
    }

    package mutating func keyed(_ name: String, _ value: String) {
        key(name)
        output.bytes.append(value)
    }

    package mutating func keyed(_ name: String, label: String, _ value: String) {
        key(label)
        output.bytes.append(value)
    }

    package mutating func identifier(_ name: String, _ value: String) {
        output.bytes.append(LogBytes.space)
        if LogBytes.isPlainWord(value) {
            output.bytes.append(value)
        } else {
            LogBytes.appendTextQuoted(value, to: &output.bytes)
        }
    }

    package mutating func keyedTime(_ name: String, _ time: Millis?, placeholder: String) {
        key(name)
        if let time {
            LogBytes.appendSeconds(time, to: &output.bytes)
        } else {
            output.bytes.append(placeholder)
        }
    }

    package mutating func coordinate(_ c: Coordinate) {
        output.bytes.append(LogBytes.space)
        LogBytes.appendFixed6(c.latitude, to: &output.bytes)
        output.bytes.append(LogBytes.comma)
        LogBytes.appendFixed6(c.longitude, to: &output.bytes)
    }

    package mutating func accuracy(_ meters: Double) {
        output.bytes.append(LogBytes.space)
        output.bytes.append(0xC2)  // `±` in UTF-8
        output.bytes.append(0xB1)
        LogBytes.appendWholeMeters(meters, to: &output.bytes)
    }

    package mutating func timestamp(_ time: Millis) {
        output.bytes.append(LogBytes.space)
        output.bytes.append(UInt8(ascii: "@"))
        LogBytes.appendSeconds(time, to: &output.bytes)
    }

    package mutating func quoted(_ name: String, _ text: String) {
        output.bytes.append(LogBytes.space)
        LogBytes.appendTextQuoted(text, to: &output.bytes)
    }

    package mutating func list(_ name: String, _ words: [String]) {
        guard !words.isEmpty else { return }
        output.bytes.append(LogBytes.space)
        for (i, word) in words.enumerated() {
            if i > 0 { output.bytes.append(LogBytes.comma) }
            output.bytes.append(word)
        }
    }

    package mutating func flag(_ name: String, _ isSet: Bool) {
        guard isSet else { return }
        output.bytes.append(LogBytes.space)
        output.bytes.append(name)
    }

    package mutating func beaconReading(_ b: BeaconSighting) {
        output.bytes.append(LogBytes.space)
        LogBytes.appendInteger(Int64(b.major), to: &output.bytes)
        output.bytes.append(LogBytes.dot)
        LogBytes.appendInteger(Int64(b.minor), to: &output.bytes)
        output.bytes.append(LogBytes.colon)
        output.bytes.append(b.proximity.rawValue)
    }

    package mutating func message(_ text: String) {
        guard !text.isEmpty else { return }
        output.bytes.append(LogBytes.space)
        output.bytes.append(text)
    }

    // MARK: - Helpers

    private mutating func key(_ name: String) {
        output.bytes.append(LogBytes.space)
        output.bytes.append(name)
        output.bytes.append(LogBytes.equals)
    }
}
