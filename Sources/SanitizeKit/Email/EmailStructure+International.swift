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
    /// - Returns: the rejection naming the character and its byte offset, `invalidUTF8`, or nil.
    static func localPartRejection(_ address: UnsafeRawBufferPointer, end: Int) -> EmailRejection? {
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
            guard let (scalar, length) = decodeScalar(address, at: index, end: end) else { return .invalidUTF8 }
            if index == contentStart, isCombiningMark(scalar) {
                return .leadingCombiningMark(scalar, byteOffset: index)
            }
            if isRefused(scalar, inQuotes: quoted) { return .refusedCharacter(scalar, byteOffset: index) }
            index += length
        }
        return nil
    }

    /// The `international` domain checks: no unsafe character as written, then the checks of
    /// ``aLabelDomainRejection(_:international:policy:)`` on its A-label form, then the
    /// address length with the A-label domain (RFC 5321 §4.5.3.1.3 counts what is sent to a
    /// server that lacks SMTPUTF8).
    /// - Parameters:
    ///   - domain: the domain's bytes as written.
    ///   - localPartLength: the local part's length in octets (the domain's offset less one).
    ///   - policy: the policy options.
    static func internationalDomainRejection(
        _ domain: UnsafeRawBufferPointer, localPartLength: Int, policy: EmailPolicy
    ) -> EmailRejection? {
        var ascii = true
        var index = 0
        while index < domain.count {
            let byte = domain[index]
            if byte < 0x80 {
                if byte <= 0x20 || byte == 0x7F {
                    return .refusedCharacter(Unicode.Scalar(byte), byteOffset: localPartLength + 1 + index)
                }
                index += 1
                continue
            }
            ascii = false
            guard let (scalar, length) = decodeScalar(domain, at: index, end: domain.count) else { return .invalidUTF8 }
            if isRefused(scalar, inQuotes: false) {
                return .refusedCharacter(scalar, byteOffset: localPartLength + 1 + index)
            }
            index += length
        }
        if ascii { return aLabelDomainRejection(domain, international: true, policy: policy) }
        let aLabels: [UInt8]
        switch aLabelForm(domain) {
        case .domain(let bytes): aLabels = bytes
        case .rejected(let rejection): return rejection
        }
        let rejection = aLabels.withUnsafeBytes { aLabelDomainRejection($0, international: true, policy: policy) }
        if let rejection { return rejection }
        return localPartLength + 1 + aLabels.count > 254 ? .addressTooLong : nil
    }

    /// A domain in A-label form, or why it has none.
    private enum ALabelForm {
        case domain([UInt8])
        case rejected(EmailRejection)
    }

    /// The domain with each U-label replaced by its A-label (`xn--` + Punycode, RFC 3492),
    /// after RFC 5891 §4.2.3 checks of the U-label.
    private static func aLabelForm(_ domain: UnsafeRawBufferPointer) -> ALabelForm {
        var output: [UInt8] = []
        output.reserveCapacity(domain.count + 16)
        for label in domain.split(separator: dot, omittingEmptySubsequences: false) {
            if label.startIndex > 0 { output.append(dot) }
            if label.allSatisfy({ $0 < 0x80 }) {
                output.append(contentsOf: label)
                continue
            }
            let scalars = Array(String(decoding: label, as: UTF8.self).unicodeScalars)
            if let rejection = uLabelRejection(scalars) { return .rejected(rejection) }
            guard let encoded = Punycode.encode(scalars), encoded.utf8.count <= 59 else {
                return .rejected(.labelTooLong)
            }
            output.append(contentsOf: "xn--".utf8)
            output.append(contentsOf: encoded.utf8)
        }
        return .domain(output)
    }

    /// RFC 6532 §3.1: the local part should be in NFC. Runs after every other check passed.
    /// - Parameter address: the address bytes (valid UTF-8 with an `@`).
    /// - Returns: ``EmailRejection/localPartNotNFC(normalized:)`` with the address whose local
    ///   part is in NFC, or nil when it already is.
    static func nfcRejection(_ address: UnsafeRawBufferPointer) -> EmailRejection? {
        guard let atIndex = address.lastIndex(of: at) else { return nil }
        let local = address[..<atIndex]
        // Every scalar below U+0300 (lead byte below 0xCC) is NFC and starts a segment.
        if local.allSatisfy({ $0 < 0xCC }) { return nil }
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
