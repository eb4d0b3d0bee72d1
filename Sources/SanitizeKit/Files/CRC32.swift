/// CRC-32 as PNG and zlib use it (ISO 3309 / ITU-T V.42 polynomial `0xEDB88320`, reflected),
/// computed by slicing-by-8: eight table lookups per 8 input bytes.
///
/// PNG (W3C PNG §5.5) stores this CRC over each chunk's type and data.
enum CRC32 {
    /// Eight 256-entry tables, one after the other; table `k` advances a byte through `k`
    /// further zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
            tables[index] = value
        }
        for index in 0..<256 {
            var value = tables[index]
            for slice in 1..<8 {
                value = (value >> 8) ^ tables[Int(value & 0xFF)]
                tables[slice * 256 + index] = value
            }
        }
        return tables
    }()

    /// The CRC of `bytes` continued from `crc` (start with `0`); the result of one call is the
    /// `crc` of the next, so data can arrive in pieces.
    /// - Parameters:
    ///   - crc: the CRC of the bytes before, or `0`.
    ///   - bytes: the next bytes.
    /// - Returns: the CRC of everything so far.
    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        return tables.withUnsafeBufferPointer { table in
            var state = ~crc
            var offset = 0
            let count = bytes.count
            while count - offset >= 8 {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                let low = UInt32(truncatingIfNeeded: word) ^ state
                let high = UInt32(truncatingIfNeeded: word >> 32)
                state =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                offset += 8
            }
            while offset < count {
                let byte = base.load(fromByteOffset: offset, as: UInt8.self)
                state = (state >> 8) ^ table[Int((state ^ UInt32(byte)) & 0xFF)]
                offset += 1
            }
            return ~state
        }
    }
}
