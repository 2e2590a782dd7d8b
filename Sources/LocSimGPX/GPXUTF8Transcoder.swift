/// Turns a file's bytes into UTF-8 as they come, in chunks, from the form
/// libxml2 reads them in (`GPXEncodingForm`: UTF-16 or UTF-32 by their
/// byte order mark or the bytes of `<?` or `<`), so that a scan written
/// for UTF-8 bytes reads the same characters libxml2 does; the bytes of
/// any other file pass as they are, but for a UTF-8 byte order mark.
///
/// A byte order mark is dropped, UTF-8's too (libxml2 does not count it
/// as a column);
/// a unit that is no character (a lone surrogate, a UTF-32 value past
/// U+10FFFF, bytes cut short at the end) becomes U+FFFD, one character as
/// for libxml2's count, which calls it an error.
struct GPXUTF8Transcoder {
    /// `nil` until the file's first four bytes (or its end) are read.
    private(set) var form: GPXEncodingForm?
    /// Bytes of a unit not read whole yet, or of the start before `form` is known.
    private var pending: [UInt8] = []
    /// A UTF-16 high surrogate waiting for its low one.
    private var high: UInt32?

    /// The UTF-8 for the next bytes of the file; `end` when they are its last.
    mutating func feed(_ bytes: some Collection<UInt8>, end: Bool) -> [UInt8] {
        if form == nil {
            pending += bytes
            guard pending.count >= 4 || end else { return [] }
            let (detected, markLength) = GPXEncodingForm.detect(pending)
            form = detected
            pending.removeFirst(markLength)
            return transcode(end: end)
        }
        guard form != .bytes else { return Array(bytes) }
        pending += bytes
        return transcode(end: end)
    }

    /// The UTF-8 for the whole units in `pending`.
    private mutating func transcode(end: Bool) -> [UInt8] {
        guard let form, form != .bytes else {
            defer { pending = [] }
            return pending
        }
        var out: [UInt8] = []
        let size = form.unitSize
        var i = 0
        while pending.count - i >= size {
            append(form.unit(pending[i..<i + size]), to: &out)
            i += size
        }
        pending.removeFirst(i)
        if end {
            if high != nil || !pending.isEmpty { append(0xFFFD, to: &out) }
            high = nil
            pending = []
        }
        return out
    }

    /// Appends the UTF-8 of `unit`, pairing UTF-16 surrogates.
    private mutating func append(_ unit: UInt32, to out: inout [UInt8]) {
        var value = unit
        if let first = high {
            high = nil
            if (0xDC00...0xDFFF).contains(unit) {
                value = 0x1_0000 + (first - 0xD800) << 10 + (unit - 0xDC00)
            } else {
                append(0xFFFD, to: &out)
            }
        }
        if form == .utf16(bigEndian: true) || form == .utf16(bigEndian: false), (0xD800...0xDBFF).contains(value) {
            high = value
            return
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        UTF8.encode(scalar) { out.append($0) }
    }
}
