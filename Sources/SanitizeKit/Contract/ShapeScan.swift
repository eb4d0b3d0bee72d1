/// One pass of a ``ShapeCheck`` over a record's bytes: a recursive descent that checks each
/// value against its schema node as it reads it. Every method returns `false` for "not sure"
/// and the whole check then gives up; nothing here reports or allocates. It lives only inside
/// ``ShapeCheck/Scanner/passes(_:)`` and ``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``, which lend it the
/// check's tables (and the second, room for what it locates).
///
/// Locating (``found`` set), a value that fails is recorded and skipped (``recover(_:_:)``), an
/// object or array that fails a check of its own is recorded by its opening bracket
/// (``fault(at:)``), and the scan goes on; whatever it cannot judge that way (an escape where a
/// step applies, a duplicate name, broken syntax, …) sets ``unsure`` (``giveUp()``).
struct ShapeScan {
    let check: ShapeCheck.Tables
    var cursor: UnsafePointer<UInt8>
    let end: UnsafePointer<UInt8>
    /// The record's first byte, from which fault offsets count.
    let origin: UnsafePointer<UInt8>
    /// When locating, room for ``ShapeCheck/maxFaults`` pairs of offsets (the faults), then
    /// ``ShapeCheck/maxSpans`` pairs (the objects and arrays read to the end, which the parser
    /// may step over: ``ShapeCheck/Scanner/locate(_:faults:skippable:leaf:)``); `nil` otherwise.
    var found: UnsafeMutablePointer<UInt32>? = nil
    /// How many fault pairs and span pairs `found` holds.
    var faultCount = 0
    var spanCount = 0
    /// Locating found something only the general path can judge.
    var unsure = false
    /// The first fault's node, when ``recover(_:_:)`` recorded it at a value of a node that
    /// evaluates alone (``ShapeCheck/Node/evaluatesAlone``); -1 when there is none.
    var leafNode = -1
    /// How many steps the first fault's path has (``notePathStep(member:depth:)``):
    /// they are `found`'s slots from ``ShapeCheck/pathSlotsStart``.
    var pathLength = 0
    /// The node of an object whose own fault was, when it closed, the record's only one, if
    /// the node evaluates alone; -1 when there is none (``objectFault(_:at:seen:members:refused:)``).
    var objectFaultNode = -1
    /// Why the first fault fails, when it is at ``leafNode`` or ``objectFaultNode``
    /// (``ShapeCheck/Cause``).
    var cause = ShapeCheck.Cause.unknown
    /// The offsets of the name of the first member the object being read refuses (set at
    /// that member; read by ``objectFault(_:at:seen:members:refused:)`` only when that object's
    /// fault is the record's only one, so no other object has set it since).
    var firstRefusedName = 0..<0

    /// The cursor's offset in the record.
    private var offset: Int { cursor - origin }

    /// Reads one value at the cursor and checks it against node `index`.
    mutating func value(at index: Int, depth: Int) -> Bool {
        guard cursor < end else { return false }
        let node = check.nodes + index
        // Enumerated values are strings here; anything else is left to the general path.
        if node.pointee.enumCount > 0 && cursor.pointee != UInt8(ascii: "\"") { return false }
        switch cursor.pointee {
        case UInt8(ascii: "\""):
            return string(node)
        case UInt8(ascii: "{"):
            return node.pointee.types & TypeBits.object != 0 && depth < check.maxDepth && object(node, depth: depth + 1)
        case UInt8(ascii: "["):
            return node.pointee.types & TypeBits.array != 0 && depth < check.maxDepth && array(node, depth: depth + 1)
        case UInt8(ascii: "t"):
            return node.pointee.types & TypeBits.boolean != 0 && literal("true")
        case UInt8(ascii: "f"):
            return node.pointee.types & TypeBits.boolean != 0 && literal("false")
        case UInt8(ascii: "n"):
            return node.pointee.types & TypeBits.null != 0 && literal("null")
        default:
            return number(node)
        }
    }

    // MARK: scalars

