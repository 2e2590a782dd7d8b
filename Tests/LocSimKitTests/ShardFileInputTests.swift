import Testing

@testable import LocSimKit

/// A shard's file is input from another machine (issue 41 item 2,
/// docs/ci-shards.md): every count and index is checked before use,
/// strings from it are cut and escaped in errors, and lines are bounded.
/// Each edit here is re-digested, as a forger would: the digest does not
/// catch it, the reader must.
@Suite struct ShardFileInputTests {
    /// Shard 1/1 of a scenario on two platforms, as lines (the digest line dropped).
    static func lines(platforms: [Platform]? = [.iOS(13), .iOS(14)]) throws -> [String] {
        let explore = Explore(platforms: platforms, jobs: 1)
        let file = try explore.shardFile(
            Array(ExploreShrinkTests.deniedByAnswer.utf8), name: "x.scn", shard: try #require(Shard(index: 1, count: 1))
        )
        var lines = file.split(separator: "\n").map(String.init)
        lines.removeLast()
        return lines
    }

    /// `lines` with a digest line made for them.
    static func redigested(_ lines: [String]) -> [UInt8] {
        let text = lines.map { $0 + "\n" }.joined()
        return Array((text + "{\"end\":\(lines.count),\"digest\":\"\(Explore.digestHex(text.utf8))\"}\n").utf8)
    }

    /// The merge's error for `bytes` as the file `name`.
    static func refusal(_ bytes: [UInt8], name: String = "p.jsonl") -> String? {
        guard case .failure(let error) = Explore.merge([.init(name: name, bytes: bytes)], jobs: 1) else { return nil }
        return error.message
    }

    @Test func theUneditedFileMerges() throws {
        #expect(Self.refusal(Self.redigested(try Self.lines())) == nil)
    }

    /// Before: the header listing a platform more than the file holds
    /// killed the merge with SIGILL (an index past the platforms read).
    @Test func aHeaderListingMorePlatformsThanTheFileHoldsIsRefused() throws {
        var lines = try Self.lines()
        lines[0] = lines[0].replacingOccurrences(
            of: "[[\"iOS\",13,0],[\"iOS\",14,0]]", with: "[[\"iOS\",13,0],[\"iOS\",14,0],[\"iOS\",15,0]]")
        let message = try #require(Self.refusal(Self.redigested(lines)))
        #expect(message == "p.jsonl:\(lines.count + 1):1: error: the header names 3 platforms, but the file holds 2")
    }

    /// Before: `"platforms":[]` merged to an empty table, exit 0.
    @Test func noPlatformsIsRefused() throws {
        var lines = try Self.lines()
        lines[0] = lines[0].replacingOccurrences(of: "[[\"iOS\",13,0],[\"iOS\",14,0]]", with: "[]")
        let message = try #require(Self.refusal(Self.redigested(lines)))
        #expect(message.hasPrefix("p.jsonl:1:"))
        #expect(message.hasSuffix("error: expected at least one platform (or null)"))
    }

