#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed file operation, worded for the user: `cannot open 'x.scn': No such file or directory`.
package struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    /// The `errno` value, or 0 when the failure is not a system call's.
    package var code: Int32

    package init(_ message: String, code: Int32 = 0) {
        self.message = message
        self.code = code
    }

    /// `<action> '<path>': <strerror(code)>`.
    package init(_ action: String, _ path: String, code: Int32) {
        self.init("\(action) '\(Shown.escaped(path))': \(FileError.describe(code))", code: code)
    }

    package var description: String { message }

    /// The C library's text for an `errno` value (`No such file or directory`).
    package static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
