/// A strict RFC 8259 parser from bytes to a flat node array.
///
/// One pass over the bytes checks the grammar and UTF-8 (RFC 3629) together. It is iterative
/// (the open containers form a stack linked through their nodes), so nesting depth is bounded by
/// ``JSONLimits/maxDepth`` and never by the thread's stack. Rejected: invalid UTF-8, unpaired
/// surrogate escapes, control characters in strings, leading zeros, trailing commas, trailing
/// garbage, and (by default) duplicate keys.
struct JSONParser {
    let base: UnsafePointer<UInt8>
    let length: Int
    let limits: JSONLimits
    var position = 0
    var nodes: [JSONNode]
    /// Whether any whitespace was skipped: without it, the text is already minimal JSON.
    var sawWhitespace = false
    /// Objects and arrays to step over, as pairs of byte offsets `[start, end)`: each becomes
    /// one node with no children, marked ``JSONNode/Flags/unread`` (see
    /// ``JSONDocument/reparse(_:limits:skipping:namesComparedOutside:)``). Empty for a whole parse.
    var skippable: [UInt32] = []
    /// When set, the member names of an object were compared already unless it starts inside
    /// one of these spans two bytes or longer (pairs of byte offsets `[start, end)`, a locating
    /// shape scan's faults: ``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``), and only those
    /// objects are checked for duplicate keys. `nil` for a whole parse: every object is.
    var namesComparedOutside: [UInt32]?

    init(bytes: UnsafeRawBufferPointer, limits: JSONLimits, reuse: [JSONNode]) {
        // An empty buffer may have a nil base; point at a static byte instead.
        self.base = bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? JSONParser.emptyBase
        self.length = bytes.count
        self.limits = limits
        // Emptied by `parse()`, which keeps the capacity.
        self.nodes = reuse
    }

    nonisolated(unsafe) static let emptyBase: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    // MARK: errors

