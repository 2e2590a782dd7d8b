import Testing

@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct OutputBufferTests {
    static func lines(_ n: Int) -> [UInt8] {
        Array((0..<n).map { "line \($0) of the log\n" }.joined().utf8)
    }

    @Test func fileAppearsOnlyOnCommit() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let path = dir.path + "/out.log"
        var output = try OutputBuffer.file(path)
        output.append(Self.lines(10_000))  // several 64 KiB flushes to the temporary file
        #expect(dir.read("out.log") == nil)
        try output.commit()
        #expect(dir.read("out.log").map { Array($0.utf8) } == Self.lines(10_000))
        #expect(Self.names(in: dir.path) == ["out.log"])  // no temporary file left
    }

    @Test func discardKeepsTheOldFileAndLeavesNoTemporaryFile() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let path = dir.write("out.log", "old\n")
        chmod(path, 0o640)
        var output = try OutputBuffer.file(path)
        output.append(Self.lines(10_000))
        output.discard()
        #expect(dir.read("out.log") == "old\n")
        #expect(Self.names(in: dir.path) == ["out.log"])

        var replacing = try OutputBuffer.file(path)
        replacing.append(Array("new\n".utf8))
        try replacing.commit()
        #expect(dir.read("out.log") == "new\n")
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o640)  // the replaced file's permissions are kept
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        dir.write("real.log", "old\n")
        symlink("real.log", dir.path + "/link.log")
        symlink("link.log", dir.path + "/link2.log")
        #expect(try FileIO.resolveLinks(dir.path + "/link2.log") == .path(dir.path + "/real.log"))
        var output = try OutputBuffer.file(dir.path + "/link2.log")
        output.append(Array("new\n".utf8))
        try output.commit()
        #expect(dir.read("real.log") == "new\n")
        var info = stat()
        lstat(dir.path + "/link.log", &info)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func theProcessesOwnDescriptorsAreWrittenInPlace() throws {
        #expect(FileIO.inheritedDescriptor("/dev/stdout") == 1)
        #expect(FileIO.inheritedDescriptor("/dev/stderr") == 2)
        #expect(FileIO.inheritedDescriptor("/dev/fd/7") == 7)
        #expect(FileIO.inheritedDescriptor("/proc/self/fd/12") == 12)
        #expect(FileIO.inheritedDescriptor("/dev/fd/x") == nil)
        #expect(FileIO.inheritedDescriptor("/dev/null") == nil)
        let dir = TemporaryFolder()
        defer { dir.remove() }
        symlink("/dev/stdout", dir.path + "/out.log")
        #expect(try FileIO.resolveLinks(dir.path + "/out.log") == .descriptor(1))
        symlink("loop.log", dir.path + "/loop.log")
        #expect(throws: FileError.self) { try FileIO.resolveLinks(dir.path + "/loop.log") }
    }

    @Test func stagedFilesAreTrackedUntilRenamedOrRemoved() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let ticket = StagedFiles.register(dir.path + "/a")
        dir.write("a", "x")
        StagedFiles.remove(dir.path + "/a", ticket)
        #expect(dir.read("a") == nil)
        var output = try OutputBuffer.file(dir.path + "/b.log")
        output.append(Array("b\n".utf8))
        output.discard()
        #expect(Self.names(in: dir.path).isEmpty)  // the staged .locsim-XXXXXX is gone
    }

    @Test func aFolderIsNotAnOutputFile() {
        #expect(throws: FileError.self) { try OutputBuffer.file(FileIO.temporaryDirectory) }
        #expect(throws: FileError.self) { try OutputBuffer.file("/nonexistent-locsim-dir/out.log") }
    }

    @Test func spoolSpillsToDiskAndDeliversEverythingOnCommit() throws {
        let dir = TemporaryFolder()
        defer { dir.remove() }
        let path = dir.path + "/spooled.log"
        var output = OutputBuffer.spooled(to: path, spillThreshold: 1000)
        let expected = Self.lines(20_000)
        var offset = 0
        while offset < expected.count {  // in odd-sized pieces, as records come
            let end = min(expected.count, offset + 37)
            output.append(Array(expected[offset..<end]))
            offset = end
        }
        #expect(output.contents.count < 70_000)  // spilled: memory holds at most about a chunk
        #expect(dir.read("spooled.log") == nil)
        try output.commit()
        #expect(dir.read("spooled.log").map { Array($0.utf8) } == expected)
    }

    @Test func memoryKeepsEverything() {
        var output = OutputBuffer.memory()
        output.append(Self.lines(50_000))
        #expect(output.contents == Self.lines(50_000))
    }

    @Test(arguments: [
        0, 1, 9, 10, 99, 12_345, 99_999_999, 100_000_000, 123_456_789_012, Int64.max, -1, -1000, Int64.min,
    ])
    func integersAndTimesMatchTheSlowFormatters(_ n: Int64) {
        var bytes = ByteBuffer()
        LogBytes.appendInteger(n, to: &bytes)
        #expect(String(decoding: bytes.array, as: UTF8.self) == String(n))
        var time = ByteBuffer()
        LogBytes.appendSeconds(Millis(n), to: &time)
        if n != Int64.min {  // Millis.description cannot negate Int64.min
            #expect(String(decoding: time.array, as: UTF8.self) == Millis(n).description)
        }
    }

    @Test func randomTimesMatchMillisDescription() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let t = Millis(Int64(random.next() >> (1 + random.next() % 63)))
            var bytes = ByteBuffer()
            LogBytes.appendSeconds(t, to: &bytes)
            #expect(String(decoding: bytes.array, as: UTF8.self) == t.description)
        }
    }

    static func names(in folder: String) -> [String] {
        var names: [String] = []
        guard let dir = opendir(folder) else { return [] }
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(dir)
        return names.sorted()
    }
}
