@testable import LocSimKit

/// Generated GPX files for `GPXFastReaderTests`: the forms real tracks take
/// (declaration or not, byte order mark, CR LF, indentation, prefixes,
/// quotes, optional children, comments, CDATA and references where locsim
/// does not read), and damaged copies.
enum GPXTrackGenerator {
    /// LocSimKit's SplitMix64: the same files on every machine.
    typealias Random = SplitMix64

    static func track(_ r: inout Random, points: Int) -> [UInt8] {
        let newline = r.chance(20) ? "\r\n" : "\n"
        let indent = r.pick(["", "  ", "\t", " "])
        let prefix = r.chance(15) ? r.pick(["gpx:", "g:"]) : ""
        let declare = prefix.isEmpty ? "" : " xmlns:\(prefix.dropLast())=\"http://www.topografix.com/GPX/1/1\""
        let waypoints = r.chance(10)
        var s = r.chance(10) ? "\u{FEFF}" : ""
        if r.chance(80) {
            s +=
                r.pick([
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version='1.0'?>",
                    "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\" ?>",
                ]) + newline
        }
        if r.chance(20) { s += "<!-- recorded by a test -->" + newline }
        s += "<\(prefix)gpx version=\"1.1\" creator=\"t\"\(declare) xmlns:ns3=\"urn:x\""
        if r.chance(50) {
            s +=
                newline + indent + "xmlns=\"http://www.topografix.com/GPX/1/1\""
                + " xsi:schemaLocation=\"a b\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
        }
        s += ">" + newline
        if r.chance(40) {
            s +=
                indent + "<\(prefix)metadata><\(prefix)name>Caf\u{E9} &amp; bar &#233;&#x1F600;</\(prefix)name>"
                + "<\(prefix)time>2024-05-01T06:59:58Z</\(prefix)time></\(prefix)metadata>" + newline
        }
        if !waypoints {
            s +=
                indent + "<\(prefix)trk><\(prefix)name><![CDATA[A <b> run]]></\(prefix)name><\(prefix)trkseg>" + newline
        }
        var seconds = 0
        for i in 0..<points {
            let element = waypoints ? "wpt" : "trkpt"
            let lat = String(format3(r.below(180_000_000) - 90_000_000, r.pick([4, 6, 7, 8])))
            let lon = String(format3(r.below(360_000_000) - 180_000_000, r.pick([4, 6, 7, 8])))
            let q = r.chance(20) ? "'" : "\""
            let space = r.pick([" ", "  ", newline + indent + indent, "\t"])
            var attributes = ["lat=\(q)\(r.chance(5) ? " " : "")\(lat)\(q)", "lon=\(q)\(lon)\(q)"]
            if r.chance(20) { attributes.reverse() }
            if r.chance(10) { attributes.append("src=\"a&amp;b\"") }
            s += indent + indent + "<\(prefix)\(element)" + space + attributes.joined(separator: space)
            if r.chance(10) {
                s += r.pick(["", " "]) + "/>" + newline
                continue
            }
            s += r.pick(["", " ", newline + indent]) + ">" + (r.chance(50) ? newline : "")
            var children: [String] = []
            if r.chance(70) { children.append("ele>\(r.below(9000) - 100).\(r.below(10))") }
            if r.chance(80) {
                seconds += r.pick([0, 1, 1, 2, 5])
                let zone = r.pick(["Z", ".000Z", "+00:00", "+0000"])
                children.append(
                    "time>2024-05-01T0\(seconds / 3600 % 10):\(two(seconds / 60 % 60)):\(two(seconds % 60))\(zone)")
            }
            if r.chance(40) { children.append("hdop>\(r.below(40)).\(r.below(10))") }
            if r.chance(30) { children.append("speed>\(r.below(40)).\(r.below(100))") }
            if r.chance(30) { children.append("course>\(r.below(360))") }
            if r.chance(10) { children.append("name>p\(i) \u{65E5}") }
            for child in children.shuffled(using: &r) {
                let name = String(child.prefix(while: { $0 != ">" }))
                let value = child.dropFirst(name.count + 1)
                let pad = r.chance(10) ? " " : ""
                s += indent + indent + indent + "<\(prefix)\(name)>\(pad)\(value)\(pad)</\(prefix)\(name)>" + newline
            }
            if r.chance(15) {
                s += "<\(prefix)extensions><ns3:hr>9\(i % 10)</ns3:hr><!-- x --></\(prefix)extensions>"
            }
            s += indent + indent + "</\(prefix)\(element)>" + newline
        }
        if !waypoints { s += indent + "</\(prefix)trkseg></\(prefix)trk>" + newline }
        s += "</\(prefix)gpx>" + (r.chance(50) ? newline : "")
        return Array(s.utf8)
    }

    /// A copy of `bytes` with one thing changed that may make it odd,
    /// malformed or not fit.
    static func damaged(_ bytes: [UInt8], _ r: inout Random) -> [UInt8] {
        var copy = bytes
        let at = r.below(copy.count)
        switch r.below(4) {
        case 0:
            copy[at] = r.pick(Array("<>&\"'/=:x1 \r\n\t.-".utf8) + [0x00, 0xFF, 0x80, 0xC3])
        case 1:
            copy.removeSubrange(at...)
        case 2:
            let snippets = [
                "<!DOCTYPE gpx>", "&nbsp;", "&#0;", "&#xD800;", "<![CDATA[1]]>", "\r", "<?pi x?>", "]]>",
                "<a b=\"1\" b=\"2\"/>", "<q:x/>", "<x xmlns:q=\"\"/>", "<time>2020-01-01T00:00:00Z</time>",
                "<ele>1e3</ele>", "<hdop>300000</hdop>", "<trkpt lat=\"91\" lon=\"0\"></trkpt>", "\u{FEFF}",
                "<trkpt lat=\"1\"/>", "<!-- a -- b -->", "</x>", "<ele>&#49;</ele>", "<ele><b>1</b></ele>",
            ]
            copy.insert(contentsOf: Array(r.pick(snippets).utf8), at: at)
        default:
            copy.replaceSubrange(
                0..<0,
                with: Array(
                    r.pick([
                        "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "\u{FEFF}\u{FEFF}", " ",
                        "<?xml version=\"1.1\"?>",
                    ]).utf8))
        }
        return copy
    }

    /// `value` / 10^decimals, written with `decimals` digits after the point.
    private static func format3(_ value: Int, _ decimals: Int) -> String {
        let scaled = decimals >= 6 ? value * Int(pow10(decimals - 6)) : value / Int(pow10(6 - decimals))
        let magnitude = String(scaled.magnitude)
        let padded = String(repeating: "0", count: max(0, decimals + 1 - magnitude.count)) + magnitude
        let cut = padded.index(padded.endIndex, offsetBy: -decimals)
        return (scaled < 0 ? "-" : "") + padded[..<cut] + "." + padded[cut...]
    }

    private static func pow10(_ n: Int) -> Int { n == 0 ? 1 : 10 * pow10(n - 1) }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension SplitMix64: RandomNumberGenerator {}

extension SplitMix64 {
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
