import LocSimKit

/// Writes a deterministic synthetic scenario for `locsim bench`.
///
/// An iOS 14 app asks for Always, gets provisional Always (`allowWhileUsing`),
/// starts standard updates with a background session, monitors two regions
/// and visits. Then, at 1 Hz, fixes along a drifting path, with, sprinkled
/// in: background/foreground switches, region enters and exits, visit
/// arrivals and departures, `system notBusy`, `system terminate` while in the
/// background, and stopping and restarting updates in the foreground — so
/// delivery, in use, suspension, relaunch, held events and the upgrade
/// prompt all run.
///
/// The same seed and line count give the same bytes on every machine: all
/// arithmetic is on integers (positions in 10⁻⁷ degrees, times in ms).
package struct TraceGenerator {
    /// Lines still to write, header included.
    package private(set) var remaining: Int
    private var random: SplitMix64
    private var pendingSetup: [String]
    private var clock = Millis(0)
    private var nextFix = Millis(3000)
    // Position and velocity in 10⁻⁷ degrees (per second).
    private var latitude: Int64 = TraceGenerator.start.lat
    private var longitude: Int64 = TraceGenerator.start.lon
    private var velocityLat: Int64 = 80
    private var velocityLon: Int64 = 120
    // A steady drift that turns back at the edges of a box around the start,
    // so a trace of any length stays at valid, nearby coordinates.
    private var driftLat: Int64 = 40
    private var driftLon: Int64 = 60
    private static let start: (lat: Int64, lon: Int64) = (356_812_000, 1_397_671_000)
    private static let halfBox: Int64 = 2_000_000  // 0.2°
    // What the app is doing, so every line is valid where it falls.
    private var foreground = true
    private var running = true
    private var updating = true
    private var inside = [false, false]
    private var visiting = false
    /// A relaunched app must start updates again on the next line.
    private var followUp = false

    private static let regions = ["home", "office"]

    /// A generator of `lines` lines (at least the header is written).
    package init(lines: Int, seed: UInt64) {
        remaining = lines
        random = SplitMix64(seed: seed)
        pendingSetup = [
            "# locsim bench trace: \(lines) lines, seed \(seed)",
            "locsim 1",
            "platform iOS 14.0",
            "plist NSLocationWhenInUseUsageDescription \"Shows where you are on the map.\"",
            "plist NSLocationAlwaysAndWhenInUseUsageDescription \"Keeps your route while you drive.\"",
            "plist UIBackgroundModes location",
            "0.000 launch",
            "0.500 app requestAlwaysAuthorization",
            "1.000 user allowWhileUsing",
            "1.500 app set allowsBackgroundLocationUpdates true",
            "1.600 app startUpdatingLocation",
            "1.700 app startMonitoring home 35.681200 139.767100 200",
            "1.800 app startMonitoring office 35.690000 139.700000 150",
            "1.900 app startMonitoringVisits",
        ]
        pendingSetup.reverse()
    }

    /// Appends the next line (with its `\n`) to `bytes`; false when done.
    package mutating func appendLine(to bytes: inout [UInt8]) -> Bool {
        guard remaining > 0 else { return false }
        remaining -= 1
        if let setup = pendingSetup.popLast() {
            bytes.append(contentsOf: setup.utf8)
            bytes.append(LogBytes.newline)
            return true
        }
        if followUp {
            followUp = false
            clock = clock + Millis(1)
            time(to: &bytes)
            word("app startUpdatingLocation", to: &bytes)
            bytes.append(LogBytes.newline)
            return true
        }
        let roll = random.below(1000)
        // Events go 100 ms after the previous line, while a fix is not due.
        if roll < 20 && clock.value + 100 < nextFix.value {
            clock = clock + Millis(100)
            appendEvent(roll, to: &bytes)
        } else {
            appendFix(to: &bytes)
        }
        bytes.append(LogBytes.newline)
        return true
    }

    /// The whole trace in memory (tests, small traces).
    package static func text(lines: Int, seed: UInt64) -> [UInt8] {
        var generator = TraceGenerator(lines: lines, seed: seed)
        var bytes: [UInt8] = []
        while generator.appendLine(to: &bytes) {}
        return bytes
    }

    private mutating func appendFix(to bytes: inout [UInt8]) {
        clock = nextFix
        nextFix = nextFix + Millis(1000)
        // A drifting velocity, pulled back toward a walking-to-driving range.
        velocityLat = (velocityLat + Int64(random.symmetric(20))) * 15 / 16
        velocityLon = (velocityLon + Int64(random.symmetric(20))) * 15 / 16
        latitude += velocityLat + driftLat
        longitude += velocityLon + driftLon
        if abs(latitude - TraceGenerator.start.lat) > TraceGenerator.halfBox {
            driftLat = latitude > TraceGenerator.start.lat ? -40 : 40
        }
        if abs(longitude - TraceGenerator.start.lon) > TraceGenerator.halfBox {
            driftLon = longitude > TraceGenerator.start.lon ? -60 : 60
        }
        time(to: &bytes)
        word("fix", to: &bytes)
        position(to: &bytes)
        bytes.append(LogBytes.space)
        appendTenths(Int64(30 + random.below(400)), to: &bytes)  // 3.0–42.9 m
        if random.below(4) == 0 {
            word("speed=", to: &bytes, space: true)
            appendTenths(Int64(random.below(300)), to: &bytes)
            word("course=", to: &bytes, space: true)
            appendTenths(Int64(random.below(3600)), to: &bytes)
        }
    }

    private mutating func appendEvent(_ roll: Int, to bytes: inout [UInt8]) {
        time(to: &bytes)
        switch roll {
        case 0..<4:
            if foreground {
                word("background", to: &bytes)
            } else {
                word("foreground", to: &bytes)
                if !running && updating {
                    // A relaunched app has a new manager: the next line starts updates again.
                    followUp = true
                }
                running = true
            }
            foreground.toggle()
        case 4..<10:
            let r = random.below(2)
            word(inside[r] ? "exit" : "enter", to: &bytes)
            word(TraceGenerator.regions[r], to: &bytes)
            inside[r].toggle()
        case 10..<12:
            word(visiting ? "visit depart" : "visit arrive", to: &bytes)
            position(to: &bytes)
            word("50", to: &bytes)
            visiting.toggle()
        case 12..<14 where !foreground && running:
            word("system terminate", to: &bytes)
            running = false
        case 14..<16 where foreground:
            word(updating ? "app stopUpdatingLocation" : "app startUpdatingLocation", to: &bytes)
            updating.toggle()
        default:
            word("system notBusy", to: &bytes)
        }
    }

    // MARK: - Formatting

    private func time(to bytes: inout [UInt8]) {
        clock.appendSeconds(to: &bytes)
    }

    private func word(_ text: String, to bytes: inout [UInt8], space: Bool = true) {
        if space { bytes.append(LogBytes.space) }
        bytes.append(contentsOf: text.utf8)
    }

    private func position(to bytes: inout [UInt8]) {
        bytes.append(LogBytes.space)
        appendFixed7(latitude, to: &bytes)
        bytes.append(LogBytes.space)
        appendFixed7(longitude, to: &bytes)
    }

    /// `n / 10⁷` with seven decimals.
    private func appendFixed7(_ n: Int64, to bytes: inout [UInt8]) {
        if n < 0 { bytes.append(LogBytes.minus) }
        let m = n.magnitude
        appendDecimal(m / 10_000_000, to: &bytes)
        bytes.append(LogBytes.dot)
        var divisor: UInt64 = 1_000_000
        var rest = m % 10_000_000
        while divisor > 0 {
            bytes.append(UInt8(48 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// `n / 10` with one decimal.
    private func appendTenths(_ n: Int64, to bytes: inout [UInt8]) {
        appendDecimal(UInt64(n / 10), to: &bytes)
        bytes.append(LogBytes.dot)
        bytes.append(UInt8(48 + n % 10))
    }
}
