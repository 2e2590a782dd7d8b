#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a scenario in chunks and hands out its lines as bytes, without the
/// line end, so memory does not grow with the file.
public struct LineReader {
    /// The longest line accepted; a longer one is a scenario error.
    public static let maxLineLength = 65_536

    private enum Source {
        case file(Int32)
        case bytes([UInt8])
    }

    private var source: Source

    /// Reads from an open file descriptor (not closed by the reader).
    public init(fileDescriptor: Int32) { source = .file(fileDescriptor) }

    /// Reads from bytes in memory (tests, stdin already read).
    public init(bytes: [UInt8]) { source = .bytes(bytes) }

    /// Reads from a string in memory.
    public init(_ text: String) { source = .bytes(Array(text.utf8)) }

    /// Calls `body` with each line's bytes (no `\n`) and its 1-based number.
    public mutating func forEachLine<E: Error>(
        _ body: (UnsafeRawBufferPointer, Int) throws(E) -> Void
    ) throws(E) {
        // Placeholder implementation, replaced by the streaming reader.
        var all: [UInt8] = []
        switch source {
        case .bytes(let b): all = b
        case .file(let fd):
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                all.append(contentsOf: chunk[0..<n])
            }
        }
        var lineNumber = 0
        var start = 0
        while start < all.count || (start == all.count && false) {
            var end = start
            while end < all.count && all[end] != 10 { end += 1 }
            lineNumber += 1
            var failure: E? = nil
            all.withUnsafeBytes { buf in
                do throws(E) {
                    try body(UnsafeRawBufferPointer(rebasing: buf[start..<end]), lineNumber)
                } catch { failure = error }
            }
            if let failure { throw failure }
            start = end + 1
        }
    }
}