    private mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard end - cursor >= length, bytesEqual(cursor, word.utf8Start, count: length) else { return false }
        cursor += length
        return true
    }

    /// A number: a plain integer of at most 18 digits is checked against the bounds exactly. A
    /// non-negative number with a fraction passes where any number does when its integer part
    /// alone settles the bounds (`13.95` is within 0…100 because 13 ≥ 0 and 13 < 100). Any
    /// other number (an exponent, more digits, a negative fraction near a bound) passes only
    /// where any number does and no bound applies. (`1.0` is an integer to JSON Schema; a
    /// fraction where only integers are allowed is left to the general path.)
    private mutating func number(_ node: UnsafePointer<ShapeCheck.Node>) -> Bool {
        let types = node.pointee.types
        guard types & (TypeBits.integer | TypeBits.number) != 0 else { return false }
        let negative = cursor.pointee == UInt8(ascii: "-")
        if negative { cursor += 1 }
        let digitsStart = cursor
        var magnitude: Int64 = 0
        while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 {
            magnitude = magnitude &* 10 &+ Int64(cursor.pointee &- UInt8(ascii: "0"))
            cursor += 1
        }
        let digits = cursor - digitsStart
        guard digits > 0, digits == 1 || digitsStart.pointee != UInt8(ascii: "0") else { return false }
        let shortInteger = digits <= 18
        var fraction = false
        var exponent = false
        if cursor < end && cursor.pointee == UInt8(ascii: ".") {
            cursor += 1
            guard skipDigits() else { return false }
            fraction = true
        }
        if cursor < end && (cursor.pointee | 0x20) == UInt8(ascii: "e") {
            cursor += 1
            if cursor < end && (cursor.pointee == UInt8(ascii: "+") || cursor.pointee == UInt8(ascii: "-")) { cursor += 1 }
            guard skipDigits() else { return false }
            exponent = true
        }
        let minimum = node.pointee.minimum
        let maximum = node.pointee.maximum
        if shortInteger && !fraction && !exponent {
            let value = negative ? -magnitude : magnitude
            return value >= minimum && value <= maximum
        }
        guard types & TypeBits.number != 0 else { return false }
        if minimum == .min && maximum == .max { return true }
        // A non-negative fraction x with integer part n: n ≥ minimum gives x ≥ minimum, and
        // n < maximum gives x < n + 1 ≤ maximum.
        return shortInteger && fraction && !exponent && !negative && magnitude >= minimum && magnitude < maximum
    }

    /// Skips one or more digits; `false` when there is none.
    private mutating func skipDigits() -> Bool {
        let first = cursor
        while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 { cursor += 1 }
        return cursor > first
    }

    /// What reading a string found.
    struct StringScan {
        var bytes: UnsafeRawBufferPointer
        var hasNonASCII: Bool
        var hasDelete: Bool
    }

    // MARK: eight bytes at a time

    private static let ones = ASCIIWord.ones
    private static let highBits = ASCIIWord.highBits

    /// The bytes of `word` equal to `byte`, each flagged by its high bit (with ``highBits``):
    /// the lowest flag is always a true one; those above it may not be (a borrow runs on from
    /// an equal byte), so only the first flagged byte is read.
    @inline(__always)
    private static func flags(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference
    }

    /// Reads a string at the cursor (its opening quote); `nil` for an escape or a raw control
    /// (which the general path handles or refuses).
    @inline(__always)
    private mutating func readString() -> StringScan? {
        var p = cursor + 1
        let start = p
        var nonASCII = false
        var delete = false
        while true {
            if end - p >= 8 {
                // The first quote, backslash, control, DEL or non-ASCII byte of the next eight:
                // each test flags a byte's high bit, and the lowest flag is always a true one.
                // Read at a pointer, not at an offset in the record: `origin + offset` cost the
                // scan of a clean record 6 %.
                let word = ASCIIWord.load(p, 0)
                let special =
                    (Self.flags(word, equalTo: 0x22) | Self.flags(word, equalTo: 0x5C) | Self.flags(word, equalTo: 0x7F)
                    | ((word &- Self.ones &* 0x20) & ~word) | word) & Self.highBits
                if special == 0 {
                    p += 8
                    continue
                }
                p += special.trailingZeroBitCount >> 3
            } else if p == end {
                return nil
            }
            let byte = p.pointee
            if byte == UInt8(ascii: "\"") {
                cursor = p + 1
                return StringScan(bytes: UnsafeRawBufferPointer(start: start, count: p - start), hasNonASCII: nonASCII, hasDelete: delete)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { nonASCII = true } else if byte == 0x7F { delete = true }
            p += 1
        }
    }

    private mutating func string(_ node: UnsafePointer<ShapeCheck.Node>) -> Bool {
        guard let scan = readString(), node.pointee.types & TypeBits.string != 0 else { return false }
        let bytes = scan.bytes
        var length = bytes.count
        if scan.hasNonASCII {
            guard UTF8Validation.firstInvalidByteOffset(in: bytes) == nil else { return false }
            if node.pointee.minLength > 0 || node.pointee.maxLength < bytes.count { length = Self.codePoints(bytes) }
        }
        guard length >= node.pointee.minLength, length <= node.pointee.maxLength else { return false }
        let steps = node.pointee.steps
        if steps >= 0 {
            // ``leftUnchanged(_:by:of:)`` written out: the compiler left that one a call.
            if scan.hasNonASCII {
                guard Self.nonASCIILeftUnchanged(scan, by: steps, of: check) else { return false }
            } else {
                guard check.guards[steps].leavesUnchanged(bytes, hasDelete: scan.hasDelete) else { return false }
            }
        }
        if node.pointee.enumCount > 0 && !check.isEnumerated(bytes, node) { return false }
        if let simple = node.pointee.classPattern, scan.hasNonASCII || !simple.matches(ascii: bytes) { return false }
        let pattern = node.pointee.pattern
        if pattern >= 0, check.patterns[pattern]._withUnsafeGuaranteedRef({ PatternMatcher.match($0, bytes) }) != .matched {
            return false
        }
        if let format = node.pointee.format, !format.accepts(bytes) { return false }
        return true
    }

    /// The number of code points in well-formed UTF-8: the bytes that are not continuations.
    fileprivate static func codePoints(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Whether every step of list `steps` of `check` leaves the (well-formed, unescaped)
    /// string as it is: for ASCII, the list's ``ShapeCheck/Tables/guards`` entry (most strings
    /// are ASCII and pass there at once); otherwise the steps one by one. (Static and handed the
    /// tables: a method of the scan would be handed a copy of it.)
    @inline(__always)
    private static func leftUnchanged(_ scan: StringScan, by steps: Int, of check: ShapeCheck.Tables) -> Bool {
        if scan.hasNonASCII { return nonASCIILeftUnchanged(scan, by: steps, of: check) }
        return check.guards[steps].leavesUnchanged(scan.bytes, hasDelete: scan.hasDelete)
    }

    /// ``leftUnchanged(_:by:of:)`` for a string that is not ASCII: every step of list `steps`
    /// asked, from one ``TextProfile``. Out of line: most strings never come here.
    @inline(never)
    private static func nonASCIILeftUnchanged(_ scan: StringScan, by steps: Int, of check: ShapeCheck.Tables) -> Bool {
        let profile = TextProfile(utf8: scan.bytes)
        // By index through the pointer, not `allSatisfy` (whose iterator holds a copy of the
        // list: a retain per string on an array that every worker thread shares).
        let list = check.stepLists + steps
        for index in 0..<list.pointee.count where !list.pointee[index].leavesUnchanged(profile, utf8: scan.bytes) {
            return false
        }
        return true
    }

    // MARK: containers

    /// The most members with names the schema does not list that one object may have here
    /// (their names are compared pairwise for duplicates).
    private static let maxOpenMembers = 16

    private mutating func object(_ node: UnsafePointer<ShapeCheck.Node>, depth: Int) -> Bool {
        let objectStart = offset
        cursor += 1
        if cursor < end && cursor.pointee == UInt8(ascii: "}") {
            cursor += 1
            return node.pointee.requiredMask == 0 && node.pointee.minProperties == 0
                || objectFault(node, at: objectStart, seen: 0, members: 0, refused: 0)
        }
        let first = node.pointee.firstProperty
        let propertyCount = node.pointee.propertyCount
        let open = node.pointee.openMembers
        var seen: UInt64 = 0
        var members = 0
        var expected = 0  // records usually list the members in the schema's order
        return withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: Self.maxOpenMembers) { openNames in
            var openCount = 0
            while true {
                guard cursor < end, cursor.pointee == UInt8(ascii: "\"") else { return giveUp() }
                var slot = -1
                var target = open
                if expected < propertyCount, readKey(named: check.properties[first + expected]) {
                    slot = expected
                } else {
                    guard let key = readString() else { return giveUp() }  // an escape in the name
                    if let found = find(key.bytes, in: check.properties + first, count: propertyCount, from: expected) {
                        slot = found
                    } else {
                        // A name the schema does not list: checked against `open`, if the schema allows it.
                        guard openCount < Self.maxOpenMembers else { return giveUp() }
                        if key.hasNonASCII && UTF8Validation.firstInvalidByteOffset(in: key.bytes) != nil { return giveUp() }
                        for index in 0..<openCount where bytesEqual(openNames[index], key.bytes) {
                            return giveUp()  // a duplicate key
                        }
                        // Not allowed: the object fails `additionalProperties` (the value is not read).
                        if open < 0 && !refuse(nameLength: key.bytes.count, first: openCount == 0, at: objectStart) { return false }
                        openNames[openCount] = key.bytes
                        openCount += 1
                    }
                }
                if slot >= 0 {
                    let bit: UInt64 = 1 << UInt64(slot)
                    guard seen & bit == 0 else { return giveUp() }  // a duplicate key
                    seen |= bit
                    expected = slot + 1
                    target = check.properties[first + slot].node
                }
                guard cursor < end, cursor.pointee == UInt8(ascii: ":") else { return giveUp() }
                cursor += 1
                members += 1
                let valueStart = offset
                if target < 0 {
                    // A refused member's value is not checked against a schema: read here when it
                    // is a strict scalar (the object's own fault speaks for the member), else
                    // stepped over and left to the parser (its syntax is the record's).
                    if readStrictScalar() == nil {
                        cursor = origin + valueStart
                        guard skipValue(), record(valueStart, offset) else { return giveUp() }
                    }
                } else {
                    guard value(at: target, depth: depth) || recover(valueStart, target) else { return false }
                }
                if faultCount != 0 { notePathStep(member: valueStart, depth: depth) }
                guard cursor < end else { return giveUp() }
                let separator = cursor.pointee
                cursor += 1
                if separator == UInt8(ascii: "}") { break }
                guard separator == UInt8(ascii: ",") else { return giveUp() }
            }
            // When nothing unlisted is allowed, every unlisted name is refused.
            let required = node.pointee.requiredMask
            return (seen & required == required && members >= node.pointee.minProperties && members <= node.pointee.maxProperties
                && (open >= 0 || openCount == 0)
                || objectFault(node, at: objectStart, seen: seen, members: members, refused: open < 0 ? openCount : 0))
                && read(from: objectStart)
        }
    }

    /// Reads the key at the cursor (its opening quote) when it is exactly `property`'s plain
    /// name; otherwise leaves the cursor where it is.
    @inline(__always)
    private mutating func readKey(named property: ShapeCheck.Property) -> Bool {
        let length = property.nameCount
        guard property.isPlain, end - cursor >= length + 2, cursor[length + 1] == UInt8(ascii: "\""),
            bytesEqual(cursor + 1, check.names + property.nameStart, count: length)
        else { return false }
        cursor += length + 2
        return true
    }

    /// The slot of the property named `name`, trying slot `from` first.
    @inline(__always)
    private func find(
        _ name: UnsafeRawBufferPointer, in properties: UnsafePointer<ShapeCheck.Property>, count: Int, from: Int
    ) -> Int? {
        let length = name.count
        var slot = from < count ? from : 0
        for _ in 0..<count {
            let candidate = properties[slot]
            if candidate.nameCount == length, bytesEqual(check.names + candidate.nameStart, name.baseAddress!, count: length) {
                return slot
            }
            slot = slot + 1 == count ? 0 : slot + 1
        }
        return nil
    }

    /// The most elements whose uniqueness the check compares itself.
    private static let maxUniqueElements = 32

    private mutating func array(_ node: UnsafePointer<ShapeCheck.Node>, depth: Int) -> Bool {
        let arrayStart = offset
        cursor += 1
        let items = node.pointee.items
        let unique = node.pointee.uniqueItems
        var elements = 0
        if cursor < end && cursor.pointee == UInt8(ascii: "]") {
            cursor += 1
            return node.pointee.minItems == 0 || fault(at: arrayStart)
        }
        return withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: Self.maxUniqueElements) { seen in
            while true {
                let valueStart = offset
                if unique {
                    // Only string elements are compared here; anything else goes to the general path.
                    guard elements < Self.maxUniqueElements, cursor < end, cursor.pointee == UInt8(ascii: "\"") else {
                        return giveUp()
                    }
                    guard value(at: items, depth: depth) || recover(valueStart, items) else { return false }
                    let bytes = recordBytes(valueStart + 1..<offset - 1)
                    for index in 0..<elements where bytesEqual(seen[index], bytes) {
                        guard fault(at: arrayStart) else { return false }
                        break
                    }
                    seen[elements] = bytes
                } else {
                    guard value(at: items, depth: depth) || recover(valueStart, items) else { return false }
                }
                if faultCount != 0 { notePathStep(element: elements, at: valueStart, depth: depth) }
                elements += 1
                guard cursor < end else { return giveUp() }
                let separator = cursor.pointee
                cursor += 1
                if separator == UInt8(ascii: "]") { break }
                guard separator == UInt8(ascii: ",") else { return giveUp() }
            }
            return (elements >= node.pointee.minItems && elements <= node.pointee.maxItems || fault(at: arrayStart))
                && read(from: arrayStart)
        }
    }

    // MARK: locating

    /// Gives up: "not sure" to the caller, and to a locating scan as a whole.
    private mutating func giveUp() -> Bool {
        unsure = true
        return false
    }

    /// Records that the object or array opening at offset `start` fails a check of its own;
    /// `false` when not locating (the scan then gives up as ``passes(_:)`` does) or out of room.
    private mutating func fault(at start: Int) -> Bool {
        record(start, start + 1)
    }

    /// After the value at offset `start` failed against node `index` (or could not be judged),
    /// records it and moves the cursor past it, when locating and when nothing a step would
    /// change can hide in it: a number or literal holds no string; a string must be read and
    /// left as it is by the node's steps; an object or array (not read, or read only in part)
    /// only where no step applies at or below its node.
    mutating func recover(_ start: Int, _ index: Int) -> Bool {
        guard found != nil, !unsure else { return false }
        cursor = origin + start
        guard cursor < end else { return giveUp() }
        let node = check.nodes + index
        // The value's type when it is read as strict JSON (``ShapeCheck/Cause/value(foundType:)``).
        var foundType = -1
        var string: StringScan?
        switch cursor.pointee {
        case UInt8(ascii: "\""):
            let steps = node.pointee.steps
            if let scan = readStrictString() {
                guard steps < 0 || Self.leftUnchanged(scan, by: steps, of: check) else { return giveUp() }
                foundType = TypeBits.foundString
                string = scan
            } else {
                guard steps < 0 else { return giveUp() }
                cursor = origin + start
                guard skipValue() else { return giveUp() }
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard !node.pointee.stepsWithin, skipValue() else { return giveUp() }
        default:
            if let type = readStrictScalar() {
                foundType = type
            } else {
                cursor = origin + start
                guard skipValue() else { return giveUp() }
            }
        }
        let first = faultCount == 0
        guard record(start, offset) else { return false }
        if first && node.pointee.evaluatesAlone {
            leafNode = index
            if let string, node.pointee.types & TypeBits.string != 0 {
                cause = check.onlyFailingCheck(string, index).map { .string(failing: $0) } ?? .unknown
            } else if foundType >= 0 {
                cause = .value(foundType: foundType)
            }
        }
        return true
    }

    /// Records that the object opening at offset `start` refuses the member whose name (of
    /// `nameLength` bytes, no escape) was just read, its first such when `first`
    /// (``firstRefusedName``); `false` as ``fault(at:)``. Out of line: only an invalid record
    /// comes here.
    @inline(never)
    private mutating func refuse(nameLength: Int, first: Bool, at start: Int) -> Bool {
        if first { firstRefusedName = offset - 1 - nameLength..<offset - 1 }
        return fault(at: start)
    }

    /// Records that the object of `node` opening at offset `start` fails a check of its own
    /// (``fault(at:)``): `seen` has the bits of its properties present, `members` is its member
    /// count and `refused` the number of members its schema refuses for being unlisted, the
    /// first named at ``firstRefusedName``. When its fault is the record's only one so far (its
    /// members are valid) and the node is reached alone, notes the node and the cause; a later
    /// fault anywhere makes the record's faults more than one, and the note is then not read
    /// (``Scanner/locate(_:faults:skippable:leaf:)``). `false` as ``fault(at:)``.
    /// Out of line: only an invalid record comes here.
    @inline(never)
    private mutating func objectFault(
        _ node: UnsafePointer<ShapeCheck.Node>, at start: Int, seen: UInt64, members: Int, refused: Int
    ) -> Bool {
        guard fault(at: start) else { return false }
        guard faultCount == 1, node.pointee.evaluatesAlone else { return true }
        objectFaultNode = node - check.nodes
        let missing = node.pointee.requiredMask & ~seen
        let fits = members >= node.pointee.minProperties && members <= node.pointee.maxProperties
        if fits && refused == 0 && missing.nonzeroBitCount == 1 {
            cause = .missing(slot: missing.trailingZeroBitCount)
        } else if fits && refused == 1 && missing == 0 {
            cause = .refused(name: firstRefusedName)
        } else {
            cause = .unknown
        }
        return true
    }

    /// Reads a string at the cursor as strict JSON: no escape, no control byte, valid UTF-8;
    /// `nil` otherwise (the cursor is then anywhere).
    private mutating func readStrictString() -> StringScan? {
        guard let scan = readString(), !scan.hasNonASCII || UTF8Validation.firstInvalidByteOffset(in: scan.bytes) == nil else {
            return nil
        }
        return scan
    }

    /// Reads a scalar at the cursor as strict JSON: a string without escapes (valid UTF-8),
    /// `true`, `false`, `null`, or an integer without fraction or exponent, followed by the
    /// record's end or a `,`, `}` or `]`. Returns its type's index in ``TypeBits/foundNames``,
    /// or `nil` (the cursor is then anywhere; the caller puts it back).
    private mutating func readStrictScalar() -> Int? {
        guard cursor < end else { return nil }
        let type: Int
        switch cursor.pointee {
        case UInt8(ascii: "\""):
            guard readStrictString() != nil else { return nil }
            type = TypeBits.foundString
        case UInt8(ascii: "t"):
            guard literal("true") else { return nil }
            type = TypeBits.foundBoolean
        case UInt8(ascii: "f"):
            guard literal("false") else { return nil }
            type = TypeBits.foundBoolean
        case UInt8(ascii: "n"):
            guard literal("null") else { return nil }
            type = TypeBits.foundNull
        default:
            if cursor.pointee == UInt8(ascii: "-") { cursor += 1 }
            let digits = cursor
            guard skipDigits(), cursor - digits == 1 || digits.pointee != UInt8(ascii: "0") else { return nil }
            type = TypeBits.foundInteger
        }
        guard cursor == end || cursor.pointee == UInt8(ascii: ",") || cursor.pointee == UInt8(ascii: "}")
            || cursor.pointee == UInt8(ascii: "]")
        else { return nil }
        return type
    }

    // MARK: the first fault's path

    /// Marks a path step that is an element's index, not a key's offset (a record has fewer than
    /// 2³¹ bytes to have a path noted).
    static let elementStep: UInt32 = 1 << 31

    /// After the member whose value starts at offset `valueStart`, in an object at `depth` (1
    /// for the root), was read: when it holds the record's first fault, notes its path step
    /// there, the offset of its key's opening quote (the key has no escape: the scan gives up
    /// on one, so the quote before its closing one opens it). Each container on the way out
    /// of the fault notes its own, the deepest first, so only a record with a fault pays for
    /// its path (a store per member, noting every path as the scan went, cost clean records
    /// 3–7 %; keeping the member's first offset for this, 8 %; walking the record again to the
    /// fault took a tenth of a record whose fault is near its end).
    @inline(never)
    private mutating func notePathStep(member valueStart: Int, depth: Int) {
        guard let found, Int(found[0]) >= valueStart else { return }
        var quote = valueStart - 3  // before the colon and the key's closing quote
        while origin[quote] != UInt8(ascii: "\"") { quote -= 1 }
        notePathStep(UInt32(truncatingIfNeeded: quote), depth: depth)
    }

    /// As ``notePathStep(member:depth:)`` for element `index` of an array, starting at offset
    /// `valueStart`.
    @inline(never)
    private mutating func notePathStep(element index: Int, at valueStart: Int, depth: Int) {
        guard let found, Int(found[0]) >= valueStart else { return }
        notePathStep(Self.elementStep | UInt32(truncatingIfNeeded: index), depth: depth)
    }

    private mutating func notePathStep(_ step: UInt32, depth: Int) {
        found![ShapeCheck.pathSlotsStart + depth - 1] = step
        if pathLength == 0 { pathLength = depth }
    }

    /// After a locating scan found one fault: its instance location, the JSON Pointer of the
    /// path the scan noted (``notePathStep(member:depth:)``), written into `pointer`. The keys on
    /// the path are the ones the scan read, so none holds an escape (its next quote closes it),
    /// a control byte or bytes that are not UTF-8 (the scan gives up on those). The last two are
    /// checked again here, since the pointer is made of the raw bytes: `false` then, and the
    /// record is not decided from its value alone (the parse says what is wrong). (`mutating`
    /// only so that the scan is not copied for the call: it is not changed.)
    mutating func leafPointer(_ pointer: inout [UInt8]) -> Bool {
        pointer.removeAll(keepingCapacity: true)
        guard let found else { return true }
        for depth in 0..<pathLength {
            let step = found[ShapeCheck.pathSlotsStart + depth]
            pointer.append(UInt8(ascii: "/"))
            if step & Self.elementStep != 0 {
                JSONWriter.appendDecimal(Int(step & ~Self.elementStep), to: &pointer)
                continue
            }
            let nameStart = origin + Int(step) + 1
            var close = nameStart
            var high: UInt8 = 0
            var escapes = false  // a `~` or `/`, which the pointer escapes
            while close.pointee != UInt8(ascii: "\"") {
                guard close.pointee >= 0x20 else { return false }
                high |= close.pointee
                escapes = escapes || close.pointee == UInt8(ascii: "~") || close.pointee == UInt8(ascii: "/")
                close += 1
            }
            let name = recordBytes(nameStart - origin..<close - origin)
            guard high < 0x80 || UTF8Validation.firstInvalidByteOffset(in: name) == nil else { return false }
            if escapes {
                JSONPointer.appendEscaped(name, to: &pointer)
            } else {
                pointer.append(contentsOf: name)
            }
        }
        return true
    }

    /// The record's bytes at the offsets `range`.
    private func recordBytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        .init(start: origin + range.lowerBound, count: range.count)
    }

    /// Notes, when locating, that the object or array from offset `start` to the cursor was
    /// read to its end (while room lasts); always `true`.
    @inline(__always)
    private mutating func read(from start: Int) -> Bool {
        if let found, spanCount < ShapeCheck.maxSpans {
            let spans = found + 2 * ShapeCheck.maxFaults
            spans[2 * spanCount] = UInt32(start)
            spans[2 * spanCount + 1] = UInt32(offset)
            spanCount += 1
        }
        return true
    }

    /// Appends the fault `[start, end)` (offsets); an object's own fault is kept once.
    private mutating func record(_ start: Int, _ end: Int) -> Bool {
        guard let found else { return false }
        let low = UInt32(start)
        let high = UInt32(end)
        for index in 0..<faultCount where found[2 * index] == low && found[2 * index + 1] == high { return true }
        guard faultCount < ShapeCheck.maxFaults else { return giveUp() }
        found[2 * faultCount] = low
        found[2 * faultCount + 1] = high
        faultCount += 1
        return true
    }

    /// Moves the cursor past one JSON value without judging it (the caller parses the record
    /// afterwards, which refuses what is not JSON): a string to its closing quote, an object
    /// or array to its matching bracket, anything else to the next `,`, `}`, `]` or space.
    /// `false` when the record ends first.
    private mutating func skipValue() -> Bool {
        var depth = 0
        while cursor < end {
            switch cursor.pointee {
            case UInt8(ascii: "\""):
                cursor += 1
                guard skipStringBody() else { return false }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                cursor += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { return true }
                depth -= 1
                cursor += 1
            case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                if depth == 0 { return true }
                cursor += 1
            default:
                cursor += 1
            }
        }
        return depth == 0 && cursor == end
    }

    /// Moves the cursor, inside a string, past its closing quote: eight bytes at a time to the
    /// next quote or backslash, stepping over each escape's next byte (most of what is skipped
    /// is strings; byte by byte, stepping over a record took about a nanosecond a byte).
    /// `false` when the record ends first.
    @inline(__always)
    private mutating func skipStringBody() -> Bool {
        while true {
            while end - cursor >= 8 {
                let word = ASCIIWord.load(cursor, 0)
                let special = (Self.flags(word, equalTo: 0x22) | Self.flags(word, equalTo: 0x5C)) & Self.highBits
                if special != 0 {
                    cursor += special.trailingZeroBitCount >> 3
                    break
                }
                cursor += 8
            }
            guard cursor < end else { return false }
            switch cursor.pointee {
            case UInt8(ascii: "\""):
                cursor += 1
                return true
            case UInt8(ascii: "\\"):
                cursor += 2
            default:
                cursor += 1
            }
        }
    }
}

