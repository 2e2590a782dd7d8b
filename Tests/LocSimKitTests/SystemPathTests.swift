import Testing

@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File names that are not UTF-8 reach the system as the same bytes
/// (issue 20 item 6: `-o` with such a name wrote another file).
@Suite struct SystemPathTests {
    @Test(arguments: [
        [UInt8]("plain.log".utf8),
        [UInt8]("café ☕.log".utf8),
        [0xFF, 0x2E, 0x6C, 0x6F, 0x67],  // \xff.log
        [0x61, 0xC3, 0x28, 0x62],  // a lead byte without its continuation
        [0xE2, 0x82, 0x41, 0xF0, 0x9F, 0x98],  // cut-short sequences
        [0xC0, 0xAF, 0xED, 0xA0, 0x80],  // overlong '/', a UTF-16 surrogate
        [0xF4, 0x8F, 0xBF, 0xBF, 0x2F, 0xF4, 0x8F, 0xBE, 0x80],  // U+10FFFF and U+10FF80 themselves
    ])
    func everyByteSurvivesTheRoundTrip(_ bytes: [UInt8]) {
        let string = SystemPath.string(bytes)
        #expect(SystemPath.bytes(string) == bytes)
        SystemPath.withCString(string) { pointer in
            #expect(Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))) == bytes)
        }
        // A '/' stays a '/': folders and names split where the bytes do.
        #expect(string.utf8.filter { $0 == 0x2F }.count == bytes.filter { $0 == 0x2F }.count)
    }

    @Test func validUTF8IsTheUsualString() {
        #expect(SystemPath.string(Array("Scenarios/ä.scn".utf8)) == "Scenarios/ä.scn")
    }

    /// A file made through a non-UTF-8 name is found under those bytes, not
    /// under the name with U+FFFD.
    @Test func anOutputFileGetsTheExactName() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let name = SystemPath.string(Array(dir.path.utf8) + [0x2F, 0xFF, 0x2E, 0x6C, 0x6F, 0x67])
        #expect(FileIO.writeFileAtomically(name, Array("x\n".utf8)).isSuccess)
        var info = stat()
        let exact = Array(dir.path.utf8) + [0x2F, 0xFF, 0x2E, 0x6C, 0x6F, 0x67, 0]
        #expect(
            exact.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) } } == 0
        )
        #expect(dir.read("\u{FFFD}.log") == nil)
        guard case .success(let bytes) = FileIO.readFile(name) else {
            Issue.record("cannot read \(name) back")
            return
        }
        #expect(bytes == Array("x\n".utf8))
    }
}
