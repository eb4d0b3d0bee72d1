/// Writes minimal JSON: no insignificant whitespace, numbers exactly as written, strings with
/// only the escapes RFC 8259 §7 requires (quote, backslash, controls below U+0020).
package enum JSONWriter {
    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` escaped for the inside of a JSON string.
    /// - Returns: whether any escape was written.
    @discardableResult
    package static func appendEscaped(_ text: some Sequence<UInt8>, to out: inout [UInt8]) -> Bool {
        if let escaped = text.withContiguousStorageIfAvailable({ appendEscaped(UnsafeRawBufferPointer($0), to: &out) }) {
            return escaped
        }
        return Array(text).withUnsafeBytes { appendEscaped($0, to: &out) }
    }

    /// Appends a string's UTF-8 escaped for the inside of a JSON string, read in place (a
    /// native string's bytes are contiguous), with no generic dispatch for callers in other
    /// modules.
    /// - Returns: whether any escape was written.
    @discardableResult
    package static func appendEscaped(_ text: String, to out: inout [UInt8]) -> Bool {
        appendEscaped(text.utf8, to: &out)  // the generic one, specialized here for String.UTF8View
    }

    /// Appends a literal's UTF-8 bytes as they are (JSON punctuation and member names written
    /// by hand): one copy, without going through a `String`'s views.
    package static func appendLiteral(_ literal: StaticString, to out: inout [UInt8]) {
        literal.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends `value` in decimal, with no string built.
    package static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            appendDecimal(magnitude: value.magnitude, to: &out)
        } else {
            appendDecimal(magnitude: UInt(value), to: &out)
        }
    }

    private static func appendDecimal(magnitude value: UInt, to out: inout [UInt8]) {
        // The digits land in place, lowest first, and are then swapped into order (by index:
        // a slice's `reverse()` would hold the array's storage for the call).
        var low = out.count
        var rest = value
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        var high = out.count - 1
        while low < high {
            out.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// Appends contiguous bytes escaped. The runs that need no escape are found eight bytes at
    /// a time; bytes with nothing to escape (most) are one append, and otherwise the runs and
    /// the escapes are gathered in a buffer on the stack and appended a buffer at a time (an
    /// append per run and per escape cost most of a report line).
    private static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) -> Bool {
        let source = bytes.assumingMemoryBound(to: UInt8.self)
        let count = source.count
        var index = 0
        while count - index >= 8 {
            let flags = needsEscape(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if flags != 0 { break }
            index += 8
        }
        while index < count, source[index] >= 0x20 && source[index] != 0x22 && source[index] != 0x5C { index += 1 }
        guard index < count else {
            out.append(contentsOf: source)
            return false
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: escapeBufferSize) { buffer in
            let gathered = buffer.baseAddress!
            var gatheredCount = 0
            var runStart = 0
            /// Gathers the run before `index` (or appends it where it is, when long).
            @inline(__always)
            func gatherRun() {
                let run = index - runStart
                if gatheredCount + run + 6 > escapeBufferSize {
                    out.append(contentsOf: buffer.extracting(..<gatheredCount))
                    gatheredCount = 0
                    if run + 6 > escapeBufferSize {
                        out.append(contentsOf: source.extracting(runStart..<index))
                        return
                    }
                }
                (gathered + gatheredCount).initialize(from: source.baseAddress! + runStart, count: run)
                gatheredCount += run
            }
            while index < count {
                if count - index >= 8 {
                    let flags = needsEscape(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                    if flags == 0 {
                        index += 8
                        continue
                    }
                    index += flags.trailingZeroBitCount >> 3
                } else {
                    let byte = source[index]
                    if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                        index += 1
                        continue
                    }
                }
                // `index` is a quote, a backslash or a control character: the run before it,
                // then its escape (room for six bytes is left by `gatherRun`).
                gatherRun()
                let byte = source[index]
                gathered[gatheredCount] = 0x5C
                switch byte {
                case 0x22: gathered[gatheredCount + 1] = 0x22
                case 0x5C: gathered[gatheredCount + 1] = 0x5C
                case 0x0A: gathered[gatheredCount + 1] = 0x6E
                case 0x0D: gathered[gatheredCount + 1] = 0x72
                case 0x09: gathered[gatheredCount + 1] = 0x74
                case 0x08: gathered[gatheredCount + 1] = 0x62
                case 0x0C: gathered[gatheredCount + 1] = 0x66
                default:
                    gathered[gatheredCount + 1] = 0x75
                    gathered[gatheredCount + 2] = 0x30
                    gathered[gatheredCount + 3] = 0x30
                    gathered[gatheredCount + 4] = hexDigits[Int(byte >> 4)]
                    gathered[gatheredCount + 5] = hexDigits[Int(byte & 15)]
                    gatheredCount += 4
                }
                gatheredCount += 2
                index += 1
                runStart = index
            }
            gatherRun()
            out.append(contentsOf: buffer.extracting(..<gatheredCount))
        }
        return true
    }

    /// The size of ``appendEscaped(_:to:)``'s buffer on the stack.
    private static let escapeBufferSize = 512

    /// The high bit of each byte of `word` that is a quote, a backslash or a control character
    /// (SWAR: a test per lane, no branch per byte). A borrow may flag a lane above a true one,
    /// never below, so the lowest flag is always the first byte to escape.
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word))
            & (ones &* 0x80)
    }

}

extension JSONDocument {
    /// Appends the document (or one subtree) as minimal JSON.
    ///
    /// Whitespace between tokens is dropped; numbers keep their text; strings keep their
    /// escapes as written, and replaced strings are written with minimal escaping.
    /// - Parameters:
    ///   - out: the buffer to append to.
    ///   - node: the subtree to write (default: the whole document).
    package func write(to out: inout [UInt8], node: Int = 0) {
        assert(!isPartial, "a partly parsed document is never written: parse the whole text first")
        guard node < nodes.count else { return }
        // A text parsed without whitespace and with no string replaced since is already the
        // minimal form: one copy.
        if node == root, isMinimalText {
            out.append(contentsOf: storage)
            return
        }
        storage.withUnsafeBytes { raw in
            // Iterative: an explicit stack of open containers, so depth never uses the call stack.
            var open: [(end: Int, isObject: Bool, expectKey: Bool, first: Bool)] = []
            var index = node
            let stop = Int(nodes[node].next)
            while index < stop {
                while let last = open.last, index >= last.end {
                    out.append(last.isObject ? 0x7D : 0x5D)
                    open.removeLast()
                }
                let n = nodes[index]
                var isKey = false
                if !open.isEmpty {
                    let top = open.count - 1
                    if open[top].isObject {
                        isKey = open[top].expectKey
                        open[top].expectKey = !isKey
                    }
                    if !open[top].first && !(open[top].isObject && !isKey) { out.append(0x2C) }
                    open[top].first = false
                }
                if n.kind == .object || n.kind == .array {
                    out.append(n.kind == .object ? 0x7B : 0x5B)
                    open.append((Int(n.next), n.kind == .object, true, true))
                } else {
                    // A scalar's text as it is kept: a string's without its quotes.
                    let quoted = n.kind == .string
                    if quoted { out.append(0x22) }
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[Int(n.start)..<Int(n.end)]))
                    if quoted { out.append(0x22) }
                }
                if isKey { out.append(0x3A) }
                index += 1
            }
            while let last = open.popLast() { out.append(last.isObject ? 0x7D : 0x5D) }
        }
    }

    /// The document (or one subtree) as minimal JSON bytes.
    /// - Parameter node: the subtree to write (default: the whole document).
    /// - Returns: the bytes.
    package func serialized(node: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out, node: node)
        return out
    }
}
