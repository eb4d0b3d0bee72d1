/// The structural walk of a WebP file (RFC 9649, "WebP Image Format", §2.4–2.7).
///
/// It checks the RIFF header (`RIFF`, the file size, `WEBP`), walks every chunk (FourCC,
/// little-endian size, payload, a pad byte when the size is odd) up to exactly the end the
/// RIFF size declares, and checks the layout: a simple lossy file (`VP8 ` with its key-frame
/// start code `9D 01 2A`), a simple lossless file (`VP8L` with signature `2F`), or an
/// extended file (`VP8X` first, its flags matching what follows: `ANIM` and `ANMF` frames
/// for an animation, whose own sub-chunks are walked too, else one image chunk). Bytes
/// after the RIFF end are trailing data. Compressed data is not decoded.
enum WebPWalker {
    private static let riff: [UInt8] = Array("RIFF".utf8)
    private static let webp: [UInt8] = Array("WEBP".utf8)
    private static let vp8 = 0x5650_3820
    private static let vp8l = 0x5650_384C
    private static let vp8x = 0x5650_3858
    private static let anim = 0x414E_494D
    private static let anmf = 0x414E_4D46

    /// Walks from `RIFF` to the end the RIFF size declares.
    /// - Throws: ``WalkStop`` when the input ends early or the structure is inconsistent.
    static func walk(_ reader: inout ByteReader) throws(WalkStop) {
        reader.context = "the RIFF header"
        guard try reader.consume(riff) else { throw .corrupt(offset: 0, reason: "no RIFF header") }
        let riffSize = try reader.readLE32()
        guard try reader.consume(webp) else { throw .corrupt(offset: 8, reason: "RIFF form type is not WEBP") }
        guard riffSize >= 12, riffSize % 2 == 0 else {
            throw .corrupt(offset: 4, reason: "RIFF size \(riffSize) (must be even and hold a chunk)")
        }
        let end = 8 + riffSize
        let firstOffset = reader.position
        let first = try chunkHeader(&reader, end: end)
        switch first.fourCC {
        case vp8:
            try lossyBitstream(&reader, size: first.size, at: firstOffset)
        case vp8l:
            try losslessBitstream(&reader, size: first.size, at: firstOffset)
        case vp8x:
            try extended(&reader, size: first.size, end: end, at: firstOffset)
        default:
            throw .corrupt(offset: firstOffset, reason: "first chunk is \(fourCC(first.fourCC)), not VP8, VP8L or VP8X")
        }
        reader.context = "the rest of the RIFF"
        // Simple formats hold one chunk; unknown chunks after it are allowed and skipped.
        while reader.position < end {
            let chunk = try chunkHeader(&reader, end: end)
            try skipPayload(&reader, size: chunk.size)
        }
    }

    /// Reads a chunk header and checks that the padded chunk fits before `end`.
    private static func chunkHeader(_ reader: inout ByteReader, end: Int) throws(WalkStop) -> (fourCC: Int, size: Int) {
        let offset = reader.position
        reader.context = "a chunk header"
        guard end - offset >= 8 else {
            try reader.skip(end - offset)  // bytes the RIFF size promises but the input lacks: truncated
            throw .corrupt(
                offset: offset, reason: "\(end - offset) bytes left before the RIFF end: no room for a chunk header")
        }
        let code = try reader.readBE32()
        let size = try reader.readLE32()
        guard size + (size & 1) <= end - reader.position else {
            throw .corrupt(offset: offset, reason: "chunk \(fourCC(code)) of \(size) bytes overruns the RIFF end")
        }
        return (code, size)
    }

    private static func skipPayload(_ reader: inout ByteReader, size: Int) throws(WalkStop) {
        reader.context = "chunk data"
        try reader.skip(size + (size & 1))
    }

    /// `VP8 `: frame tag (key frame, show frame), start code `9D 01 2A`, 14-bit sizes (RFC 6386 §9.1).
    private static func lossyBitstream(_ reader: inout ByteReader, size: Int, at offset: Int) throws(WalkStop) {
        reader.context = "a VP8 frame header"
        guard size >= 10 else { throw .corrupt(offset: offset, reason: "VP8 chunk of \(size) bytes") }
        try reader.require(10)
        guard reader.peek(0) & 1 == 0, reader.peek(3) == 0x9D, reader.peek(4) == 0x01, reader.peek(5) == 0x2A else {
            throw .corrupt(offset: offset, reason: "VP8 data is not a key frame with start code 9D 01 2A")
        }
        let width = (Int(reader.peek(6)) | Int(reader.peek(7)) << 8) & 0x3FFF
        let height = (Int(reader.peek(8)) | Int(reader.peek(9)) << 8) & 0x3FFF
        guard width > 0, height > 0 else { throw .corrupt(offset: offset, reason: "VP8 frame size \(width)x\(height)") }
        try skipPayload(&reader, size: size)
    }