    func fail(_ code: SanitizeError.Code, _ reason: String, at offset: Int) -> SanitizeError {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, length)
        while index < end {
            if base[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return SanitizeError(
            code, reason, at: .init(line: line, column: offset - lineStart + 1, byteOffset: offset))
    }

    func describe(_ offset: Int) -> String {
        guard offset < length else { return "end of input" }
        let byte = base[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    // MARK: driver

    @inline(__always)
    mutating func skipWhitespace() {
        while position < length {
            let byte = base[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
            sawWhitespace = true
        }
    }

    /// Parses the whole input into `nodes`.
    ///
    /// The nodes are written through an output span over slots reserved up front, so that a
    /// node costs no uniqueness or capacity check of the array: every node takes at least one
    /// byte of the text, so `length + 1` slots always suffice, a valid text needs at most one per
    /// two bytes and most need one per six or more. A text that fills the slots reserved is
    /// parsed again with twice as many (a valid one at most once more, unless it is larger than
    /// ``initialSlotLimit`` slots could hold).
    mutating func parse() throws(SanitizeError) {
        guard length <= limits.maxBytes else {
            throw SanitizeError(.limitExceeded, "JSON document of \(length) bytes is over the limit of \(limits.maxBytes)")
        }
        var reserved = min(length + 1, max(nodes.capacity, min(length / 4, Self.initialSlotLimit) + 16))
        while true {
            var storage: [JSONNode] = []
            swap(&storage, &nodes)
            storage.removeAll(keepingCapacity: true)
            position = 0
            sawWhitespace = false
            var complete = false
            do {
                try storage.append(addingCapacity: reserved) { (out: inout OutputSpan<JSONNode>) throws(SanitizeError) in
                    complete = try parseText(into: &out)
                }
            } catch {
                nodes = storage
                throw error
            }
            nodes = storage
            if complete { return }
            reserved = min(length + 1, reserved * 2)
        }
    }

    /// The most node slots reserved for a text's first parse (80 MB of nodes) when the document
    /// holds fewer: a text of a few long strings does not reserve a quarter of its length in
    /// nodes; a larger one that needs more is parsed again with twice as many each time.
    static let initialSlotLimit = 1 << 22

    /// Parses the text into `out`, one loop for every value (never recursion): the open
    /// containers form a stack linked through their nodes, each open container's `next` field
    /// (set only when it closes) holding its parent's index + 1 meanwhile.
    /// - Returns: `false` when `out` filled up before the end (nothing is thrown then: the
    ///   caller parses again with more room).
    private mutating func parseText(into out: inout OutputSpan<JSONNode>) throws(SanitizeError) -> Bool {
        // Positions and node indices fit in the nodes' 32-bit fields: the text is at most
        // `UInt32.max - 1` bytes (``JSONLimits/maxBytes``) and has at most one node per byte.
        var innermost = -1
        var depth = 0
        // Whether a member's key and `:` come first (in an object, after `{` or `,`): written
        // here once, in the loop, so that the string scan is inlined at its two places only.
        var keyNext = false
        skipWhitespace()
        value: while true {
            if keyNext {
                keyNext = false
                guard position < length, base[position] == 0x22 else {
                    throw fail(.jsonSyntax, "expected a string key but found \(describe(position))", at: position)
                }
                if out.isFull { return false }
                try parseString(into: &out)
                skipWhitespace()
                guard position < length, base[position] == 0x3A else {
                    throw fail(.jsonSyntax, "expected ':' after an object key but found \(describe(position))", at: position)
                }
                position += 1
                skipWhitespace()
            }
            // A value, its leading whitespace skipped.
            guard position < length else { throw fail(.jsonSyntax, "expected a value but found end of input", at: position) }
            if out.isFull { return false }
            let byte = base[position]
            if byte == 0x22 {
                try parseString(into: &out)
            } else if byte == 0x7B || byte == 0x5B {  // { [
                let isObject = byte == 0x7B
                if !skippable.isEmpty, let end = skippableEnd(at: position) {
                    out.append(
                        JSONNode(
                            kind: isObject ? .object : .array, flags: JSONNode.Flags.unread, start: UInt32(truncatingIfNeeded: position),
                            end: UInt32(truncatingIfNeeded: end), count: 0, next: UInt32(truncatingIfNeeded: out.count + 1)))
                    position = end
                } else {
                    if depth >= limits.maxDepth {
                        throw fail(.jsonTooDeep, "nesting is deeper than the limit of \(limits.maxDepth)", at: position)
                    }
                    let index = out.count
                    out.append(
                        JSONNode(
                            kind: isObject ? .object : .array, flags: 0, start: UInt32(truncatingIfNeeded: position), end: 0, count: 0,
                            next: 0))
                    position += 1
                    skipWhitespace()
                    if position < length && base[position] == (isObject ? 0x7D : 0x5D) {
                        // Empty: closed at once (no keys to compare).
                        position += 1
                        out[index].end = UInt32(truncatingIfNeeded: position)
                        out[index].next = UInt32(truncatingIfNeeded: out.count)
                    } else {
                        out[index].next = UInt32(truncatingIfNeeded: innermost + 1)
                        innermost = index
                        depth += 1
                        out[index].count = 1
                        keyNext = isObject
                        continue value
                    }
                }
            } else if byte == 0x2D || byte &- 0x30 < 10 {
                try parseNumber(into: &out)
            } else if byte == 0x74 {
                try parseLiteral("true", kind: .bool, flags: JSONNode.Flags.isTrue, into: &out)
            } else if byte == 0x66 {
                try parseLiteral("false", kind: .bool, flags: 0, into: &out)
            } else if byte == 0x6E {
                try parseLiteral("null", kind: .null, flags: 0, into: &out)
            } else {
                throw fail(.jsonSyntax, "expected a value but found \(describe(position))", at: position)
            }
            // After a value: close containers or continue them.
            while innermost >= 0 {
                skipWhitespace()
                let isObject = out[innermost].kind == .object
                guard position < length else {
                    throw fail(.jsonSyntax, "unexpected end of input inside \(isObject ? "an object" : "an array")", at: position)
                }
                let byte = base[position]
                if byte == 0x2C {  // ,
                    position += 1
                    skipWhitespace()
                    out[innermost].count += 1
                    keyNext = isObject
                    continue value
                }
                guard byte == (isObject ? 0x7D : 0x5D) else {
                    throw fail(.jsonSyntax, "expected ',' or '\(isObject ? "}" : "]")' but found \(describe(position))", at: position)
                }
                position += 1
                let closing = innermost
                innermost = Int(out[closing].next) - 1
                depth -= 1
                out[closing].end = UInt32(truncatingIfNeeded: position)
                out[closing].next = UInt32(truncatingIfNeeded: out.count)
                if isObject && limits.duplicateKeys == .reject && out[closing].count > 1 && namesUncompared(at: out[closing].start) {
                    try checkDuplicateKeys(closing, in: out.span)
                }
            }
            break
        }
        skipWhitespace()
        if position < length {
            throw fail(.jsonSyntax, "unexpected \(describe(position)) after the JSON value", at: position)
        }
        return true
    }

    /// Whether the member names of the object that opens at `start` were not compared before
    /// the parse (``namesComparedOutside``).
    private func namesUncompared(at start: UInt32) -> Bool {
        guard let spans = namesComparedOutside else { return true }
        var index = 0
        while index < spans.count {
            if spans[index] <= start && start < spans[index + 1] && spans[index + 1] - spans[index] >= 2 { return true }
            index += 2
        }
        return false
    }

    /// The end of the skippable object or array that opens at `start`, if it is one.
    private func skippableEnd(at start: Int) -> Int? {
        var index = 0
        while index < skippable.count {
            if Int(skippable[index]) == start { return Int(skippable[index + 1]) }
            index += 2
        }
        return nil
    }

    @inline(__always)
    private mutating func parseLiteral(
        _ word: StaticString, kind: JSONKind, flags: UInt8, into out: inout OutputSpan<JSONNode>
    ) throws(SanitizeError) {
        let count = word.utf8CodeUnitCount
        let start = position
        guard length - position >= count else { throw fail(.jsonSyntax, "invalid literal", at: position) }
        let text = word.utf8Start
        for offset in 0..<count where base[position + offset] != text[offset] {
            throw fail(.jsonSyntax, "invalid literal, expected \(word)", at: position + offset)
        }
        position += count
        out.append(
            JSONNode(
                kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: position), count: 0,
                next: UInt32(truncatingIfNeeded: out.count + 1)))
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
    @inline(__always)
    private mutating func parseNumber(into out: inout OutputSpan<JSONNode>) throws(SanitizeError) {
        let start = position
        var integer = true
        if base[position] == 0x2D { position += 1 }
        guard position < length, isDigit(base[position]) else {
            throw fail(.jsonSyntax, "a number needs a digit here, found \(describe(position))", at: position)
        }
        if base[position] == 0x30 {
            position += 1
            if position < length, isDigit(base[position]) {
                throw fail(.jsonSyntax, "a number must not have a leading zero", at: position - 1)
            }
        } else {
            while position < length, isDigit(base[position]) { position += 1 }
        }
        if position < length, base[position] == 0x2E {
            integer = false
            position += 1
            guard position < length, isDigit(base[position]) else {
                throw fail(.jsonSyntax, "a digit must follow the decimal point", at: position)
            }
            while position < length, isDigit(base[position]) { position += 1 }
        }
        if position < length, base[position] | 0x20 == 0x65 {
            integer = false
            position += 1
            if position < length, base[position] == 0x2B || base[position] == 0x2D { position += 1 }
            guard position < length, isDigit(base[position]) else {
                throw fail(.jsonSyntax, "a digit must follow the exponent marker", at: position)
            }
            while position < length, isDigit(base[position]) { position += 1 }
        }
        out.append(
            JSONNode(
                kind: .number, flags: integer ? JSONNode.Flags.integer : 0, start: UInt32(truncatingIfNeeded: start),
                end: UInt32(truncatingIfNeeded: position), count: 0, next: UInt32(truncatingIfNeeded: out.count + 1)))
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// RFC 8259 §7 strings, with UTF-8 checked per RFC 3629 §4 (no overlongs, no surrogates,
    /// nothing above U+10FFFF). Escaped surrogates must pair (policy: reject lone ones).
    @inline(__always)
    private mutating func parseString(into out: inout OutputSpan<JSONNode>) throws(SanitizeError) {
        position += 1  // opening quote
        let start = position
        var flags = JSONNode.Flags.ascii
        while true {
            // Fast path: eight bytes at a time while none is a quote, a backslash, a control
            // character or non-ASCII (SWAR: a byte test per lane, no branches per byte). In
            // the word that holds one, the lowest flagged lane is exactly the first such byte
            // (a borrow can flag lanes above a true one, never below), so the scan lands on it.
            var found = false
            while length - position >= 8 {
                let word = ASCIIWord.load(base, position)
                let ones = ASCIIWord.ones
                let highs = ASCIIWord.highBits
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special =
                    (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word) | word)
                    & highs
                if special != 0 {
                    position += special.trailingZeroBitCount >> 3
                    found = true
                    break
                }
                position += 8
            }
            // Near the end of the input, byte by byte: plain printable ASCII.
            while !found && position < length {
                let byte = base[position]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte >= 0x80 { break }
                position += 1
            }
            guard position < length else { throw fail(.jsonSyntax, "unterminated string", at: start - 1) }
            let byte = base[position]
            if byte == 0x22 { break }
            if byte == 0x5C {
                flags |= JSONNode.Flags.escaped
                try parseEscape()
            } else if byte < 0x20 {
                throw fail(.jsonSyntax, "control character 0x\(String(byte, radix: 16)) must be escaped in a string", at: position)
            } else {
                flags &= ~JSONNode.Flags.ascii
                try skipUTF8Sequence()
            }
        }
        out.append(
            JSONNode(
                kind: .string, flags: flags, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: position), count: 0,
                next: UInt32(truncatingIfNeeded: out.count + 1)))
        position += 1  // closing quote
    }

    mutating func parseEscape() throws(SanitizeError) {
        let at = position
        position += 1
        guard position < length else { throw fail(.jsonSyntax, "unterminated escape", at: at) }
        switch base[position] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
            position += 1
        case 0x75:
            position += 1
            let unit = try hex4()
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard length - position >= 6, base[position] == 0x5C, base[position + 1] == 0x75 else {
                    throw fail(.jsonLoneSurrogate, "\\u\(String(unit, radix: 16)) is a high surrogate without a low surrogate", at: at)
                }
                position += 2
                let low = try hex4()
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw fail(.jsonLoneSurrogate, "\\u\(String(unit, radix: 16)) is a high surrogate without a low surrogate", at: at)
                }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw fail(.jsonLoneSurrogate, "\\u\(String(unit, radix: 16)) is a low surrogate without a high surrogate", at: at)
            }
        default:
            throw fail(.jsonSyntax, "invalid escape \\\(describe(position))", at: at)
        }
    }

    mutating func hex4() throws(SanitizeError) -> UInt32 {
        guard length - position >= 4 else { throw fail(.jsonSyntax, "\\u needs four hex digits", at: position) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONParser.hexValue(base[position]) else {
                throw fail(.jsonSyntax, "\\u needs four hex digits", at: position)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    mutating func skipUTF8Sequence() throws(SanitizeError) {
        let first = base[position]
        var need = 0
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch first {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: need = 2
        case 0xED: need = 2; high = 0x9F
        case 0xF0: need = 3; low = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; high = 0x8F
        default: throw fail(.invalidUTF8, "invalid UTF-8 lead byte 0x\(String(first, radix: 16, uppercase: true))", at: position)
        }
        guard length - position > need else { throw fail(.invalidUTF8, "truncated UTF-8 sequence", at: position) }
        let second = base[position + 1]
        guard second >= low && second <= high else { throw fail(.invalidUTF8, "invalid UTF-8 sequence", at: position) }
        var offset = 2
        while offset <= need {
            guard base[position + offset] & 0xC0 == 0x80 else { throw fail(.invalidUTF8, "invalid UTF-8 sequence", at: position) }
            offset += 1
        }
        position += need + 1
    }

    // MARK: duplicate keys

    /// Rejects an object that repeats a key (compared after unescaping).
    func checkDuplicateKeys(_ object: Int, in nodes: Span<JSONNode>) throws(SanitizeError) {
        let count = nodes[object].count
        // Up to four keys (six pairs) the pairs are compared at once: lengths mostly differ.
        if count > 4 && count <= 16 && distinctByFingerprint(object, in: nodes) { return }
        if count <= 16 {
            // Small objects: compare keys pairwise, length first; no hashing, no allocation.
            var first = object + 1
            let end = Int(nodes[object].next)
            while first < end {
                var second = Int(nodes[first + 1].next)
                while second < end {
                    let a = nodes[first]
                    let b = nodes[second]
                    let escaped = (a.flags | b.flags) & JSONNode.Flags.escaped != 0
                    if escaped || a.end - a.start == b.end - b.start, keyEqual(first, second, in: nodes) {
                        throw duplicate(second, in: nodes)
                    }
                    second = Int(nodes[second + 1].next)
                }
                first = Int(nodes[first + 1].next)
            }
            return
        }
        var keys: [(hash: UInt64, node: Int)] = []
        keys.reserveCapacity(Int(nodes[object].count))
        var child = object + 1
        let end = Int(nodes[object].next)
        while child < end {
            keys.append((hashKey(child, in: nodes), child))
            child = Int(nodes[child + 1].next)
        }
        if keys.count <= 8 {
            for i in 1..<keys.count {
                for j in 0..<i where keys[i].hash == keys[j].hash && keyEqual(keys[i].node, keys[j].node, in: nodes) {
                    throw duplicate(keys[i].node, in: nodes)
                }
            }
            return
        }
        keys.sort { $0.hash < $1.hash }
        for i in 1..<keys.count where keys[i].hash == keys[i - 1].hash && keyEqual(keys[i].node, keys[i - 1].node, in: nodes) {
            throw duplicate(max(keys[i].node, keys[i - 1].node), in: nodes)
        }
    }

    /// A quick proof that a small object's keys are distinct: each unescaped key gets an
    /// 8-bit fingerprint (of its length and first and last bytes) in a 256-bit set; when no two
    /// keys share a fingerprint, no two keys are equal. `false` (a shared fingerprint or an
    /// escaped key) only means "compare them exactly".
    func distinctByFingerprint(_ object: Int, in nodes: Span<JSONNode>) -> Bool {
        var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var child = object + 1
        let end = Int(nodes[object].next)
        while child < end {
            let key = nodes[child]
            if key.flags & JSONNode.Flags.escaped != 0 { return false }
            let length = Int(key.end - key.start)
            var mix = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
            if length > 0 {
                let start = base + Int(key.start)
                mix ^= UInt64(start[0]) &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(start[length - 1]) &* 0x94D0_49BB_1331_11EB
                mix ^= UInt64(start[length / 2]) << 17
            }
            let fingerprint = (mix ^ (mix >> 29) ^ (mix >> 47)) & 0xFF
            let bit: UInt64 = 1 << (fingerprint & 63)
            // The bit goes into one of the four words, chosen without a branch (the word is as
            // good as random, so a switch on it is a branch no predictor learns).
            let word = fingerprint >> 6
            let bits = (word == 0 ? bit : 0, word == 1 ? bit : 0, word == 2 ? bit : 0, word == 3 ? bit : 0)
            if (seen.0 & bits.0) | (seen.1 & bits.1) | (seen.2 & bits.2) | (seen.3 & bits.3) != 0 { return false }
            seen = (seen.0 | bits.0, seen.1 | bits.1, seen.2 | bits.2, seen.3 | bits.3)
            child = Int(nodes[child + 1].next)
        }
        return true
    }

    func duplicate(_ node: Int, in nodes: Span<JSONNode>) -> SanitizeError {
        let text = JSONDocument.decodeString(UnsafeRawBufferPointer(start: base + Int(nodes[node].start), count: Int(nodes[node].end - nodes[node].start)), escaped: true)
        return fail(.jsonDuplicateKey, "duplicate key \"\(String(decoding: text, as: UTF8.self))\"", at: Int(nodes[node].start) - 1)
    }

    func hashKey(_ node: Int, in nodes: Span<JSONNode>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(start: base + Int(nodes[node].start), count: Int(nodes[node].end - nodes[node].start))
        if nodes[node].flags & JSONNode.Flags.escaped != 0 {
            return JSONDocument.decodeString(raw, escaped: true).withUnsafeBytes { JSONDocument.fnv1a($0) }
        }
        return JSONDocument.fnv1a(raw)
    }

    func keyEqual(_ a: Int, _ b: Int, in nodes: Span<JSONNode>) -> Bool {
        let rawA = UnsafeRawBufferPointer(start: base + Int(nodes[a].start), count: Int(nodes[a].end - nodes[a].start))
        let rawB = UnsafeRawBufferPointer(start: base + Int(nodes[b].start), count: Int(nodes[b].end - nodes[b].start))
        let escaped = (nodes[a].flags | nodes[b].flags) & JSONNode.Flags.escaped != 0
        if !escaped { return bytesEqual(rawA, rawB) }
        return JSONDocument.decodeString(rawA, escaped: nodes[a].flags & JSONNode.Flags.escaped != 0)
            == JSONDocument.decodeString(rawB, escaped: nodes[b].flags & JSONNode.Flags.escaped != 0)
    }
}
