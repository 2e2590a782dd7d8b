import LocSimKit

/// Where a byte of a UTF-8 file is, as GPX errors name it: its line, and
/// its column in characters (UTF-8 continuation bytes do not count). The
/// one counter of the readers that scan a file byte by byte
/// (`GPXProlog`, `GPXMarkupUTF8`, `GPXMarkupSizes`, `GPXXMLDeclaration`).
struct GPXTextPosition {
    private(set) var line = 1
    private(set) var column = 1

    /// The place of the next byte.
    var location: SourceLocation { SourceLocation(line: line, column: column) }

    /// Moves past `byte`; returns the place it was at.
    @discardableResult
    mutating func advance(past byte: UInt8) -> SourceLocation {
        let at = location
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        return at
    }
}
