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
            write(DirectFix(location: location, time: record.time.sinceStart))
        case .update(.liveUpdate(let location?, let flags)):
            write(DirectFix(location: location, time: record.time.sinceStart, liveUpdateFlags: flags))
        default:
            writeFields(record)
        }
    }

    /// A delivered fix or `liveUpdates` element: one instance of
    /// `writeLocated` for both, so it stays inlined here.
    package mutating func write(_ fix: DirectFix) {
        writeLocated(
            fix.location, at: fix.time, middle: fix.liveUpdateFlags == nil ? deliveredFixMiddle : liveUpdateMiddle,
            flags: fix.liveUpdateFlags ?? [], text: .none)
    }

    /// `write(fix)`, copying the numbers' text from the fix's line where
    /// it is already the log's (`FixText`), formatting the others.
    package mutating func write(_ fix: DirectFix, text: FixText) {
        guard !text.isEmpty else { return write(fix) }
        writeLocated(
            fix.location, at: fix.time, middle: fix.liveUpdateFlags == nil ? deliveredFixMiddle : liveUpdateMiddle,
            flags: fix.liveUpdateFlags ?? [], text: text)
    }

    /// A delivered fix whose line is verbatim (`ScenarioParser.verbatimFix`):
    /// the line copied, its words rearranged, nothing checked or formatted.
    package mutating func write(verbatim text: FixText, at time: Millis) {
        let middle = deliveredFixMiddle
        output.bytes.appendStored(maximum: FixText.verbatimCapacity) { p in text.storeVerbatim(middle: middle, at: p) }
        output.flushIfNeeded()
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
        _ location: Location, at time: Millis, middle: LineMiddle, flags: DiagnosticFlags, text: FixText
    ) {
        let maximum =
            LogBytes.maxSecondsLength + LineMiddle.capacity + 2 * LogBytes.maxFixed6Length + LogBytes.maxIntegerLength
            + 4
        output.bytes.appendStored(maximum: maximum) { p in
            var n = text.storeTime(at: p) ?? LogBytes.storeSeconds(time, at: p)
            middle.store(at: p + n)
            n &+= middle.count
            n &+= text.storeLatitude(at: p + n) ?? LogBytes.storeFixed6(location.coordinate.latitude, at: p + n)
            (p + n).storeBytes(of: LogBytes.comma, as: UInt8.self)
            n &+= 1
            n &+= text.storeLongitude(at: p + n) ?? LogBytes.storeFixed6(location.coordinate.longitude, at: p + n)
            (p + n).storeBytes(of: FixText.plusMinus.littleEndian, as: UInt32.self)
            n &+= 3
            n &+=
                text.storeAccuracy(at: p + n)
                ?? LogBytes.storeInteger(LogBytes.roundedInteger(location.accuracy), at: p + n)
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
    private let deliveredFixMiddle: LineMiddle = {
        let sample = Record.delegate(.didUpdateLocations(Location(Coordinate(latitude: 0, longitude: 0), accuracy: 0)))
        guard case .delegate(let callback) = sample.event else { return LineMiddle("") }
        return LineMiddle(" \(sample.kind) \(callback.selector) ")
    }()
    private let liveUpdateMiddle: LineMiddle = {
        let sample = Record.update(.liveUpdate(nil, []))
        return LineMiddle(" \(sample.kind) \(UpdateStream.liveUpdates.rawValue) ")
    }()

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

    package mutating func locations(_ batch: [TimedLocation]) {
        for entry in batch {
            coordinate(entry.location.coordinate)
            accuracy(entry.location.accuracy)
            timestamp(entry.time)
        }
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

    package mutating func degrees(_ name: String, _ value: Double) {
        key(name)
        LogBytes.appendTenths(value, to: &output.bytes)
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

/// The constant middle of a located line, as seven words stored at once:
/// a plain value (no array to retain, no `memcpy` call), at most
/// `capacity` bytes; a store may write up to `capacity` bytes, the ones past
/// `count` overwritten by the numbers that follow.
struct LineMiddle {
    static let capacity = 56
    let count: Int
    private let words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(_ text: String) {
        var bytes = Array(text.utf8)
        precondition(bytes.count <= Self.capacity, "a line middle longer than \(Self.capacity) bytes")
        count = bytes.count
        bytes += [UInt8](repeating: 0, count: Self.capacity - bytes.count)
        func word(_ k: Int) -> UInt64 {
            bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)) }
        }
        words = (word(0), word(1), word(2), word(3), word(4), word(5), word(6))
    }

    @inline(__always)
    func store(at p: UnsafeMutableRawPointer) {
        p.storeBytes(of: words.0.littleEndian, toByteOffset: 0, as: UInt64.self)
        p.storeBytes(of: words.1.littleEndian, toByteOffset: 8, as: UInt64.self)
        p.storeBytes(of: words.2.littleEndian, toByteOffset: 16, as: UInt64.self)
        p.storeBytes(of: words.3.littleEndian, toByteOffset: 24, as: UInt64.self)
        p.storeBytes(of: words.4.littleEndian, toByteOffset: 32, as: UInt64.self)
        p.storeBytes(of: words.5.littleEndian, toByteOffset: 40, as: UInt64.self)
        p.storeBytes(of: words.6.littleEndian, toByteOffset: 48, as: UInt64.self)
    }
}
