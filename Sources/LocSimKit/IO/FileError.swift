#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file operation, worded for the user: `cannot open 'x.scn': No such file or directory`.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The `errno` value, or 0 when the failure is not a system call's.
    public var code: Int32

    public init(_ message: String, code: Int32 = 0) {
        self.message = message
        self.code = code
    }

    /// `<action> '<path>': <strerror(code)>`.
    public init(_ action: String, _ path: String, code: Int32) {
        self.init("\(action) '\(path)': \(FileError.describe(code))", code: code)
    }

    public var description: String { message }

    /// The C library's text for an `errno` value (`No such file or directory`).
    public static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