// The string tests that read only the tables are theirs, not the scan's: a method of the scan
// would be handed a copy of the whole scan, cursor included, on every string (a copy that
// reads the cursor back just after it was stored, and stalls).
extension ShapeCheck.Tables {
    /// The check of node `index` that the strict string `scan` fails when it passes all the
    /// node's others and the check is one whose violation shows the value
    /// (``ShapeCheck/StringCheck``); `nil` otherwise, and wherever a check cannot say for sure
    /// (where ``ShapeScan/string(_:)`` means "not sure", not "fails": a class pattern on a
    /// string that is not ASCII, a pattern PCRE2 gave up on). The checks are that method's,
    /// each of them tried here (it stops at the first that does not pass). Out of line: only a
    /// record with a fault comes here.
    @inline(never)
    fileprivate func onlyFailingCheck(_ scan: ShapeScan.StringScan, _ index: Int) -> ShapeCheck.StringCheck? {
        let node = nodes + index
        let bytes = scan.bytes
        let length = scan.hasNonASCII ? ShapeScan.codePoints(bytes) : bytes.count
        guard length >= node.pointee.minLength, length <= node.pointee.maxLength else { return nil }
        if node.pointee.enumCount > 0 && !isEnumerated(bytes, node) { return nil }
        var patternFails = false
        if let simple = node.pointee.classPattern {
            // Read for ASCII only: on other strings the scan is not sure, and neither is this.
            guard !scan.hasNonASCII else { return nil }
            patternFails = !simple.matches(ascii: bytes)
        }
        let pattern = node.pointee.pattern
        if pattern >= 0 {
            switch PatternMatcher.match(patterns[pattern].takeUnretainedValue(), bytes) {
            case .matched: break
            case .notMatched: patternFails = true
            case .gaveUp: return nil  // a violation of its own
            }
        }
        let formatFails = node.pointee.format.map { !$0.accepts(bytes) } ?? false
        switch (patternFails, formatFails) {
        case (true, false): return .pattern
        case (false, true): return .format
        default: return nil
        }
    }

    /// Whether the unescaped string `bytes` is one of the node's enumerated strings.
    fileprivate func isEnumerated(_ bytes: UnsafeRawBufferPointer, _ node: UnsafePointer<ShapeCheck.Node>) -> Bool {
        let first = node.pointee.firstEnum
        for index in first..<first + node.pointee.enumCount {
            if bytesEqual(enumString(index), bytes) { return true }
        }
        return false
    }
}
