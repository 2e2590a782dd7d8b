#if canImport(Glibc)
import Glibc
#endif

/// One fuzz input: read it as a GPX file, from a pipe and from a regular
/// file, with the fast reader and with FoundationXML alone. An error is a
/// fine outcome; a trap or a hang is a defect, and so is a different error
/// with and without the fast reader. (A pipe is parsed from memory, a file
/// as a stream, and libxml2 words some errors differently in the two.)
func readGPXForFuzzing(_ bytes: [UInt8]) {
    for pipe in [true, false] {
        var errors: [TrackError?] = []
        for fast in [true, false] {
            let fd: Int32
            if pipe {
                var fds: [Int32] = [0, 0]
                precondition(Glibc.pipe(&fds) == 0)
                _ = FileIO.writeAll(fds[1], bytes)
                close(fds[1])
                fd = fds[0]
            } else {
                let path = "/tmp/gpx-fuzz-\(getpid()).gpx"
                let out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                _ = FileIO.writeAll(out, bytes)
                close(out)
                fd = open(path, O_RDONLY)
            }
            do throws(TrackError) {
                try GPXParser.read(fd: fd, fast: fast) { _ in true }
                errors.append(nil)
            } catch {
                errors.append(error)
            }
            close(fd)
        }
        precondition(errors[0] == errors[1], "readers disagree (pipe \(pipe)): \(errors)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    readGPXForFuzzing(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
