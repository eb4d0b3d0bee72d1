/// The checks of the `rfc5321` and `international` modes that a pattern expresses poorly:
/// lengths in octets, one rule per domain label, address literal values, and (in
/// `international`) unsafe characters and the domain through the UTS #46 canonicaliser.
enum EmailStructure {
    static let at = UInt8(ascii: "@")
    static let dot = UInt8(ascii: ".")
    private static let hyphen = UInt8(ascii: "-")
    static let quote = UInt8(ascii: "\"")

    /// What the checks learnt on the way, for the steps after the pattern.
    struct Findings {
        /// The index of the `@` that ends the local part.
        var atIndex = 0
        /// The domain's A-label form, when it differs from the domain as written by more than
        /// ASCII case (`international`).
        var canonicalDomain: String?
        /// The local part holds a scalar at or above U+0300, so it may not be in NFC.
        var localPartMayNeedNFC = false
    }

    /// The first rule `address` breaks, or nil when none (the pattern still has to match).
    /// - Parameters:
    ///   - address: the address bytes.
    ///   - international: RFC 6531 rules (UTF-8 local part, U-labels and A-labels).
    ///   - policy: the policy options (dot, special-use names, quoted local parts, literals).
    ///   - findings: what the `international` checks learnt on the way (see ``Findings``).
    static func rejection(
        _ address: UnsafeRawBufferPointer, international: Bool, policy: EmailPolicy,
        findings: inout Findings
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
        findings.atIndex = atIndex
        if international, let rejection = localPartRejection(address, end: atIndex, findings: &findings) {
            return rejection
        }
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
                domain, localPartLength: atIndex, policy: policy, canonicalDomain: &findings.canonicalDomain)
        }
        return aLabelDomainRejection(domain, international: false, policy: policy)
    }

    /// The checks on a domain in its ASCII (A-label) form, in order: each label (empty, letters
    /// digits and hyphens, no hyphen at an edge, 1–63 octets), the top-level label ending with
    /// a letter (`international`), the domain at most 253 octets, then the policy (dot,
    /// special-use). In `international`, `--` in positions 3–4 was settled before: a domain
    /// with such a label went through UTS #46 with CheckHyphens, which refuses it unless it is
    /// a valid `xn--` A-label.
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
                if index == domain.count { break }
                dots += 1
                labelStart = index + 1
            }
            index += 1
        }
        return domainTailRejection(domain, dots: dots, international: international, policy: policy)
    }

    /// The checks of ``aLabelDomainRejection(_:international:policy:)`` after the labels: the
    /// top-level label (`international`), the domain's length, then the policy.
    /// - Parameters:
    ///   - domain: the domain, its labels already checked.
    ///   - dots: how many dots it has.
    ///   - international: check the top-level label.
    ///   - policy: the policy options.
    static func domainTailRejection(
        _ domain: UnsafeRawBufferPointer, dots: Int, international: Bool, policy: EmailPolicy
    ) -> EmailRejection? {
        if international, (domain[domain.count - 1] | 0x20) &- UInt8(ascii: "a") >= 26 {
            return .invalidTopLevelDomain
        }
        // RFC 1035 §2.3.4: 255 octets on the wire, 253 as text.
        guard domain.count <= 253 else { return .domainTooLong }
        if policy.requireDot, dots == 0 { return .domainWithoutDot }
        if policy.refuseSpecialUseNames, let index = specialUseNameIndex(domain, policy.specialUseNameBytes) {
            return .specialUseDomain(name: policy.specialUseNames[index])
        }
        return nil
    }

    /// The index of the special-use name the domain is or ends in (after a dot), compared
    /// without ASCII case.
    private static func specialUseNameIndex(_ domain: UnsafeRawBufferPointer, _ names: [[UInt8]]) -> Int? {
        for (index, name) in names.enumerated() {
            let count = name.count
            guard count <= domain.count, count > 0 else { continue }
            let start = domain.count - count
            guard start == 0 || domain[start - 1] == dot else { continue }
            var equal = true
            for offset in 0..<count where asciiLowercased(domain[start + offset]) != name[offset] {
                equal = false
                break
            }
            if equal { return index }
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

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    @inline(__always)
    static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
        // Bit n of the pair: byte n (0–63, 64–127) is an ASCII letter, digit or "-".
        ASCIIByteSet(low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_07FF_FFFE).contains(byte)
    }
}
