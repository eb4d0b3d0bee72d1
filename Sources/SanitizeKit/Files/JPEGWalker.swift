/// The structural walk of a JPEG file (ITU-T T.81 | ISO/IEC 10918-1, Annex B).
///
/// From SOI it follows every marker segment by its length, checks the frame (SOFn), scan
/// (SOS), Huffman (DHT), quantization (DQT) and restart interval (DRI) headers field by
/// field, scans entropy-coded data for the next marker with `memchr` (skipping stuffed
/// `FF 00` bytes, `FF` fill bytes and restart markers, which must count `RST0`…`RST7` in
/// order), allows any number of scans (progressive and multi-scan files), and ends at EOI.
/// Pixel data is never decoded, so a flipped bit inside entropy-coded data that creates no
/// marker goes unnoticed.
enum JPEGWalker {
    /// Walks from the SOI marker to just after the EOI marker.
    /// - Throws: ``WalkStop`` when the input ends early or the structure is inconsistent.
    static func walk(_ reader: inout ByteReader) throws(WalkStop) {
        reader.context = "the SOI marker"
        guard try reader.readByte() == 0xFF, try reader.readByte() == 0xD8 else {
            throw .corrupt(offset: 0, reason: "no SOI marker (FF D8)")
        }
        var sawFrame = false
        var sawScan = false
        while true {
            reader.context = "a marker"
            let markerOffset = reader.position
            let prefix = try reader.readByte()
            guard prefix == 0xFF else {
                throw .corrupt(offset: markerOffset, reason: "expected a marker (FF), found \(hexByte(prefix))")
            }
            var code = try reader.readByte()
            while code == 0xFF { code = try reader.readByte() }  // fill bytes, B.1.1.2
            switch code {
            case 0xD9:
                guard sawScan else {
                    throw .corrupt(offset: markerOffset, reason: "EOI marker before any scan (SOS)")
                }
                return
            case 0xD8:
                throw .corrupt(offset: markerOffset, reason: "a second SOI marker")
            case 0x00:
                throw .corrupt(offset: markerOffset, reason: "FF 00 outside entropy-coded data")
            case 0xD0...0xD7:
                throw .corrupt(
                    offset: markerOffset, reason: "restart marker \(hexByte(code)) outside entropy-coded data")
            case 0x01:
                continue  // TEM: a marker without a segment
            case 0x02...0xBF:
                throw .corrupt(offset: markerOffset, reason: "reserved marker FF \(hexByte(code))")
            default:
                break
            }
            reader.context = "a marker segment"
            let length = try reader.readBE16()
            guard length >= 2 else {
                throw .corrupt(
                    offset: markerOffset, reason: "marker FF \(hexByte(code)) has segment length \(length) (< 2)")
            }
            let payload = length - 2
            switch code {
            case 0xC0...0xCF where code != 0xC4 && code != 0xC8 && code != 0xCC:
                guard !sawFrame else {
                    throw .corrupt(offset: markerOffset, reason: "a second frame header (SOF \(hexByte(code)))")
                }
                try frameHeader(&reader, payload: payload, at: markerOffset)
                sawFrame = true
            case 0xDA:
                guard sawFrame else {
                    throw .corrupt(offset: markerOffset, reason: "scan (SOS) before any frame header (SOFn)")
                }
                try scanHeader(&reader, payload: payload, at: markerOffset)
                sawScan = true
                reader.context = "entropy-coded data"
                try scanEntropyCodedData(&reader)
            case 0xC4:
                try huffmanTables(&reader, payload: payload, at: markerOffset)
            case 0xDB:
                try quantizationTables(&reader, payload: payload, at: markerOffset)
            case 0xDD, 0xDC:
                guard payload == 2 else {
                    throw .corrupt(offset: markerOffset, reason: "DRI/DNL segment length \(length) (must be 4)")
                }
                try reader.skip(payload)
            default:
                try reader.skip(payload)
            }
        }
    }

