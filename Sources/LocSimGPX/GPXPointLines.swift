import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `locsim-gpx` prints: a GPX file's points as the lines `GPXSidecar`
/// (in LocSimKit, which documents the format) reads back.
package enum GPXPointLines {
    /// Bytes collected before each `write(2)`.
    static let chunkSize = 1 << 16

    /// Writes the points of the GPX file at `path` to `fd`, then an `error`
    /// line if the file does not fit.
    ///
    /// - Returns: true when the whole file was read and written.
    package static func write(_ path: String, to fd: Int32) -> Bool {
        write(from: { (body) throws(TrackError) in try GPXParser.read(path, body) }, to: fd)
    }

    /// `write(_:to:)` for the file open at `input` (`locsim-gpx -`: standard input).
    package static func write(fd input: Int32, to fd: Int32) -> Bool {
        write(from: { (body) throws(TrackError) in try GPXParser.read(fd: input, body) }, to: fd)
    }

    private static func write(
        from read: ((GPXPoint) -> Bool) throws(TrackError) -> Void, to fd: Int32
    ) -> Bool {
        var pending = ByteBuffer(capacity: chunkSize + 4096)
        var writeFailed = false
        var failure: TrackError? = nil
        do throws(TrackError) {
            try read { point in
                append(point, to: &pending)
                guard pending.count >= chunkSize else { return true }
                // The reader stopped (a replay that ended early): stop too.
                writeFailed = FileIO.writeAll(fd, pending.bytes) != 0
                pending.removeAll()
                return !writeFailed
            }
        } catch {
            failure = error
        }
        if writeFailed { return false }
        if let failure { pending.append(errorLine(failure)) }
        return FileIO.writeAll(fd, pending.bytes) == 0 && failure == nil
    }

    /// `<line> <column> <offset> fix …` and a line end.
    static func append(_ point: GPXPoint, to bytes: inout ByteBuffer) {
        LogBytes.appendInteger(Int64(point.location.line), to: &bytes)
        bytes.append(UInt8(ascii: " "))
        LogBytes.appendInteger(Int64(point.location.column), to: &bytes)
        bytes.append(UInt8(ascii: " "))
        point.appendFixLine(at: point.offset, to: &bytes)
    }

    /// The longest message an `error` line carries.
    static let maxMessageBytes = 4096

    /// `error <line> <column> <message>` (`0 0` without a place) and a line end.
    static func errorLine(_ error: TrackError) -> String {
        let place = error.location.map { "\($0.line) \($0.column)" } ?? "0 0"
        var message = String(error.message.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        // Every line must fit `GPXSidecar`'s reader, whatever a message
        // quotes (values are quoted cut short; this is the last guard).
        if message.utf8.count > maxMessageBytes { message = GPXPointBuilder.quoted(message, length: maxMessageBytes) }
        return "error \(place) \(message)\n"
    }
}
