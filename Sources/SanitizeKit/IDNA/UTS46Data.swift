/// The Unicode data that UTS #46 processing reads, parsed once from the generated text tables
/// in `UTS46Data+Tables.swift` (made by `scripts/generate-idna-table` from Unicode 15.0.0).
///
/// Every table is a sorted list of range starts with one value per range; a lookup is a
/// binary search for the last start at or below the code point.
struct UTS46Data: Sendable {
    /// A code point's IdnaMappingTable status under UseSTD3ASCIIRules=false and
    /// Nontransitional processing (UTS #46 §4 step 1, §5).
    enum Status: UInt8, Sendable {
        /// Kept as it is (valid, deviation, or disallowed_STD3_valid).
        case valid
        /// Replaced by its mapping (mapped, or disallowed_STD3_mapped).
        case mapped
        /// Removed.
        case ignored
        /// An error.
        case disallowed
    }

    /// The Bidi_Class values that RFC 5893 §2 names; every other class reads as ``other``.
    enum BidiClass: UInt8, Sendable {
        case l, r, al, en, es, et, an, cs, nsm, bn, on
        /// B, S, WS, LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI: allowed in no label.
        case other

        init(name: Substring) {
            switch name {
            case "L": self = .l
            case "R": self = .r
            case "AL": self = .al
            case "EN": self = .en
            case "ES": self = .es
            case "ET": self = .et
            case "AN": self = .an
            case "CS": self = .cs
            case "NSM": self = .nsm
            case "BN": self = .bn
            case "ON": self = .on
            default: self = .other
            }
        }
    }

    /// Joining_Type (Unicode §9.2, ArabicShaping.txt): U non-joining, and the joining types
    /// that RFC 5892 Appendix A.1 reads.
    enum JoiningType: UInt8, Sendable {
        case u, l, r, d, c, t
    }

    /// The tables, parsed on first use.
    static let shared = UTS46Data()

    private let mappingStarts: [UInt32]
    private let statuses: [Status]
    /// For a mapped range, the range of ``mappingScalars`` it maps to.
    private let mappingSlices: [Range<Int32>]
    private let mappingScalars: [Unicode.Scalar]
    private let bidiStarts: [UInt32]
    private let bidiClasses: [BidiClass]
    private let joiningStarts: [UInt32]
    private let joiningTypes: [JoiningType]
    /// Alternating starts and (exclusive) ends of the General_Category=Mark ranges.
    private let markBounds: [UInt32]
    /// Alternating starts and (exclusive) ends of the Canonical_Combining_Class=Virama ranges.
    private let viramaBounds: [UInt32]

    private init() {
        var mappingStarts: [UInt32] = []
        var statuses: [Status] = []
        var mappingSlices: [Range<Int32>] = []
        var mappingScalars: [Unicode.Scalar] = []
        for fields in Self.lines(Self.mappingText) {
            mappingStarts.append(Self.hex(fields[0]))
            let start = Int32(mappingScalars.count)
            switch fields[1] {
            case "V": statuses.append(.valid)
            case "I": statuses.append(.ignored)
            case "X": statuses.append(.disallowed)
            default:
                statuses.append(.mapped)
                for field in fields.dropFirst(2) {
                    mappingScalars.append(Unicode.Scalar(Self.hex(field)) ?? "\u{FFFD}")
                }
            }
            mappingSlices.append(start..<Int32(mappingScalars.count))
        }
        self.mappingStarts = mappingStarts
        self.statuses = statuses
        self.mappingSlices = mappingSlices
        self.mappingScalars = mappingScalars

        let bidi = Self.lines(Self.bidiText)
        bidiStarts = bidi.map { Self.hex($0[0]) }
        bidiClasses = bidi.map { BidiClass(name: $0[1]) }
        let joining = Self.lines(Self.joiningText)
        joiningStarts = joining.map { Self.hex($0[0]) }
        joiningTypes = joining.map { fields in
            switch fields[1] {
            case "L": .l
            case "R": .r
            case "D": .d
            case "C": .c
            case "T": .t
            default: .u
            }
        }
        markBounds = Self.lines(Self.markText).map { Self.hex($0[0]) }
        viramaBounds = Self.lines(Self.viramaText).map { Self.hex($0[0]) }
    }

    /// The status of a code point.
    func status(_ scalar: Unicode.Scalar) -> Status {
        statuses[Self.rangeIndex(scalar.value, in: mappingStarts)]
    }

    /// The mapping of a mapped code point (empty for any other status).
    func mapping(_ scalar: Unicode.Scalar) -> ArraySlice<Unicode.Scalar> {
        let slice = mappingSlices[Self.rangeIndex(scalar.value, in: mappingStarts)]
        return mappingScalars[Int(slice.lowerBound)..<Int(slice.upperBound)]
    }

    /// The Bidi_Class of a code point.
    func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        bidiClasses[Self.rangeIndex(scalar.value, in: bidiStarts)]
    }

    /// The Joining_Type of a code point.
    func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
        joiningTypes[Self.rangeIndex(scalar.value, in: joiningStarts)]
    }

    /// Whether a code point has General_Category Mark (Mn, Mc or Me).
    func isMark(_ scalar: Unicode.Scalar) -> Bool {
        Self.isInside(scalar.value, markBounds)
    }

    /// Whether a code point has Canonical_Combining_Class Virama (9).
    func isVirama(_ scalar: Unicode.Scalar) -> Bool {
        Self.isInside(scalar.value, viramaBounds)
    }

    /// The index of the last start at or below `value` (the tables all start at 0).
    private static func rangeIndex(_ value: UInt32, in starts: [UInt32]) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= value { low = middle } else { high = middle }
        }
        return low
    }

    /// Whether `value` falls in one of the ranges of alternating starts and ends.
    private static func isInside(_ value: UInt32, _ bounds: [UInt32]) -> Bool {
        guard let first = bounds.first, value >= first else { return false }
        return rangeIndex(value, in: bounds) % 2 == 0
    }

    /// The non-empty lines of a table, split at spaces.
    private static func lines(_ text: String) -> [[Substring]] {
        text.split(separator: "\n").map { $0.split(separator: " ") }.filter { !$0.isEmpty }
    }

    private static func hex(_ text: Substring) -> UInt32 {
        UInt32(text, radix: 16) ?? 0
    }
}
