/// The `international` checks of RFC 6531 / RFC 6532 beyond the grammar: no character that is
/// unsafe in an address, no leading combining mark, NFC, and the domain in A-label form.
extension EmailStructure {
    /// The first unsafe character of the local part, or a combining mark at its start.
    ///
    /// Refused everywhere: General Category Cc, Cf, Zl, Zp, Co, Cs, Cn (which holds the
    /// noncharacters), and Zs except U+0020 inside a quoted local part. A local part (inside
    /// the quotes, when quoted) may not start with a combining mark (General Category M).
    /// - Parameters:
    ///   - address: the address bytes.
    ///   - end: the index of the `@` that ends the local part.
    ///   - findings: `localPartMayNeedNFC` is set when a scalar at or above U+0300 is seen.
    /// - Returns: the rejection naming the character and its byte offset, `invalidUTF8`, or nil.
    static func localPartRejection(
        _ address: UnsafeRawBufferPointer, end: Int, findings: inout Findings
    ) -> EmailRejection? {
        let quoted = address[0] == quote
        let contentStart = quoted ? 1 : 0
        var index = 0
        while index < end {
            let byte = address[index]
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x7F || (byte == 0x20 && !quoted) {
                    return .refusedCharacter(Unicode.Scalar(byte), byteOffset: index)
                }
                index += 1
                continue
            }
            // Every scalar below U+0300 (lead byte below 0xCC) is NFC and starts a segment.
            if byte >= 0xCC { findings.localPartMayNeedNFC = true }
            guard let (scalar, length) = decodeScalar(address, at: index, end: end) else { return .invalidUTF8 }
            if index == contentStart, isCombiningMark(scalar) {
                return .leadingCombiningMark(scalar, byteOffset: index)
            }
            if isRefused(scalar, inQuotes: quoted) { return .refusedCharacter(scalar, byteOffset: index) }
            index += length
        }
        return nil
    }

    /// The `international` domain checks: no unsafe character as written (named, with its
    /// offset in the address), then the package's one UTS #46 canonicaliser (``UTS46``, with
    /// CheckHyphens), then the checks of ``aLabelDomainRejection(_:international:policy:)`` on
    /// the A-label form, then the address length with the A-label domain (RFC 5321
    /// §4.5.3.1.3 counts what is sent to a server that lacks SMTPUTF8).
    /// - Parameters:
    ///   - domain: the domain's bytes as written.
    ///   - localPartLength: the local part's length in octets (the domain's offset less one).
    ///   - policy: the policy options.
    ///   - canonicalDomain: set to the A-label form when it differs from `domain` by more
    ///     than ASCII case.
    static func internationalDomainRejection(
        _ domain: UnsafeRawBufferPointer, localPartLength: Int, policy: EmailPolicy,
        canonicalDomain converted: inout String?
    ) -> EmailRejection? {
        if let dots = plainLDHDots(domain) {
            return domainTailRejection(domain, dots: dots, international: true, policy: policy)
        }
        switch canonicalDomain(domain, localPartLength: localPartLength) {
        case .rejected(let rejection):
            return rejection
        case .unchanged:
            return aLabelDomainRejection(domain, international: true, policy: policy)
        case .converted(var aLabels):
            let rejection = aLabels.withUTF8 {
                aLabelDomainRejection(UnsafeRawBufferPointer($0), international: true, policy: policy)
            }
            if let rejection { return rejection }
            guard localPartLength + 1 + aLabels.utf8.count <= 254 else { return .addressTooLong }
            converted = aLabels
            return nil
        }
    }

    /// The number of dots of a domain that is plain LDH ASCII, or nil when it is not: every
    /// byte a letter, digit, hyphen or dot, labels of 1–63 octets with no hyphen at an edge and
    /// no `--` in positions 3–4, at most 253 octets. Such a domain is its own canonical form
    /// (up to case; see ``canonicalDomain(_:localPartLength:)``) and passes every label rule, so
    /// one pass decides what three would; anything else takes the detailed checks, which name
    /// the rule. The domain is `bytes` from index `domainStart` to the end.
    static func plainLDHDots(_ bytes: UnsafeRawBufferPointer, from domainStart: Int = 0) -> Int? {
        guard bytes.count - domainStart <= 253 else { return nil }
        let hyphen = UInt8(ascii: "-")
        /// Whether the letters, digits and hyphens from `start` to `end` make a plain label:
        /// 1–63 octets, no hyphen at an edge, no `--` in positions 3–4.
        func isPlainLabel(_ start: Int, _ end: Int) -> Bool {
            let length = end - start
            return length >= 1 && length <= 63 && bytes[start] != hyphen && bytes[end - 1] != hyphen
                && !(length >= 4 && bytes[start + 2] == hyphen && bytes[start + 3] == hyphen)
        }
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var dots = 0
        var labelStart = domainStart
        var index = domainStart
        // A run of letters and digits at a time; the byte that ends one is a dot (a label's
        // end, where its hyphen and length rules apply), a hyphen, or not LDH.
        while true {
            index = ASCIIWord.alphanumericRunEnd(base, from: index, to: count)
            if index == count { break }
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == dot {
                guard isPlainLabel(labelStart, index) else { return nil }
                dots += 1
                labelStart = index + 1
            } else if byte != hyphen {
                return nil
            }
            index += 1
        }
        return isPlainLabel(labelStart, count) ? dots : nil
    }

    /// The canonical ASCII form of a domain, or why it has none.
    enum CanonicalDomain {
        /// An ASCII domain whose canonical form is itself with ASCII letters lowercased.
        case unchanged
        /// The canonical form differs (U-labels, mapped characters).
        case converted(String)
        case rejected(EmailRejection)
    }

    /// The domain in canonical ASCII form: UTS #46 ToASCII (``UTS46/toASCII(_:options:)``,
    /// CheckHyphens; the DNS lengths are checked on the result by the caller).
    ///
    /// An ASCII domain without `--` in positions 3–4 of any label skips the canonicaliser: under
    /// UTS #46 (UseSTD3ASCIIRules off) every ASCII code point is valid except A–Z, which map to
    /// a–z; with no `xn--` label there is nothing to decode, no Bidi label and no joiner, and the
    /// hyphen rules are the caller's label rules. `EmailIDNAFastPathTests` checks this identity
    /// against ``UTS46`` on generated domains.
    /// - Parameters:
    ///   - domain: the domain's bytes as written.
    ///   - localPartLength: the domain's offset in the address, less one.
    static func canonicalDomain(_ domain: UnsafeRawBufferPointer, localPartLength: Int) -> CanonicalDomain {
        var ascii = true
        var hyphens34 = false
        var labelStart = 0
        var index = 0
        while index < domain.count {
            let byte = domain[index]
            if byte < 0x80 {
                if byte <= 0x20 || byte == 0x7F {
                    return .rejected(.refusedCharacter(Unicode.Scalar(byte), byteOffset: localPartLength + 1 + index))
                }
                if byte == dot {
                    labelStart = index + 1
                } else if byte == UInt8(ascii: "-"), index == labelStart + 3, domain[index - 1] == UInt8(ascii: "-") {
                    hyphens34 = true
                }
                index += 1
                continue
            }
            ascii = false
            guard let (scalar, length) = decodeScalar(domain, at: index, end: domain.count) else {
                return .rejected(.invalidUTF8)
            }
            if isRefused(scalar, inQuotes: false) {
                return .rejected(.refusedCharacter(scalar, byteOffset: localPartLength + 1 + index))
            }
            // A mark right after the "@" would combine with it, even one UTS #46 drops.
            if index == 0, isCombiningMark(scalar) {
                return .rejected(.leadingCombiningMark(scalar, byteOffset: localPartLength + 1))
            }
            index += length
        }
        if ascii && !hyphens34 { return .unchanged }
        let answer = CanonicalDomainCache.shared.value(for: domain) {
            UTS46.toASCII(String(decoding: domain, as: UTF8.self), options: [.checkHyphens])
        }
        switch answer {
        case .success(let aLabels): return .converted(aLabels)
        case .failure(let error): return .rejected(rejection(for: error, domainOffset: localPartLength + 1))
        }
    }

    /// The email rejection for a refusal of the canonicaliser: the rules the email checks
    /// name themselves keep their codes; the others keep the canonicaliser's code, with the
    /// code point named in full and its offset counted from the address's start.
    private static func rejection(for error: IDNAError, domainOffset: Int) -> EmailRejection {
        var reason = error.reason
        if let offset = error.byteOffset {
            let prefix = (error.scalar.map { IDNAError.name($0) + " " } ?? "") + "at byte \(offset)"
            if reason.hasPrefix(prefix) {
                reason = (error.scalar.map { $0.codePointLabel + " " } ?? "") + "at byte \(offset + domainOffset)"
                    + reason.dropFirst(prefix.count)
            }
        }
        return switch error.code {
        case .hyphen: error.scalar == nil ? .reservedLabelHyphens : .labelHyphenAtEdge
        case .aLabel, .punycode, .codePoint: .invalidALabel
        case .leadingMark: .invalidULabel
        case .tooLong, .labelLength: .labelTooLong
        case .domainLength: .domainTooLong
        default: .idnaRefused(code: error.code.rawValue, reason: reason)
        }
    }

    /// RFC 6532 §3.1: the local part should be in NFC. Runs after every other check passed.
    /// - Parameters:
    ///   - address: the address bytes (valid UTF-8).
    ///   - atIndex: the index of the `@` that ends the local part.
    /// - Returns: ``EmailRejection/localPartNotNFC(normalized:)`` with the address whose local
    ///   part is in NFC, or nil when it already is.
    static func nfcRejection(_ address: UnsafeRawBufferPointer, atIndex: Int) -> EmailRejection? {
        let local = address[..<atIndex]
        let text = String(decoding: local, as: UTF8.self)
        if text.unicodeScalars.allSatisfy({ TextHygiene.isNFCStable($0.value) }) { return nil }
        let nfc = TextHygiene.nfc(text)
        if nfc.utf8.elementsEqual(text.utf8) { return nil }
        return .localPartNotNFC(normalized: nfc + String(decoding: address[atIndex...], as: UTF8.self))
    }

    /// Whether a scalar is never allowed in an `international` address.
    static func isRefused(_ scalar: Unicode.Scalar, inQuotes: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return true
        case .spaceSeparator:
            return !(inQuotes && scalar == " ")
        default:
            return scalar.properties.isNoncharacterCodePoint
        }
    }

    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// The scalar whose UTF-8 starts at `index`, and its length, or nil when the bytes before
    /// `end` are not well-formed UTF-8 there.
    static func decodeScalar(
        _ bytes: UnsafeRawBufferPointer, at index: Int, end: Int
    ) -> (Unicode.Scalar, Int)? {
        var iterator = bytes[index..<min(end, index + 4)].makeIterator()
        var decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }
}