    /// SOFn, B.2.2: precision, height, width, components (id, sampling factors 1–4, table 0–3).
    private static func frameHeader(_ reader: inout ByteReader, payload: Int, at offset: Int) throws(WalkStop) {
        reader.context = "a frame header (SOFn)"
        guard payload >= 6 else {
            throw .corrupt(offset: offset, reason: "frame header too short (\(payload) bytes)")
        }
        let precision = try reader.readByte()
        _ = try reader.readBE16()  // height; 0 means a DNL segment gives it
        let width = try reader.readBE16()
        let components = Int(try reader.readByte())
        guard (2...16).contains(precision) else {
            throw .corrupt(offset: offset, reason: "frame sample precision \(precision)")
        }
        guard width > 0, components >= 1, payload == 6 + 3 * components else {
            throw .corrupt(
                offset: offset, reason: "frame header: width \(width), \(components) components, length \(payload + 2)")
        }
        for _ in 0..<components {
            _ = try reader.readByte()
            let sampling = try reader.readByte()
            let table = try reader.readByte()
            guard (1...4).contains(sampling >> 4), (1...4).contains(sampling & 0x0F), table <= 3 else {
                throw .corrupt(
                    offset: offset, reason: "frame component sampling \(hexByte(sampling)) or table \(table)")
            }
        }
    }

    /// SOS, B.2.3: 1–4 components, each with a DC/AC table selector, then Ss, Se, Ah/Al.
    private static func scanHeader(_ reader: inout ByteReader, payload: Int, at offset: Int) throws(WalkStop) {
        reader.context = "a scan header (SOS)"
        let components = Int(try reader.readByte())
        guard (1...4).contains(components), payload == 4 + 2 * components else {
            throw .corrupt(offset: offset, reason: "scan header: \(components) components, length \(payload + 2)")
        }
        try reader.skip(payload - 1)
    }

    /// DHT, B.2.4.2: each table is Tc/Th, 16 code counts, then that many symbol values.
    private static func huffmanTables(_ reader: inout ByteReader, payload: Int, at offset: Int) throws(WalkStop) {
        reader.context = "a Huffman table (DHT)"
        var remaining = payload
        while remaining > 0 {
            guard remaining >= 17 else {
                throw .corrupt(offset: offset, reason: "Huffman table segment ends inside a table header")
            }
            let classAndId = try reader.readByte()
            guard classAndId >> 4 <= 1, classAndId & 0x0F <= 3 else {
                throw .corrupt(offset: offset, reason: "Huffman table class/id \(hexByte(classAndId))")
            }
            var symbols = 0
            for _ in 0..<16 { symbols += Int(try reader.readByte()) }
            remaining -= 17
            guard symbols <= 256, symbols <= remaining else {
                throw .corrupt(
                    offset: offset,
                    reason: "Huffman table holds \(symbols) symbols; \(remaining) bytes left in its segment")
            }
            try reader.skip(symbols)
            remaining -= symbols
        }
    }

    /// DQT, B.2.4.1: each table is Pq/Tq then 64 values of 1 (Pq 0) or 2 (Pq 1) bytes.
    private static func quantizationTables(_ reader: inout ByteReader, payload: Int, at offset: Int) throws(WalkStop) {
        reader.context = "a quantization table (DQT)"
        var remaining = payload
        guard remaining > 0 else { throw .corrupt(offset: offset, reason: "empty quantization table segment") }
        while remaining > 0 {
            let precisionAndId = try reader.readByte()
            guard precisionAndId >> 4 <= 1, precisionAndId & 0x0F <= 3 else {
                throw .corrupt(offset: offset, reason: "quantization table precision/id \(hexByte(precisionAndId))")
            }
            let size = 64 * (Int(precisionAndId >> 4) + 1)
            remaining -= 1
            guard size <= remaining else {
                throw .corrupt(
                    offset: offset, reason: "quantization table needs \(size) bytes; \(remaining) left in its segment")
            }
            try reader.skip(size)
            remaining -= size
        }
    }

    /// Moves past entropy-coded data to the `FF` of the next marker that is not a restart
    /// marker (B.1.1.5): `FF 00` is a stuffed data byte, `FF FF` a fill byte, `FF D0`–`FF D7`
    /// restart markers that must come in order modulo 8.
    private static func scanEntropyCodedData(_ reader: inout ByteReader) throws(WalkStop) {
        var expectedRestart: UInt8 = 0
        while true {
            guard try reader.advance(toNext: 0xFF) else { throw .endOfInput(offset: reader.position) }
            try reader.require(2)
            let next = reader.peek(1)
            switch next {
            case 0x00:
                try reader.skip(2)
            case 0xFF:
                try reader.skip(1)
            case 0xD0...0xD7:
                guard next == 0xD0 + expectedRestart else {
                    throw .corrupt(
                        offset: reader.position,
                        reason: "restart marker RST\(next - 0xD0) where RST\(expectedRestart) was due")
                }
                expectedRestart = (expectedRestart + 1) & 7
                try reader.skip(2)
            default:
                return
            }
        }
    }
}