    /// Before: a block renamed to another platform was merged as the header's.
    @Test func aRenamedPlatformBlockIsRefused() throws {
        var lines = try Self.lines()
        let i = try #require(lines.firstIndex { $0.hasPrefix("{\"platform\":\"iOS 14.0\"") })
        lines[i] = lines[i].replacingOccurrences(of: "iOS 14.0", with: "iOS 15.0")
        let message = try #require(Self.refusal(Self.redigested(lines)))
        #expect(
            message == "p.jsonl:\(i + 1):13: error: the block of 'iOS 15.0', but the header's platform 2 is iOS 14.0")
        // A block past the header's platforms: its own error, not an index past them.
        var more = try Self.lines()
        more += more[i...]
        #expect(Self.refusal(Self.redigested(more))?.contains("a platform block past the 2 the header names") == true)
    }

    /// Before: `"prefixes":2147483647` made a list of that many indices
    /// (4.3 GB) and aborted; now the file's own lists are checked against it.
    @Test func aHugePrefixCountIsRefusedWithoutListingIt() throws {
        var lines = try Self.lines()
        let i = try #require(lines.firstIndex { $0.hasPrefix("{\"platform\":\"iOS 13.0\"") })
        let from = try #require(lines[i].range(of: "\"prefixes\":"))
        let to = try #require(lines[i][from.upperBound...].firstIndex(of: ","))
        lines[i].replaceSubrange(from.upperBound..<to, with: "2147483647")
        let message = try #require(Self.refusal(Self.redigested(lines)))
        #expect(message.hasPrefix("p.jsonl:\(i + 1):1: error: shard 1/1 of 'iOS 13.0' holds prefixes ["))
        #expect(message.hasSuffix(", not the ones dealt to it, 2147483647 of them"))
    }

    /// Strings from the file are cut and escaped in errors: a long name
    /// with a line feed and an escape sequence forges no error line.
    @Test func stringsFromTheFileAreCutAndEscaped() throws {
        var lines = try Self.lines()
        let i = try #require(lines.firstIndex { $0.hasPrefix("{\"platform\":\"iOS 14.0\"") })
        let forged = "iOS 14.0\\nx.scn:1:1: error: forged\\u001b[2J" + String(repeating: "A", count: 100_000)
        lines[i] = lines[i].replacingOccurrences(of: "\"iOS 14.0\"", with: "\"\(forged)\"")
        let message = try #require(Self.refusal(Self.redigested(lines)))
        #expect(!message.contains("\n") && !message.unicodeScalars.contains("\u{1B}"))
        #expect(message.count < 300)
        #expect(message.contains("'iOS 14.0\\nx.scn:1:1: error: forged\\u{1b}[2JAAAA"))
        #expect(message.contains("…'"))
        // The scenario's name, which the merge's report and errors print, is refused with one.
        var named = try Self.lines()
        named[0] = named[0].replacingOccurrences(of: "\"name\":\"x.scn\"", with: "\"name\":\"x.scn\\nforged\"")
        let refusal = try #require(Self.refusal(Self.redigested(named)))
        #expect(
            refusal.hasSuffix(
                "error: expected the scenario's name: 1 to 4096 bytes, no control characters, no backslash"))
        // So is a shard value that is not short and plain.
        var shard = try Self.lines()
        shard[0] = shard[0].replacingOccurrences(of: "\"shard\":\"1/1\"", with: "\"shard\":\"1/1\\n\"")
        #expect(
            Self.refusal(Self.redigested(shard))?.hasSuffix("error: expected \"<index>/<count>\", not '1/1\\n'") == true
        )
    }

    /// A file name with a line feed does not split the error line.
    @Test func aFileNameIsEscaped() throws {
        let message = try #require(Self.refusal(Array("{}\n".utf8), name: "a\nb.jsonl"))
        #expect(message.hasPrefix("a\\nb.jsonl:1:"))
        #expect(!message.contains("\n"))
    }

    /// The line bound is reached: a line of `maxShardLine` bytes is read
    /// (and judged as JSON), one byte more is refused before it is parsed.
    @Test func aLineOverTheBoundIsRefusedUnread() throws {
        let header = try Self.lines()[0]
        for extra in [0, 1] {
            let length = Explore.maxShardLine + extra
            var bytes = Array((header + "\n\"").utf8)
            bytes += [UInt8](repeating: UInt8(ascii: "a"), count: length - 2) + Array("\"\n".utf8)
            let message = try #require(Self.refusal(bytes))
            if extra == 0 {
                #expect(message == "p.jsonl:2:1: error: expected an object", "\(message.prefix(200))")
            } else {
                #expect(
                    message
                        == "p.jsonl:2:1: error: a line longer than \(Explore.maxShardLine) bytes, the most a shard's "
                        + "file may hold in one line")
            }
        }
    }

    /// `LOCSIM_SHARD_KEY`: a keyed digest (SipHash-2-4) on the last line.
    /// A file signed with the key merges with it; an edit re-digested with
    /// FNV-1a (which anyone can do) is refused, and so is a file without a
    /// keyed digest, one with another key's, or one with a key the merge lacks.
    @Test func aKeyedDigestCatchesForgery() throws {
        let key = try #require(SipHash(hex: "000102030405060708090a0b0c0d0e0f"))
        let other = try #require(SipHash(hex: "f0e0d0c0b0a090807060504030201000"))
        let explore = Explore(platforms: [.iOS(13), .iOS(14)], jobs: 1)
        let signed = try explore.shardFile(
            Array(ExploreShrinkTests.deniedByAnswer.utf8), name: "x.scn",
            shard: try #require(Shard(index: 1, count: 1)),
            key: key)
        func refusal(_ text: String, _ key: SipHash?) -> String? {
            guard
                case .failure(let error) = Explore.merge(
                    [.init(name: "p.jsonl", bytes: Array(text.utf8))], jobs: 1, key: key)
            else { return nil }
            return error.message
        }
        #expect(refusal(signed, key) == nil)
        #expect(
            refusal(signed, nil)?.hasSuffix(
                "error: the file has a keyed digest: merge with the LOCSIM_SHARD_KEY the shards were given") == true)
        #expect(
            refusal(signed, other)?.hasSuffix(
                "error: the file's keyed digest differs: written without LOCSIM_SHARD_KEY or with another key") == true)
        let plain = String(decoding: Self.redigested(try Self.lines()), as: UTF8.self)
        #expect(
            refusal(plain, key)?.hasSuffix("error: the file has no keyed digest: written without LOCSIM_SHARD_KEY")
                == true)
        // An outcome's path count edited, FNV-1a made again, the old keyed digest kept.
        var lines = signed.split(separator: "\n").map(String.init)
        let last = lines.removeLast()
        let i = try #require(lines.firstIndex { $0.hasPrefix("{\"paths\":\"1\"") })
        lines[i] = lines[i].replacingOccurrences(of: "{\"paths\":\"1\"", with: "{\"paths\":\"9999\"")
        let text = lines.map { $0 + "\n" }.joined()
        let mac = try #require(last.range(of: ",\"mac\":")).lowerBound
        let forged =
            text + "{\"end\":\(lines.count),\"digest\":\"\(Explore.digestHex(text.utf8))\"" + last[mac...] + "\n"
        #expect(refusal(forged, nil) != nil)
        #expect(refusal(forged, key)?.contains("error: the file's keyed digest differs") == true)
    }
}
