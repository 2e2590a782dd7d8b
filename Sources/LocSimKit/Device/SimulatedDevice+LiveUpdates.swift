/// `CLLocationUpdate.liveUpdates()` (iOS 17+) on the device, as an
/// `AsyncSequence` in virtual time: an element is yielded when the device
/// delivers it (during `feed`, `advance`, …), never after a real wait.
extension SimulatedDevice {
    /// Starts live updates (`app liveUpdates start <configuration>`) and
    /// returns their stream: each `update` record of the `liveUpdates`
    /// stream from now on, at its virtual time.
    ///
    /// Like `CLLocationUpdate.liveUpdates(_:)` it does not throw. On a
    /// platform without it (before iOS 17), or when the rules reject it, the
    /// stream is finished at once and the next call from the test throws
    /// the `DeviceError`. The stream finishes on `stopLiveUpdates()` or when
    /// the device is deinitialized; iterate it from the test's own task
    /// after driving the device, or from a task of its own.
    public func liveUpdates(_ configuration: LiveConfiguration = .default) -> AsyncStream<SimulatedLocationUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: SimulatedLocationUpdate.self)
        if modernCall(.liveUpdatesStart(configuration)) == nil {
            liveUpdateStreams.append(continuation)
        } else {
            continuation.finish()
        }
        return stream
    }

    /// Stops live updates (`app liveUpdates stop`, the app leaving its
    /// `for try await` loop) and finishes the streams.
    public func stopLiveUpdates() throws(DeviceError) {
        try input(.modern(.liveUpdatesStop))
        for stream in liveUpdateStreams { stream.finish() }
        liveUpdateStreams.removeAll()
    }
}
