/// A recorded GPX track fed to the device (docs/gpx.md).
extension SimulatedDevice {
    /// Feeds the points of the GPX file at `path` as fixes, the first now
    /// and each later one at its recorded offset divided by `speed`, as a
    /// scenario's `<now> gpx <path> speed <speed>` line plays them; the
    /// clock ends at the last point. `scenario` keeps them as `fix` lines.
    ///
    /// The file is read by the `locsim-gpx` program, as `locsim run` reads
    /// it: `$LOCSIM_GPX`, or `locsim-gpx` next to the running executable
    /// (the test bundle's folder when the package is built with SwiftPM).
    ///
    /// - Throws: `.rejected` for a file that cannot be read or does not fit
    ///   (the message names the place in it), or a `speed` that is not a
    ///   positive number; points before the bad one have been fed.
    public func feed(gpx path: String, speed: Double = 1) throws(DeviceError) {
        guard speed.isFinite, speed > 0 else {
            throw DeviceError(.rejected, "feed(gpx:speed:): the speed factor must be a positive number, not \(speed)")
        }
        let statement = TrackStatement(
            time: engine.now, path: path, speed: speed, location: SourceLocation(line: 0, column: 0), pathColumn: 0)
        var player: TrackPlayer
        do throws(ScenarioError) {
            player = try TrackPlayer(statement, source: TrackSource(reader: TrackSource.gpxReader, scenario: "."))
        } catch {
            throw DeviceError(.rejected, "feed(gpx: \(path)): \(error.message)")
        }
        while let point = player.next(until: nil) {
            try advance(to: Instant(sinceStart: point.time))
            try feed(fix: point.fix)
            do throws(ScenarioError) { try player.advance() } catch {
                throw DeviceError(.rejected, "feed(gpx: \(path)): line \(error.location.line): \(error.message)")
            }
        }
    }
}
