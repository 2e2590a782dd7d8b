/// Where a recorded fix line (`ScenarioParser.recordedFixLine`) holds the
/// text of its numbers, so the text writer copies the bytes the log would
/// print instead of formatting the numbers (issue 31 item 7).
///
/// The log prints a time with three decimals, a coordinate rounded half
/// away from zero to six (`LogBytes.storeFixed6`) and an accuracy in whole
/// meters. Digits pass through unchanged where the rounding cannot change
/// them: a time `<s>` or `<s>.ddd`, a coordinate with six decimals, an
/// accuracy of at most 8 digits and no decimals, each without a leading
/// zero. A coordinate with seven decimals is rounded on its digits: cut
/// after six when the seventh is below 5, one added to the sixth (carried
/// over nines) when it is above 5; within a relative 2⁻⁵⁰ of the decimal
/// value, the double's `× 10⁶` is then 0.1 or more from a half-integer and
/// rounds the same way. A seventh digit of exactly 5 is a tie only the
/// double's exact value decides: that coordinate is formatted, as is any
/// other shape, a negative value that prints as zero and a carry into the
/// degrees (FixTextTests compare the two routes byte for byte).
///
/// The parser only notes where the words end; the writer decides, so a
/// fix that is not delivered as its line states it costs nothing here.
/// But for a verbatim line (`ScenarioParser.verbatimFix`), whose every
/// number the parser found the log's text: the writer copies it whole,
/// checking nothing (`storeVerbatim`), and nobody reads its values unless
/// needed (`fix`). Valid only while the line's bytes are, during the
/// line's replay.
package struct FixText {
    let base: UnsafeRawPointer?
    /// The ends of the time, the latitude and the longitude (the spaces
    /// after them) and of the line, a byte each from the lowest; the time's
    /// end is below 0x80, and its byte's high bit is `accuracyCopies`.
    let layout: UInt32

    /// The parser's word that the accuracy's digits print as they are: 1
    /// to 8 digits, no `.`, no leading zero but a lone `0`.
    static let accuracyCopies: UInt32 = 0x80

    /// Nothing to copy: every number formatted.
    static var none: FixText { FixText(base: nil, layout: 0) }

    @inline(__always)
    init(base: UnsafeRawPointer?, layout: UInt32) {
        self.base = base
        self.layout = layout
    }

    /// Whether the line's text is at hand.
    var isEmpty: Bool { base == nil || layout == 0 }

    @inline(__always)
    private func byte(_ base: UnsafeRawPointer, _ offset: Int) -> UInt8 {
        base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// Stores the time's text, with `.000` when it has no decimals; `nil`
    /// for a leading zero (formatted).
    @inline(__always)
    func storeTime(at p: UnsafeMutableRawPointer) -> Int? {
        guard let base else { return nil }
        let length = Int(layout & 0x7F)
        guard Self.timeCopies(base, length: length) else { return nil }
        return copyTime(base, length, at: p)
    }

    /// Whether the time opening a recorded line (1 to 7 digits, then
    /// `.ddd` or nothing), `length` bytes, prints as written: no leading
    /// zero but a lone `0` or `0.ddd` (`ScenarioParser.verbatimFix` asks too).
    @inline(__always)
    static func timeCopies(_ base: UnsafeRawPointer, length: Int) -> Bool {
        base.load(as: UInt8.self) != UInt8(ascii: "0") || length == 1
            || base.load(fromByteOffset: 1, as: UInt8.self) == UInt8(ascii: ".")
    }

    /// The time's `length` bytes at `p`, with `.000` when it has no decimals.
    @inline(__always)
    private func copyTime(_ base: UnsafeRawPointer, _ length: Int, at p: UnsafeMutableRawPointer) -> Int {
        // At most 11 bytes in a line of 15 or more: two overlapping words,
        // the first store's excess overwritten.
        p.storeBytes(of: base.loadUnaligned(as: UInt64.self), as: UInt64.self)
        if length > 8 {
            p.storeBytes(
                of: base.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self), toByteOffset: length &- 8,
                as: UInt64.self)
        }
        if length > 4, byte(base, length &- 4) == UInt8(ascii: ".") { return length }
        (p + length).storeBytes(of: UInt32(0x3030_302E).littleEndian, as: UInt32.self)  // `.000`
        return length &+ 4
    }

    /// Stores the latitude's six-decimal text; `nil` when it is formatted.
    @inline(__always)
    func storeLatitude(at p: UnsafeMutableRawPointer) -> Int? {
        let start = Int(layout & 0x7F) &+ 5  // after ` fix `
        return storeCoordinate(from: start, to: Int((layout &>> 8) & 0xFF), at: p)
    }

    /// Stores the longitude's six-decimal text; `nil` when it is formatted.
    @inline(__always)
    func storeLongitude(at p: UnsafeMutableRawPointer) -> Int? {
        storeCoordinate(from: Int((layout &>> 8) & 0xFF) &+ 1, to: Int((layout &>> 16) & 0xFF), at: p)
    }

    /// `[-]<d{1,3}>.<decimals>` at `start..<end`, rounded on its digits.
    @inline(__always)
    private func storeCoordinate(from start: Int, to end: Int, at p: UnsafeMutableRawPointer) -> Int? {
        guard let base else { return nil }
        // Six decimals, or seven cut to six: the text to copy ends at `last`.
        // (The dot is the only one in the word, which is long enough to hold it there.)
        var last = end
        var up = false
        if end &- start >= 8, byte(base, end &- 7) == UInt8(ascii: ".") {
        } else if end &- start >= 9, byte(base, end &- 8) == UInt8(ascii: ".") {
            let seventh = byte(base, end &- 1)
            guard seventh != UInt8(ascii: "5") else { return nil }  // a tie: the double decides
            up = seventh > UInt8(ascii: "5")
            last = end &- 1
        } else {
            return nil
        }
        let negative = byte(base, start) == UInt8(ascii: "-")
        let whole = start &+ (negative ? 1 : 0)
        // A leading zero is not printed.
        guard byte(base, whole) != UInt8(ascii: "0") || byte(base, whole &+ 1) == UInt8(ascii: ".") else {
            return nil
        }
        // 8 to 11 bytes (`d.dddddd` to `-ddd.dddddd`): the first word and
        // the last, overlapping; the last holds the dot and the six decimals.
        let length = last &- start
        var tail = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: last &- 8, as: UInt64.self))
        if up {
            // One added to the sixth decimal (the highest byte), carried
            // over the nines above the last other byte; never past the dot (byte 1).
            let nines = (tail ^ 0x3939_3939_3939_0000).leadingZeroBitCount &>> 3
            guard nines < 6 else { return nil }  // `.999999` carries into the degrees: formatted
            let zeros: UInt64 = nines == 0 ? 0 : ~0 &<< UInt64(64 &- 8 &* nines)
            tail = ((tail & ~zeros) &+ (1 &<< UInt64(8 &* (7 &- nines)))) | (0x3030_3030_3030_3030 & zeros)
        } else if negative, length == 9, tail == Self.zeroDegrees {
            return nil  // `-0.000000` prints as `0.000000`
        }
        p.storeBytes(of: base.loadUnaligned(fromByteOffset: start, as: UInt64.self), as: UInt64.self)
        p.storeBytes(of: tail.littleEndian, toByteOffset: length &- 8, as: UInt64.self)
        return length
    }

    /// `0.000000` as a little-endian word.
    private static let zeroDegrees = UInt64(0x3030_3030_3030_2E30)

    /// Stores the accuracy's digits; `nil` when it is formatted (decimals,
    /// a leading zero, more than 8 digits: the parser's `accuracyCopies`).
    @inline(__always)
    func storeAccuracy(at p: UnsafeMutableRawPointer) -> Int? {
        guard let base, layout & Self.accuracyCopies != 0 else { return nil }
        return copyAccuracy(base, at: p)
    }

    /// The accuracy's digits at `p`.
    @inline(__always)
    private func copyAccuracy(_ base: UnsafeRawPointer, at p: UnsafeMutableRawPointer) -> Int {
        let end = Int(layout &>> 24)
        let length = end &- Int((layout &>> 16) & 0xFF) &- 1
        // The accuracy ends the line (15 bytes or more): the line's last
        // word, shifted down to the accuracy's bytes.
        let word =
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self))
            &>> UInt64(8 &* (8 &- length))
        p.storeBytes(of: word.littleEndian, as: UInt64.self)
        return length
    }

    // MARK: - Verbatim

    /// Stores the whole located line for a verbatim line
    /// (`ScenarioParser.verbatimFix`: every number the log's text):
    /// `<time>[.000]<middle><latitude>,<longitude> ±<accuracy>` and the
    /// newline. Writes up to `verbatimCapacity` bytes past `p`, the
    /// ones past the length returned overwritten or unused.
    @inline(__always)
    func storeVerbatim(middle: LineMiddle, at p: UnsafeMutableRawPointer) -> Int {
        // The parser read the line: `base` is set, its bytes 25 to 46.
        guard let base else { return 0 }
        var n = copyTime(base, Int(layout & 0x7F), at: p)
        middle.store(at: p + n)
        n &+= middle.count
        // `<latitude> <longitude>` (17 to 23 bytes) as three words, the
        // first two and the last, overlapping; then the space made a comma.
        let start = Int(layout & 0x7F) &+ 5
        let latitudeEnd = Int((layout &>> 8) & 0xFF)
        let length = Int((layout &>> 16) & 0xFF) &- start
        let q = p + n
        q.storeBytes(of: base.loadUnaligned(fromByteOffset: start, as: UInt64.self), as: UInt64.self)
        q.storeBytes(
            of: base.loadUnaligned(fromByteOffset: start &+ 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        q.storeBytes(
            of: base.loadUnaligned(fromByteOffset: start &+ length &- 8, as: UInt64.self),
            toByteOffset: length &- 8, as: UInt64.self)
        q.storeBytes(of: LogBytes.comma, toByteOffset: latitudeEnd &- start, as: UInt8.self)
        n &+= length
        (p + n).storeBytes(of: Self.plusMinus.littleEndian, as: UInt32.self)
        n &+= 3
        n &+= copyAccuracy(base, at: p + n)
        (p + n).storeBytes(of: LogBytes.newline, as: UInt8.self)
        return n &+ 1
    }

    /// The most bytes `storeVerbatim` writes: 16 of time, the middle, 23
    /// of coordinates, 4 of ` ±` and 8 of accuracy.
    static let verbatimCapacity = 16 + LineMiddle.capacity + 23 + 4 + 8

    /// ` ±` in UTF-8, lowest byte first.
    static let plusMinus: UInt32 = 0xB1C2_20

    /// The line's bytes: the layout's last byte is its length.
    var line: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : Int(layout &>> 24))
    }

    /// The fix a verbatim line states, read from its text again
    /// (`ScenarioParser.recordedFix`): for a writer that does not copy
    /// it, and for the simulator once the run of plain fixes ends
    /// (`ReplayDriver.settle`).
    var fix: Fix? {
        var layout: UInt32 = 0
        return ScenarioParser.recordedFix(line, layout: &layout).map { Fix($0.location) }
    }
}
