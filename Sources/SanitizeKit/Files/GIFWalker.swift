/// The structural walk of a GIF file (GIF87a, and GIF89a as W3C/CompuServe specify it).
///
/// It reads the header and the logical screen descriptor (§17–18), skips the global colour
/// table (§19), then walks blocks: image descriptors (§20) with their local colour table, LZW
/// minimum code size (2–8, §22) and data sub-blocks (§15); extensions (`21`, §23–26, the
/// graphic control extension with its fixed 4-byte block); and ends at the trailer `3B`
/// (§27). At least one image is required. LZW data is not decoded.
enum GIFWalker {
    private static let gif87a: [UInt8] = Array("GIF87a".utf8)
    private static let gif89a: [UInt8] = Array("GIF89a".utf8)

    /// Walks from the header to just after the trailer.
    /// - Throws: ``WalkStop`` when the input ends early or the structure is inconsistent.
    static func walk(_ reader: inout ByteReader) throws(WalkStop) {
        reader.context = "the GIF header"
        var isGIF = try reader.consume(gif87a)
        if !isGIF { isGIF = try reader.consume(gif89a) }
        guard isGIF else {
            throw .corrupt(offset: 0, reason: "no GIF87a/GIF89a header")
        }
        reader.context = "the logical screen descriptor"
        try reader.skip(4)  // width, height: 0 is tolerated by every decoder
        let screenFlags = try reader.readByte()
        try reader.skip(2)
        if screenFlags & 0x80 != 0 {
            reader.context = "the global colour table"
            try reader.skip(3 << ((Int(screenFlags) & 7) + 1))
        }
        var images = 0
        while true {
            let blockOffset = reader.position
            reader.context = "a block introducer"
            let introducer = try reader.readByte()
            switch introducer {
            case 0x2C:
                reader.context = "an image descriptor"
                try reader.skip(4)
                let width = try reader.readLE16()
                let height = try reader.readLE16()
                let flags = try reader.readByte()
                guard width > 0, height > 0 else {
                    throw .corrupt(offset: blockOffset, reason: "image descriptor of size \(width)x\(height)")
                }
                if flags & 0x80 != 0 {
                    reader.context = "a local colour table"
                    try reader.skip(3 << ((Int(flags) & 7) + 1))
                }
                reader.context = "image data"
                let codeSize = try reader.readByte()
                guard (2...8).contains(codeSize) else {
                    throw .corrupt(
                        offset: reader.position - 1, reason: "LZW minimum code size \(codeSize) (must be 2-8)")
                }
                try subBlocks(&reader)
                images += 1
            case 0x21:
                reader.context = "an extension"
                let label = try reader.readByte()
                if label == 0xF9 {
                    let size = try reader.readByte()
                    guard size == 4 else {
                        throw .corrupt(
                            offset: blockOffset, reason: "graphic control extension block size \(size) (must be 4)")
                    }
                    try reader.skip(4)
                    guard try reader.readByte() == 0 else {
                        throw .corrupt(offset: blockOffset, reason: "graphic control extension without its terminator")
                    }
                } else {
                    try subBlocks(&reader)
                }
            case 0x3B:
                guard images > 0 else { throw .corrupt(offset: blockOffset, reason: "trailer before any image") }
                return
            default:
                throw .corrupt(offset: blockOffset, reason: "unknown block introducer \(hexByte(introducer))")
            }
        }
    }

    /// Skips data sub-blocks (a size byte, that many bytes) through the zero-size terminator.
    private static func subBlocks(_ reader: inout ByteReader) throws(WalkStop) {
        while true {
            let size = try reader.readByte()
            if size == 0 { return }
            try reader.skip(Int(size))
        }
    }
}