    /// `VP8L`: signature `2F` and version 0 (WebP lossless bitstream, RFC 9649 §3.2).
    private static func losslessBitstream(_ reader: inout ByteReader, size: Int, at offset: Int) throws(WalkStop) {
        reader.context = "a VP8L header"
        guard size >= 5 else { throw .corrupt(offset: offset, reason: "VP8L chunk of \(size) bytes") }
        try reader.require(5)
        guard reader.peek(0) == 0x2F, reader.peek(4) >> 5 == 0 else {
            throw .corrupt(offset: offset, reason: "VP8L signature is not 2F or version is not 0")
        }
        try skipPayload(&reader, size: size)
    }

    /// `VP8X` and the chunks it announces (RFC 9649 §2.7).
    private static func extended(_ reader: inout ByteReader, size: Int, end: Int, at offset: Int) throws(WalkStop) {
        reader.context = "the VP8X chunk"
        guard size == 10 else { throw .corrupt(offset: offset, reason: "VP8X chunk of \(size) bytes (must be 10)") }
        let flags = try reader.readByte()
        try reader.skip(9)
        let animated = flags & 0x02 != 0
        var sawAnimation = false
        var frames = 0
        var images = 0
        while reader.position < end {
            let chunkOffset = reader.position
            let chunk = try chunkHeader(&reader, end: end)
            switch chunk.fourCC {
            case vp8x:
                throw .corrupt(offset: chunkOffset, reason: "a second VP8X chunk")
            case anim:
                guard animated, chunk.size == 6 else {
                    throw .corrupt(
                        offset: chunkOffset,
                        reason: "ANIM chunk in a file whose VP8X says no animation, or of size \(chunk.size)")
                }
                sawAnimation = true
                try skipPayload(&reader, size: chunk.size)
            case anmf:
                guard animated, sawAnimation else {
                    throw .corrupt(offset: chunkOffset, reason: "ANMF frame without VP8X animation flag and ANIM chunk")
                }
                try frame(&reader, size: chunk.size, at: chunkOffset)
                frames += 1
            case vp8:
                guard !animated else {
                    throw .corrupt(offset: chunkOffset, reason: "VP8 chunk outside ANMF in an animation")
                }
                try lossyBitstream(&reader, size: chunk.size, at: chunkOffset)
                images += 1
            case vp8l:
                guard !animated else {
                    throw .corrupt(offset: chunkOffset, reason: "VP8L chunk outside ANMF in an animation")
                }
                try losslessBitstream(&reader, size: chunk.size, at: chunkOffset)
                images += 1
            default:
                try skipPayload(&reader, size: chunk.size)  // ICCP, ALPH, EXIF, XMP, unknown chunks
            }
        }
        if animated {
            guard frames > 0 else { throw .corrupt(offset: offset, reason: "animated WebP without any ANMF frame") }
        } else {
            guard images == 1 else {
                throw .corrupt(offset: offset, reason: "extended WebP with \(images) image chunks (must be 1)")
            }
        }
    }

    /// `ANMF`: a 16-byte frame header, then sub-chunks (ALPH, VP8, VP8L, unknown) filling the payload.
    private static func frame(_ reader: inout ByteReader, size: Int, at offset: Int) throws(WalkStop) {
        reader.context = "an ANMF frame"
        guard size >= 16 + 8 else { throw .corrupt(offset: offset, reason: "ANMF frame of \(size) bytes") }
        try reader.skip(16)
        let frameEnd = reader.position + size - 16
        var images = 0
        while reader.position < frameEnd {
            let chunkOffset = reader.position
            let chunk = try chunkHeader(&reader, end: frameEnd)
            switch chunk.fourCC {
            case vp8:
                try lossyBitstream(&reader, size: chunk.size, at: chunkOffset)
                images += 1
            case vp8l:
                try losslessBitstream(&reader, size: chunk.size, at: chunkOffset)
                images += 1
            default:  // ALPH, unknown chunks
                try skipPayload(&reader, size: chunk.size)
            }
        }
        guard images == 1 else {
            throw .corrupt(offset: offset, reason: "ANMF frame with \(images) image chunks (must be 1)")
        }
        if size & 1 == 1 { try reader.skip(1) }
    }
}
