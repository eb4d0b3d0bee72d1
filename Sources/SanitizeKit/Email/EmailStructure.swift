/// The checks of the `rfc5321` and `international` modes that a pattern expresses poorly:
/// lengths in octets, one rule per domain label, address literal values, Punycode.
enum EmailStructure {
    static let at = UInt8(ascii: "@")
    static let dot = UInt8(ascii: ".")
    private static let hyphen = UInt8(ascii: "-")
    static let quote = UInt8(ascii: "\"")

    /// The first rule `address` breaks, or nil when none (the pattern still has to match).
    /// - Parameters:
    ///   - address: the address bytes.
    ///   - international: RFC 6531 rules (UTF-8 local part, U-labels and A-labels).
    ///   - policy: the policy options (dot, special-use names, quoted local parts, literals).
    ///   - canonicalDomain: set, in `international`, to the domain's A-label form when it
    ///     differs from the domain as written by more than ASCII case.
    static func rejection(
        _ address: UnsafeRawBufferPointer, international: Bool, policy: EmailPolicy,
        canonicalDomain: inout String?
    ) -> EmailRejection? {
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
        if international, let rejection = localPartRejection(address, end: atIndex) { return rejection }
        if address[0] == quote, !policy.allowQuotedLocalPart { return .quotedLocalPartRefused }
        if address[atIndex + 1] == UInt8(ascii: "[") {
            guard policy.allowDomainLiteral else { return .domainLiteralRefused }
            guard address.count - atIndex >= 3, address[address.count - 1] == UInt8(ascii: "]"),
                EmailAddressLiteral.isValid(Array(address[(atIndex + 2)..<(address.count - 1)])[...])
            else { return .invalidAddressLiteral }
            return nil
        }
        let domain = UnsafeRawBufferPointer(rebasing: address[(atIndex + 1)...])
        if international {
            return internationalDomainRejection(
                domain, localPartLength: atIndex, policy: policy, canonicalDomain: &canonicalDomain)
        }
        return aLabelDomainRejection(domain, international: false, policy: policy)
    }

    /// The checks on a domain in its ASCII (A-label) form, in order: each label (empty, letters
    /// digits and hyphens, no hyphen at an edge, 1–63 octets; in `international` also no `--` in
    /// positions 3–4 unless a valid `xn--` A-label), the top-level label ending with a letter
    /// (`international`), the domain at most 253 octets, then the policy (dot, special-use).
    /// - Parameters:
    ///   - domain: the domain, letters in any case.
    ///   - international: apply the A-label rules of RFC 5890 §2.3.1 and RFC 3696 §2.
    ///   - policy: the policy options.
    static func aLabelDomainRejection(
        _ domain: UnsafeRawBufferPointer, international: Bool, policy: EmailPolicy
    ) -> EmailRejection? {
        var labelStart = 0
        var index = 0
        var dots = 0
        while true {
            if index == domain.count || domain[index] == dot {
                if case .rejected(let rejection) = asciiLabel(domain, labelStart, index) { return rejection }
                if international, let rejection = aLabelRejection(domain, labelStart, index) { return rejection }
                if index == domain.count { break }
                dots += 1
                labelStart = index + 1
            }
            index += 1
        }
        if international, (domain[domain.count - 1] | 0x20) &- UInt8(ascii: "a") >= 26 {
            return .invalidTopLevelDomain
        }
        // RFC 1035 §2.3.4: 255 octets on the wire, 253 as text.
        guard domain.count <= 253 else { return .domainTooLong }
        if policy.requireDot, dots == 0 { return .domainWithoutDot }
        if policy.refuseSpecialUseNames, let name = specialUseName(domain, policy.specialUseNames) {
            return .specialUseDomain(name: name)
        }
        return nil
    }

    /// RFC 5890 §2.3.1: a label with `--` in positions 3–4 is reserved unless it is an `xn--`
    /// A-label, which must then be valid (§2.3.2.1).
    private static func aLabelRejection(_ domain: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> EmailRejection? {
        guard end - start >= 4, domain[start + 2] == hyphen, domain[start + 3] == hyphen else { return nil }
        let label = domain[start..<end]
        guard hasALabelPrefix(label) else { return .reservedLabelHyphens }
        return UTS46.isValidALabel(String(decoding: label, as: UTF8.self), options: [.checkHyphens]) ? nil : .invalidALabel
    }

    /// The special-use name the domain is or ends in (after a dot), compared without case.
    private static func specialUseName(_ domain: UnsafeRawBufferPointer, _ names: [String]) -> String? {
        for name in names {
            let count = name.utf8.count
            guard count <= domain.count, count > 0 else { continue }
            let start = domain.count - count
            guard start == 0 || domain[start - 1] == dot else { continue }
            if zip(domain[start...], name.utf8).allSatisfy({ asciiLowercased($0) == $1 }) { return name }
        }
        return nil
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
    enum LabelCheck {
        case length(Int)
        case rejected(EmailRejection)
    }

    /// RFC 5321 §4.1.2 `sub-domain = Let-dig [Ldh-str]`, at most 63 octets (RFC 1035 §2.3.4).
    /// - Parameters:
    ///   - bytes: the buffer holding the label.
    ///   - start: the label's first index.
    ///   - end: the index after its last byte.
    /// - Returns: the label's length, or the rule it breaks.
    static func asciiLabel(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> LabelCheck {
        guard end > start else { return .rejected(.emptyLabel) }
        for index in start..<end where !isLetterDigitHyphen(bytes[index]) {
            return .rejected(.labelInvalidCharacter)
        }
        guard bytes[start] != hyphen, bytes[end - 1] != hyphen else { return .rejected(.labelHyphenAtEdge) }
        guard end - start <= 63 else { return .rejected(.labelTooLong) }
        return .length(end - start)
    }

    private static func hasALabelPrefix(_ label: Slice<UnsafeRawBufferPointer>) -> Bool {
        guard label.count >= 4 else { return false }
        let start = label.startIndex
        return asciiLowercased(label[start]) == UInt8(ascii: "x") && asciiLowercased(label[start + 1]) == UInt8(ascii: "n")
            && label[start + 2] == hyphen && label[start + 3] == hyphen
    }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
