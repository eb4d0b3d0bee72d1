/// The checks of the `rfc5321` and `international` modes that a pattern expresses poorly:
/// lengths in octets, one rule per domain label, address literal values, Punycode.
enum EmailStructure {
    private static let at = UInt8(ascii: "@")
    private static let dot = UInt8(ascii: ".")
    private static let hyphen = UInt8(ascii: "-")

    /// The first rule `address` breaks, or nil when none (the pattern still has to match).
    /// - Parameters:
    ///   - address: the address bytes.
    ///   - international: RFC 6531 rules (UTF-8 local part, U-labels and A-labels).
    static func rejection(_ address: UnsafeRawBufferPointer, international: Bool) -> EmailRejection? {
        // RFC 5321 §4.5.3.1.3: a path is at most 256 octets including "<" and ">".
        guard address.count <= 254 else { return .addressTooLong }
        // The last "@": a quoted local part may hold "@" itself.
        var atIndex = address.count - 1
        while atIndex >= 0 && address[atIndex] != at { atIndex -= 1 }
        guard atIndex >= 0 else { return .missingAtSign }
        guard atIndex > 0 else { return .emptyLocalPart }
        guard atIndex + 1 < address.count else { return .emptyDomain }
        // RFC 5321 §4.5.3.1.1: a local part is at most 64 octets.
        guard atIndex <= 64 else { return .localPartTooLong }
        if address[atIndex + 1] == UInt8(ascii: "[") {
            guard address.count - atIndex >= 3, address[address.count - 1] == UInt8(ascii: "]"),
                EmailAddressLiteral.isValid(Array(address[(atIndex + 2)..<(address.count - 1)])[...])
            else { return .invalidAddressLiteral }
            return nil
        }
        // One pass over the domain, label by label, without copying.
        var asciiLength = -1  // the dots between labels
        var labelStart = atIndex + 1
        var index = labelStart
        while true {
            if index == address.count || address[index] == dot {
                let check =
                    international
                    ? internationalLabel(address[labelStart..<index]) : asciiLabel(address, labelStart, index)
                switch check {
                case .length(let length): asciiLength += length + 1
                case .rejected(let rejection): return rejection
                }
                if index == address.count { break }
                labelStart = index + 1
            }
            index += 1
        }
        // RFC 1035 §2.3.4: 255 octets on the wire, 253 as text.
        return asciiLength > 253 ? .domainTooLong : nil
    }

    /// Why an address failed the built-in WHATWG pattern, when a named rule explains it.
    ///
    /// WHATWG HTML §4.10.5.1.5: local part `1*( atext / "." )`, "@", then labels of 1–63
    /// letters, digits and hyphens that neither start nor end with a hyphen. Runs only after
    /// the pattern failed, so it never changes a verdict, only the reason.
    /// - Parameter address: the address bytes.
    /// - Returns: the rule broken, or nil when only the local part's characters can be at fault.
    static func html5Diagnosis(_ address: UnsafeRawBufferPointer) -> EmailRejection? {
        guard let atIndex = address.firstIndex(of: at) else { return .missingAtSign }
        guard atIndex > 0 else { return .emptyLocalPart }
        guard atIndex + 1 < address.count else { return .emptyDomain }
        var labelStart = atIndex + 1
        var index = labelStart
        while true {
            if index == address.count || address[index] == dot {
                if case .rejected(let rejection) = asciiLabel(address, labelStart, index) { return rejection }
                if index == address.count { return nil }
                labelStart = index + 1
            }
            index += 1
        }
    }

    /// One label's outcome: its length in A-label form, or the rule it breaks.
    private enum LabelCheck {
        case length(Int)
        case rejected(EmailRejection)
    }

    /// RFC 5321 §4.1.2 `sub-domain = Let-dig [Ldh-str]`, at most 63 octets (RFC 1035 §2.3.4).
    /// - Parameters:
    ///   - bytes: the buffer holding the label.
    ///   - start: the label's first index.
    ///   - end: the index after its last byte.
    /// - Returns: the label's length, or the rule it breaks.
    private static func asciiLabel(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> LabelCheck {
        guard end > start else { return .rejected(.emptyLabel) }
        for index in start..<end where !isLetterDigitHyphen(bytes[index]) {
            return .rejected(.labelInvalidCharacter)
        }
        guard bytes[start] != hyphen, bytes[end - 1] != hyphen else { return .rejected(.labelHyphenAtEdge) }
        guard end - start <= 63 else { return .rejected(.labelTooLong) }
        return .length(end - start)
    }

    /// RFC 6531 §3.3 `sub-domain =/ U-label`, with A-labels and U-labels checked per RFC 5890
    /// §2.3.2.1 and RFC 5891 §4.2.3.
    /// - Returns: the label's length in A-label form, or the rule it breaks.
    private static func internationalLabel(_ label: Slice<UnsafeRawBufferPointer>) -> LabelCheck {
        if label.allSatisfy({ $0 < 0x80 }) {
            let result = asciiLabel(label.base, label.startIndex, label.endIndex)
            guard case .length = result, hasALabelPrefix(label) else { return result }
            return isALabel(label.dropFirst(4)) ? result : .rejected(.invalidALabel)
        }
        guard let text = String(validating: label, as: UTF8.self) else { return .rejected(.invalidUTF8) }
        let scalars = Array(text.unicodeScalars)
        if let rejection = uLabelRejection(scalars) { return .rejected(rejection) }
        guard let encoded = Punycode.encode(scalars) else { return .rejected(.labelTooLong) }
        let length = 4 + encoded.utf8.count
        return length <= 63 ? .length(length) : .rejected(.labelTooLong)
    }

    /// RFC 5891 §4.2.3 on a U-label: letters, marks and digits (approximating PVALID, RFC 5892)
    /// and ASCII letters, digits, hyphens; no hyphen first or last (§4.2.3.1); no "--" in
    /// positions 3 and 4 (§4.2.3.1); no combining mark first (§4.2.3.2).
    private static func uLabelRejection(_ scalars: [Unicode.Scalar]) -> EmailRejection? {
        for scalar in scalars {
            if scalar.isASCII {
                guard isLetterDigitHyphen(UInt8(scalar.value)) else { return .labelInvalidCharacter }
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
                continue
            default:
                return .labelInvalidCharacter
            }
        }
        guard scalars.first != "-", scalars.last != "-" else { return .labelHyphenAtEdge }
        if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" { return .invalidULabel }
        if let first = scalars.first {
            switch first.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return .invalidULabel
            default: break
            }
        }
        return nil
    }

    /// RFC 5890 §2.3.2.1: the Punycode after `xn--` decodes to a U-label that is not all
    /// ASCII, is itself a valid U-label, and encodes back to the same text.
    /// DNS compares labels without case, so `XN--BCHER-KVA` is read as `xn--bcher-kva`.
    private static func isALabel(_ encoded: Slice<UnsafeRawBufferPointer>) -> Bool {
        let lowercased = String(decoding: encoded.map(asciiLowercased), as: UTF8.self)
        guard let scalars = Punycode.decode(lowercased), scalars.contains(where: { !$0.isASCII }),
            uLabelRejection(scalars) == nil
        else { return false }
        return Punycode.encode(scalars) == lowercased
    }

    private static func hasALabelPrefix(_ label: Slice<UnsafeRawBufferPointer>) -> Bool {
        guard label.count >= 4 else { return false }
        let start = label.startIndex
        return asciiLowercased(label[start]) == UInt8(ascii: "x") && asciiLowercased(label[start + 1]) == UInt8(ascii: "n")
            && label[start + 2] == hyphen && label[start + 3] == hyphen
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    private static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
