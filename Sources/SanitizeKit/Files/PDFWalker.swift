/// The structural check of a PDF file (ISO 32000-2 §7.5.2 header, §7.5.5 trailer).
///
/// It requires the header `%PDF-d.d` at byte 0, scans the whole file for `%%EOF` markers
/// (with `memchr` for `%`), and requires the last one to follow `startxref`, white space and
/// a cross-reference offset smaller than the marker's own position. After the last `%%EOF`
/// only PDF white space (NUL, tab, LF, FF, CR, space) may follow; anything else is trailing
/// data. A file updated incrementally (§7.5.6) has one `%%EOF` per revision: only the last
/// counts, so an update appended and cut short before its own `%%EOF` is reported as
/// trailing data after the previous revision. A whole second PDF appended to a PDF is not
/// told from an incremental update (Pillow even repeats the `%PDF-` header in its updates):
/// that would take reading the trailers' `/Prev` links. Objects and streams are not parsed, so a
/// flipped byte inside the body goes unnoticed.
enum PDFWalker {
    private static let header: [UInt8] = Array("%PDF-".utf8)
    private static let startxref: [UInt8] = Array("startxref".utf8)

    /// Walks the header and the whole file to the end of input.
    /// - Throws: ``WalkStop``: ``WalkStop/endOfInput(offset:)`` when no `%%EOF` was found,
    ///   ``WalkStop/trailingData(offset:)`` when non-white-space bytes follow the last one.
    static func walk(_ reader: inout ByteReader) throws(WalkStop) {
        reader.context = "the PDF header"
        guard try reader.consume(header) else { throw .corrupt(offset: 0, reason: "no %PDF- header") }
        try reader.require(3)
        guard isDigit(reader.peek(0)), reader.peek(1) == UInt8(ascii: "."), isDigit(reader.peek(2)) else {
            throw .corrupt(offset: 5, reason: "PDF header has no version digit.digit")
        }
        reader.context = "the %%EOF end marker"
        var lastMarker: Int?
        var lastMarkerHasStartxref = false
        var trailingFrom: Int?
        scan: while try reader.advance(toNext: UInt8(ascii: "%")) {
            let percent = reader.position
            do { try reader.require(5) } catch .endOfInput { break scan }
            guard reader.peek(1) == 0x25, reader.peek(2) == 0x45, reader.peek(3) == 0x4F, reader.peek(4) == 0x46 else {
                try reader.skip(1)
                continue
            }
            lastMarker = percent
            lastMarkerHasStartxref = precededByStartxref(
                reader.bytesBefore(ByteReader.lookBehind), markerOffset: percent)
            trailingFrom = nil
            try reader.skip(5)
            while true {
                do { try reader.require(1) } catch .endOfInput { break scan }
                guard isWhiteSpace(reader.peek(0)) else { break }
                try reader.skip(1)
            }
            trailingFrom = reader.position
        }
        if try reader.continuesPastLimit() { throw .endOfInput(offset: reader.position) }
        guard let lastMarker else { throw .endOfInput(offset: reader.position) }
        guard lastMarkerHasStartxref else {
            throw .corrupt(
                offset: lastMarker, reason: "the last %%EOF does not follow startxref and a cross-reference offset")
        }
        if let trailingFrom { throw .trailingData(offset: trailingFrom) }
    }

    /// Whether `before` ends with `startxref`, white space, digits (a value below
    /// `markerOffset`) and white space.
    private static func precededByStartxref(_ before: UnsafeRawBufferPointer, markerOffset: Int) -> Bool {
        var index = before.count
        while index > 0, isWhiteSpace(before[index - 1]) { index -= 1 }
        let digitsEnd = index
        while index > 0, isDigit(before[index - 1]) { index -= 1 }
        guard index < digitsEnd, digitsEnd - index <= 18 else { return false }
        var value = 0
        for position in index..<digitsEnd { value = value * 10 + Int(before[position] - 0x30) }
        guard value < markerOffset else { return false }
        let spaceEnd = index
        while index > 0, isWhiteSpace(before[index - 1]) { index -= 1 }
        guard index < spaceEnd, index >= startxref.count else { return false }
        for (offset, byte) in startxref.enumerated() where before[index - startxref.count + offset] != byte {
            return false
        }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// PDF white space, ISO 32000-2 §7.2.3, Table 1.
    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }
}
