#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File names are bytes, Swift strings are Unicode: a name that is not
/// UTF-8 (`-o $'\xff.log'`) would be read as U+FFFD and another file
/// written (issue 20). So the command line's arguments are decoded keeping
/// every byte, and every system call that takes a path turns the string
/// back into those exact bytes (docs/cli-files.md, "File names").
///
/// A byte that is not part of valid UTF-8 becomes the private-use scalar
/// U+10FF00 + byte (U+10FF80…U+10FFFF); so that this stays reversible, a
/// name's own U+10FF80…U+10FFFF (private use: no system gives them a
/// meaning) is kept as its four bytes the same way.
package enum SystemPath {
    private static let escapeBase: UInt32 = 0x10FF00

    /// `bytes` as a string, every byte kept (see the type's comment).
    package static func string(_ bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        if let valid = String(validUTF8: array),
            !valid.unicodeScalars.contains(where: { $0.value >= escapeBase + 0x80 })
        {
            return valid
        }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = array.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.value >= escapeBase + 0x80 {
                    for byte in array[offset..<offset + encoded.count] { scalars.append(escape(byte)) }
                } else {
                    scalars.append(scalar)
                }
                offset += encoded.count
            case .error(let length):
                for byte in array[offset..<offset + length] { scalars.append(escape(byte)) }
                offset += length
            case .emptyInput:
                return String(scalars)
            }
        }
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    /// The bytes `path` stands for: UTF-8, escapes turned back into their bytes.
    package static func bytes(_ path: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80 {
                result.append(UInt8(truncatingIfNeeded: scalar.value - escapeBase))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
        }
        return result
    }

    /// Calls `body` with `path` as the NUL-terminated bytes a system call takes.
    package static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        if path.unicodeScalars.allSatisfy({ $0.value < escapeBase + 0x80 }) {
            return try path.withCString(body)
        }
        let bytes = bytes(path) + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The program's arguments after its name, each decoded with `string(_:)`.
    package static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return string(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }
}
