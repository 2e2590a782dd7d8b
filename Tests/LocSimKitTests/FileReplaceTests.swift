import Testing

@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `FileIO.replace`: the staged file takes the target's place in one step
/// (swapped on Linux, renamed elsewhere) and nothing else is left behind.
@Suite struct FileReplaceTests {
    @Test func anExistingTargetIsReplacedAndTheOldFileRemoved() {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let target = dir.write("out.log", "old\n")
        let staged = dir.write(".locsim-staged", "new\n")
        // A reader that opened the old file keeps reading the old file.
        let reader = open(target, O_RDONLY)
        defer { close(reader) }
        #expect(FileIO.replace(target, with: staged))
        #expect(dir.read("out.log") == "new\n")
        #expect(OutputBufferTests.names(in: dir.path) == ["out.log"])
        var bytes = [UInt8](repeating: 0, count: 8)
        let n = bytes.withUnsafeMutableBytes { read(reader, $0.baseAddress, 8) }
        #expect(String(decoding: bytes[0..<max(n, 0)], as: UTF8.self) == "old\n")
    }

    @Test func aMissingTargetIsCreated() {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let staged = dir.write(".locsim-staged", "new\n")
        #expect(FileIO.replace(dir.path + "/out.log", with: staged))
        #expect(dir.read("out.log") == "new\n")
        #expect(OutputBufferTests.names(in: dir.path) == ["out.log"])
    }

    @Test func aMissingStagedFileFailsAndKeepsTheTarget() {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let target = dir.write("out.log", "old\n")
        #expect(!FileIO.replace(target, with: dir.path + "/.locsim-gone"))
        #expect(dir.read("out.log") == "old\n")
    }
}
