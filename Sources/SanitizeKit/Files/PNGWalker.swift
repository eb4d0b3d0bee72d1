/// The structural walk of a PNG file (W3C PNG Specification, 3rd edition, §5 and §11).
///
/// After the 8-byte signature it follows every chunk by its length (at most 2³¹−1, §5.3),
/// checks that the type is four ASCII letters and that the CRC-32 over type and data
/// matches (§5.5), requires IHDR first with valid fields (§11.2.2), PLTE where the colour type
/// needs one, consecutive IDAT chunks, no unknown critical chunk, and ends after an empty
/// IEND. Every byte of chunk data goes through the CRC, so any flipped byte is caught.
enum PNGWalker {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let ihdr = 0x4948_4452
    private static let plte = 0x504C_5445
    private static let idat = 0x4944_4154
    private static let iend = 0x4945_4E44

    /// Walks from the signature to just after the IEND chunk's CRC.
    /// - Throws: ``WalkStop`` when the input ends early or the structure is inconsistent.
    static func walk(_ reader: inout ByteReader) throws(WalkStop) {
        reader.context = "the PNG signature"
        guard try reader.consume(signature) else { throw .corrupt(offset: 0, reason: "no PNG signature") }
        var colorType: UInt8 = 0
        var sawPalette = false
        var idatState = 0  // 0 none yet, 1 in the IDAT run, 2 after it
        var first = true
        while true {
            let chunkOffset = reader.position
            reader.context = "a chunk header"
            let length = try reader.readBE32()
            guard length <= 0x7FFF_FFFF else {
                throw .corrupt(offset: chunkOffset, reason: "chunk length \(length) exceeds 2^31-1")
            }
            try reader.require(4)
            var type = 0
            for index in 0..<4 {
                let byte = reader.peek(index)
                guard (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) else {
                    throw .corrupt(offset: chunkOffset + 4, reason: "chunk type byte \(hexByte(byte)) is not a letter")
                }
                type = type << 8 | Int(byte)
            }
            let name = fourCC(type)
            var crc: UInt32 = 0
            try reader.forEachSpan(count: 4) { crc = CRC32.update(crc, $0) }

            if first {
                guard type == ihdr else {
                    throw .corrupt(offset: chunkOffset, reason: "first chunk is \(name), not IHDR")
                }
                colorType = try header(&reader, length: length, at: chunkOffset)
                first = false
            } else {
                switch type {
                case ihdr:
                    throw .corrupt(offset: chunkOffset, reason: "a second IHDR chunk")
                case plte:
                    guard idatState == 0, !sawPalette, length % 3 == 0, (3...768).contains(length),
                        colorType != 0, colorType != 4
                    else {
                        throw .corrupt(
                            offset: chunkOffset, reason: "misplaced or malformed PLTE chunk (length \(length))")
                    }
                    sawPalette = true
                case idat:
                    guard idatState != 2 else {
                        throw .corrupt(offset: chunkOffset, reason: "IDAT chunks are not consecutive")
                    }
                    guard colorType != 3 || sawPalette else {
                        throw .corrupt(
                            offset: chunkOffset, reason: "IDAT before the PLTE an indexed-colour image needs")
                    }
                    idatState = 1
                case iend:
                    guard length == 0 else {
                        throw .corrupt(offset: chunkOffset, reason: "IEND chunk has length \(length)")
                    }
                    guard idatState != 0 else {
                        throw .corrupt(offset: chunkOffset, reason: "IEND before any IDAT chunk")
                    }
                default:
                    guard type & 0x2000_0000 != 0 else {  // first letter upper case: critical
                        throw .corrupt(offset: chunkOffset, reason: "unknown critical chunk \(name)")
                    }
                }
                if type != idat && idatState == 1 { idatState = 2 }
            }

            reader.context = "chunk data"
            try reader.forEachSpan(count: length) { crc = CRC32.update(crc, $0) }
            reader.context = "a chunk CRC"
            let stored = try reader.readBE32()
            guard UInt32(stored) == crc else {
                throw .corrupt(offset: chunkOffset, reason: "CRC mismatch in \(name) chunk")
            }
            if type == iend { return }
        }
    }

    /// Checks IHDR's fields (§11.2.2) without consuming them; returns the colour type.
    private static func header(_ reader: inout ByteReader, length: Int, at offset: Int) throws(WalkStop) -> UInt8 {
        guard length == 13 else { throw .corrupt(offset: offset, reason: "IHDR length \(length) (must be 13)") }
        reader.context = "the IHDR chunk"
        try reader.require(13)
        let width = word(reader, 0)
        let height = word(reader, 4)
        let depth = reader.peek(8)
        let colorType = reader.peek(9)
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw .corrupt(offset: offset, reason: "IHDR size \(width)x\(height)")
        }
        let depths: [UInt8]
        switch colorType {
        case 0: depths = [1, 2, 4, 8, 16]
        case 3: depths = [1, 2, 4, 8]
        case 2, 4, 6: depths = [8, 16]
        default: throw .corrupt(offset: offset, reason: "IHDR colour type \(colorType)")
        }
        guard depths.contains(depth) else {
            throw .corrupt(offset: offset, reason: "IHDR bit depth \(depth) with colour type \(colorType)")
        }
        guard reader.peek(10) == 0, reader.peek(11) == 0, reader.peek(12) <= 1 else {
            throw .corrupt(offset: offset, reason: "IHDR compression, filter or interlace method")
        }
        return colorType
    }

    /// The big-endian 32-bit value `delta` bytes ahead, already required.
    private static func word(_ reader: borrowing ByteReader, _ delta: Int) -> Int {
        Int(reader.peek(delta)) << 24 | Int(reader.peek(delta + 1)) << 16
            | Int(reader.peek(delta + 2)) << 8 | Int(reader.peek(delta + 3))
    }
}
