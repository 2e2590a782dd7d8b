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
        LogBytes.appendSeconds(record.time, to: &output.bytes)
        output.bytes.append(LogBytes.space)
        output.bytes.append(record.record.kind)
        record.record.render(to: &self)
        output.bytes.append(LogBytes.newline)
        output.flushIfNeeded()
    }

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
