/// Writes the log as JSON Lines (SPEC §2, `--format jsonl`): one object a line,
/// `{"t":12.500,"kind":"delegate","method":"…",…}`.
///
/// `t` is a number with exactly three decimals; the other members follow the
/// record's fields in order, with the names and value types `FieldSink`
/// documents. Keys are the fixed ASCII field names, so only values are escaped.
package struct JSONLogWriter: LogWriter, FieldSink {
    /// Where the lines go; `commit()` or `discard()` it when the replay ends.
    package var output: OutputBuffer

    package init(output: OutputBuffer = .memory()) {
        self.output = output
    }

    /// The text written so far, for a writer into memory (tests).
    package var text: String { String(decoding: output.contents, as: UTF8.self) }

    package mutating func write(_ record: LogRecord) {
        output.bytes.append(#"{"t":"#)
        LogBytes.appendSeconds(record.time.sinceStart, to: &output.bytes)
        output.bytes.append(#","kind":""#)
        output.bytes.append(record.record.kind.name)
        output.bytes.append(LogBytes.quote)
        record.record.render(to: &self)
        output.bytes.append(UInt8(ascii: "}"))
        output.bytes.append(LogBytes.newline)
        output.flushIfNeeded()
    }

    // MARK: - FieldSink

    package mutating func word(_ name: String, _ value: String) {
        key(name)
        LogBytes.appendJSONString(value, to: &output.bytes)
    }

    package mutating func keyed(_ name: String, _ value: String) {
        key(name)
        LogBytes.appendJSONString(value, to: &output.bytes)
    }

    package mutating func keyed(_ name: String, label: String, _ value: String) {
        keyed(name, value)
    }

    package mutating func identifier(_ name: String, _ value: String) {
        key(name)
        LogBytes.appendJSONString(value, to: &output.bytes)
    }

    package mutating func keyedTime(_ name: String, _ time: Millis?, placeholder: String) {
        key(name)
        if let time {
            LogBytes.appendSeconds(time, to: &output.bytes)
        } else {
            LogBytes.appendJSONString(placeholder, to: &output.bytes)
        }
    }

    package mutating func coordinate(_ c: Coordinate) {
        key("lat")
        LogBytes.appendFixed6(c.latitude, to: &output.bytes)
        key("lon")
        LogBytes.appendFixed6(c.longitude, to: &output.bytes)
    }

    package mutating func accuracy(_ meters: Double) {
        key("accuracy")
        LogBytes.appendWholeMeters(meters, to: &output.bytes)
    }

    package mutating func timestamp(_ time: Millis) {
        key("timestamp")
        LogBytes.appendSeconds(time, to: &output.bytes)
    }

    package mutating func locations(_ batch: [TimedLocation]) {
        key("locations")
        output.bytes.append(UInt8(ascii: "["))
        for (i, entry) in batch.enumerated() {
            if i > 0 { output.bytes.append(LogBytes.comma) }
            output.bytes.append(#"{"lat":"#)
            LogBytes.appendFixed6(entry.location.coordinate.latitude, to: &output.bytes)
            output.bytes.append(#","lon":"#)
            LogBytes.appendFixed6(entry.location.coordinate.longitude, to: &output.bytes)
            output.bytes.append(#","accuracy":"#)
            LogBytes.appendWholeMeters(entry.location.accuracy, to: &output.bytes)
            output.bytes.append(#","timestamp":"#)
            LogBytes.appendSeconds(entry.time, to: &output.bytes)
            output.bytes.append(UInt8(ascii: "}"))
        }
        output.bytes.append(UInt8(ascii: "]"))
    }

    package mutating func quoted(_ name: String, _ text: String) {
        key(name)
        LogBytes.appendJSONString(text, to: &output.bytes)
    }

    package mutating func list(_ name: String, _ words: [String]) {
        key(name)
        output.bytes.append(UInt8(ascii: "["))
        for (i, word) in words.enumerated() {
            if i > 0 { output.bytes.append(LogBytes.comma) }
            LogBytes.appendJSONString(word, to: &output.bytes)
        }
        output.bytes.append(UInt8(ascii: "]"))
    }

    package mutating func flag(_ name: String, _ isSet: Bool) {
        key(name)
        output.bytes.append(isSet ? "true" : "false")
    }

    package mutating func beaconReading(_ b: BeaconSighting) {
        key("major")
        LogBytes.appendInteger(Int64(b.major), to: &output.bytes)
        key("minor")
        LogBytes.appendInteger(Int64(b.minor), to: &output.bytes)
        key("proximity")
        LogBytes.appendJSONString(b.proximity.rawValue, to: &output.bytes)
    }

    package mutating func degrees(_ name: String, _ value: Double) {
        key(name)
        LogBytes.appendTenths(value, to: &output.bytes)
    }

    package mutating func message(_ text: String) {
        key("message")
        LogBytes.appendJSONString(text, to: &output.bytes)
    }

    // MARK: - Helpers

    /// `,"name":` — every field follows at least `t` and `kind`.
    @inline(__always)
    private mutating func key(_ name: String) {
        output.bytes.append(LogBytes.comma)
        output.bytes.append(LogBytes.quote)
        output.bytes.append(name)
        output.bytes.append(LogBytes.quote)
        output.bytes.append(LogBytes.colon)
    }
}
