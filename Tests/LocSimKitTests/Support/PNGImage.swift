/// A minimal PNG decoder for the Chromium test: 8-bit RGB or RGBA, not
/// interlaced (what Chromium's screenshots are), with its own inflate, so
/// the test needs no image library and no zlib binding.
struct PNGImage {
    let width: Int
    let height: Int
    /// RGBA, row by row.
    let pixels: [UInt8]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The colour at (`x`, `y`) as `#rrggbb`.
    func color(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 4
        return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
    }

    init(_ data: [UInt8]) throws {
        guard data.count > 8, data[0..<8].elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else {
            throw Failure(description: "not a PNG")
        }
        var i = 8
        var w = 0
        var h = 0
        var colorType = 0
        var idat: [UInt8] = []
        func be32(_ p: Int) -> Int {
            Int(data[p]) << 24 | Int(data[p + 1]) << 16 | Int(data[p + 2]) << 8 | Int(data[p + 3])
        }
        while i + 8 <= data.count {
            let length = be32(i)
            let type = String(decoding: data[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = (i + 8)..<(i + 8 + length)
            guard body.upperBound + 4 <= data.count else { throw Failure(description: "truncated chunk \(type)") }
            switch type {
            case "IHDR":
                w = be32(body.lowerBound)
                h = be32(body.lowerBound + 4)
                guard data[body.lowerBound + 8] == 8, data[body.lowerBound + 12] == 0 else {
                    throw Failure(description: "only 8-bit, non-interlaced PNGs")
                }
                colorType = Int(data[body.lowerBound + 9])
                guard colorType == 2 || colorType == 6 else { throw Failure(description: "colour type \(colorType)") }
            case "IDAT": idat += data[body]
            default: break
            }
            i = body.upperBound + 4
        }
        let channels = colorType == 6 ? 4 : 3
        let raw = try Inflate.zlib(idat)
        let stride = w * channels
        guard raw.count >= h * (stride + 1) else { throw Failure(description: "short image data") }
        var out = [UInt8](repeating: 255, count: w * h * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        var line = [UInt8](repeating: 0, count: stride)
        for y in 0..<h {
            let start = y * (stride + 1)
            let filter = raw[start]
            for x in 0..<stride {
                let value = raw[start + 1 + x]
                let a = x >= channels ? Int(line[x - channels]) : 0
                let b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "filter \(filter)")
                }
                line[x] = UInt8(truncatingIfNeeded: Int(value) + predictor)
            }
            for x in 0..<w {
                for k in 0..<channels { out[(y * w + x) * 4 + k] = line[x * channels + k] }
            }
            swap(&line, &previous)
        }
        width = w
        height = h
        pixels = out
    }
}

/// RFC 1950/1951 decompression: stored, fixed and dynamic Huffman blocks.
enum Inflate {
    struct Failure: Error {}

    private struct Bits {
        let data: [UInt8]
        var position = 0
        var bit = 0

        mutating func read(_ n: Int) throws -> Int {
            var value = 0
            for k in 0..<n {
                guard position < data.count else { throw Failure() }
                value |= Int((data[position] >> bit) & 1) << k
                bit += 1
                if bit == 8 {
                    bit = 0
                    position += 1
                }
            }
            return value
        }

        mutating func alignToByte() {
            if bit != 0 {
                bit = 0
                position += 1
            }
        }
    }

    /// Canonical Huffman code: counts per length and symbols in code order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for l in 1..<16 { offsets[l] = offsets[l - 1] + counts[l - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (s, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[l]] = s
                offsets[l] += 1
            }
        }

        func decode(_ bits: inout Bits) throws -> Int {
            var code = 0
            var first = 0
            var index = 0
            for l in 1..<16 {
                code |= try bits.read(1)
                let count = counts[l]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure()
        }
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The data of a zlib stream (2-byte header, deflate blocks, Adler-32 not checked).
    static func zlib(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count > 2, data[0] & 0x0F == 8 else { throw Failure() }
        var bits = Bits(data: data, position: 2)
        var out: [UInt8] = []
        var last = 0
        repeat {
            last = try bits.read(1)
            switch try bits.read(2) {
            case 0:
                bits.alignToByte()
                let p = bits.position
                guard p + 4 <= data.count else { throw Failure() }
                let length = Int(data[p]) | Int(data[p + 1]) << 8
                guard p + 4 + length <= data.count else { throw Failure() }
                out += data[(p + 4)..<(p + 4 + length)]
                bits.position = p + 4 + length
            case 1:
                let lengths =
                    [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
                    + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)
                try block(&bits, Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)), &out)
            case 2:
                let (literals, distances) = try dynamicTables(&bits)
                try block(&bits, literals, distances, &out)
            default: throw Failure()
            }
        } while last == 0
        return out
    }

    private static func dynamicTables(_ bits: inout Bits) throws -> (Huffman, Huffman) {
        let hlit = try bits.read(5) + 257
        let hdist = try bits.read(5) + 1
        let hclen = try bits.read(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for k in 0..<hclen { codeLengths[order[k]] = try bits.read(3) }
        let lengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < hlit + hdist {
            let symbol = try lengthCode.decode(&bits)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure() }
                lengths += [Int](repeating: previous, count: 3 + (try bits.read(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits.read(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits.read(7)))
            }
        }
        return (Huffman(lengths: Array(lengths[0..<hlit])), Huffman(lengths: Array(lengths[hlit..<(hlit + hdist)])))
    }

    private static func block(_ bits: inout Bits, _ literals: Huffman, _ distances: Huffman, _ out: inout [UInt8])
        throws
    {
        while true {
            let symbol = try literals.decode(&bits)
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let l = symbol - 257
                guard l < 29 else { throw Failure() }
                let length = lengthBase[l] + (try bits.read(lengthExtra[l]))
                let d = try distances.decode(&bits)
                guard d < 30 else { throw Failure() }
                let distance = distanceBase[d] + (try bits.read(distanceExtra[d]))
                guard distance <= out.count else { throw Failure() }
                let start = out.count - distance
                for k in 0..<length { out.append(out[start + k]) }
            }
        }
    }
}
