import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Bench {
    /// Times the log writer alone (`locsim bench --writer`): `records` log
    /// records of a typical mix, formatted and written to a temporary file,
    /// `runs` times. No scenario is parsed or simulated.
    package static func writer(records: Int, runs: Int, format: LogFormat) throws(Failure) -> Report {
        let samples = sampleRecords()
        let logPath = FileIO.temporaryDirectory + "/locsim-bench-writer-\(getpid()).log"
        let logTicket = StagedFiles.register(logPath)
        defer { StagedFiles.remove(logPath, logTicket) }
        var seconds: [Double] = []
        for _ in 0..<max(1, runs) {
            unlink(logPath)  // a new file every run, as in `run(_:)`
            var output: OutputBuffer
            do { output = try OutputBuffer.file(logPath) } catch { throw .file(error) }
            let start = now()
            switch format {
            case .text:
                var writer = TextLogWriter(output: .memory())
                swap(&writer.output, &output)
                write(records, samples, into: &writer)
                swap(&writer.output, &output)
            case .jsonl:
                var writer = JSONLogWriter(output: .memory())
                swap(&writer.output, &output)
                write(records, samples, into: &writer)
                swap(&writer.output, &output)
            }
            do { try output.commit() } catch { throw .file(error) }
            seconds.append(now() - start)
        }
        return Report(
            source: "log writer only (\(samples.count) sample records, cycled)",
            lines: records, inputBytes: 0, records: records, outputBytes: fileSize(logPath), format: format,
            seconds: seconds, peakResidentKiB: peakResidentKiB(), cores: ParallelMap.coreCount)
    }

    private static func write<W: LogWriter>(_ count: Int, _ samples: [Record], into writer: inout W) {
        var k = 0
        for i in 0..<count {
            writer.write(LogRecord(Instant(sinceStart: Millis(Int64(i) * 250)), samples[k]))
            k += 1
            if k == samples.count { k = 0 }
        }
    }

    /// A mix like a long trace's log: mostly location updates, then drops,
    /// lifecycle, in use, regions and visits.
    static func sampleRecords() -> [Record] {
        var samples: [Record] = []
        for i in 0..<10 {
            let location = Location(
                Coordinate(
                    latitude: 35.681_236 + Double(i) * 0.000_137, longitude: 139.767_125 - Double(i) * 0.000_211),
                accuracy: 4.6 + Double(i))
            samples.append(.delegate(.didUpdateLocations(location)))
        }
        let here = Location(Coordinate(latitude: -33.868_820, longitude: 151.209_296), accuracy: 65)
        samples += [
            .drop(.fix(here), .notInUse),
            .drop(.fix(here), .suspended),
            .app(.background),
            .inUseEnd(.graceExpired),
            .app(.suspend),
            .hold(.enter(regionID: "home"), .provisionalAlways),
            .app(.wake(.region)),
            .delegate(.didEnterRegion(regionID: "home")),
            .delegate(.didVisit(arrival: .seconds(12), departure: nil, here)),
            .auth(
                AuthView(
                    status: .authorizedAlways, settings: .whileUsing, accuracy: .fullAccuracy, provisional: true,
                    temporary: false)),
            .indicator(on: true),
            .app(.foreground),
            .inUseBegin(.foreground),
            .delegate(.locationManagerDidChangeAuthorization(.authorizedWhenInUse, .fullAccuracy)),
        ]
        return samples
    }
}
