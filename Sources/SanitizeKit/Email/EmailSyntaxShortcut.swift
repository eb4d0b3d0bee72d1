/// The commonest valid addresses, which a mode's built-in pattern surely matches, recognised in
/// one pass over their bytes without the regular-expression engine: an ASCII local part of
/// `atext` (RFC 5322 §3.2.3), "@", and a domain of DNS labels (1–63 letters, digits and hyphens,
/// no hyphen at an edge).
///
/// Only a "yes" is taken: it is a match the pattern would find, so the verdict is unchanged
/// (``EmailValidator`` still applies every check before and after the pattern; it asks only with
/// the mode's built-in pattern under the JIT, not with a pattern of your own nor when the
/// interpreter is asked for). Anything else (a quoted local part, an address literal, non-ASCII
/// bytes, a broken address) goes to PCRE2, which also decides every refusal and its reason.
/// `EmailSyntaxShortcutTests` holds each "yes" to PCRE2 on the built-in patterns.
enum EmailSyntaxShortcut {
    /// Whether the built-in pattern of `mode` surely matches the whole of `address`; `false`
    /// means "ask the pattern".
    /// - `html5` (`^[atext.]+@label(.label)*$`): local characters `atext` or ".", anywhere.
    /// - `rfc5321` and `international` (dot-string or quoted local part, then a domain):
    ///   a dot-string, `atext` runs joined by single dots (`international`'s pattern also takes
    ///   non-ASCII there and any label length; an ASCII dot-string and DNS labels are a subset).
    /// - `strict` and `lenient`: never (their patterns are other shapes).
    ///
    /// `labelsCheckedAfter` is the index of an "@" after which the caller has already checked
    /// every label of the domain as this does (``EmailStructure/aLabelDomainRejection(_:international:policy:)``,
    /// `rfc5321`'s structure check): when the local part ends at that "@", the domain is not
    /// walked a second time.
    static func surelyMatches(_ address: UnsafeRawBufferPointer, mode: EmailMode, labelsCheckedAfter checkedAt: Int? = nil) -> Bool {
        let dotsAnywhere: Bool
        switch mode {
        case .html5: dotsAnywhere = true
        case .rfc5321, .international: dotsAnywhere = false
        case .strict, .lenient: return false
        }
        guard let index = localPartEnd(address, dotsAnywhere: dotsAnywhere) else { return false }
        if index == checkedAt { return true }
        // The domain: labels to the end (an "@" in it is no letter, digit or hyphen).
        var labelStart = index + 1
        var cursor = labelStart
        while true {
            if cursor == address.count || address[cursor] == EmailStructure.dot {
                guard case .length = EmailStructure.asciiLabel(address, labelStart, cursor) else { return false }
                if cursor == address.count { return true }
                labelStart = cursor + 1
            }
            cursor += 1
        }
    }

    /// Whether `address` is valid in the `rfc5321` mode under `policy`, in one pass over its
    /// bytes, for the commonest shape: at most 254 octets, a dot-string local part of at most
    /// 64, "@", a plain LDH domain (``EmailStructure/plainLDHDots(_:from:)``, a dot among its
    /// labels where the policy requires one). Such an address passes every check of
    /// ``EmailStructure/rejection(_:international:policy:findings:)`` and the built-in pattern
    /// surely matches it (``surelyMatches(_:mode:labelsCheckedAfter:)``). `false` means "ask
    /// the checks one by one", which also name the rule an invalid address breaks.
    ///
    /// A policy that refuses special-use names (the mode's default) is never answered here: with
    /// that list compared too, the pass took as long as the checks one by one on the valid
    /// addresses of `Benchmarks/peers/email.sh` and made the invalid ones, which it sends on,
    /// 5 % slower in all. The JSON Schema `email` format, checked on every record a contract
    /// with it filters, refuses none.
    static func surelyValidRFC5321(_ address: UnsafeRawBufferPointer, policy: EmailPolicy) -> Bool {
        !policy.refuseSpecialUseNames && surelyValidRFC5321(address, requiringDot: policy.requireDot)
    }

    /// ``surelyValidRFC5321(_:policy:)`` under a policy that refuses no special-use name and
    /// requires a dot in the domain when `requiringDot` (a caller that knows its policy need
    /// not read it from a validator made on first use: ``NetworkFormat/isEmail(_:)``).
    static func surelyValidRFC5321(_ address: UnsafeRawBufferPointer, requiringDot: Bool) -> Bool {
        guard address.count <= 254, let atIndex = localPartEnd(address, dotsAnywhere: false), atIndex <= 64,
            let dots = EmailStructure.plainLDHDots(address, from: atIndex + 1)
        else { return false }
        return dots > 0 || !requiringDot
    }

    /// The index of the "@" that ends the local part when the local part is `atext` joined by
    /// dots, anywhere (`dotsAnywhere`) or as a dot-string (single dots between `atext` runs),
    /// and is not empty; `nil` otherwise.
    @inline(__always)
    private static func localPartEnd(_ address: UnsafeRawBufferPointer, dotsAnywhere: Bool) -> Int? {
        // Up to the first "@" (neither `atext` nor "." is one), a run of letters and digits at a
        // time: only the byte that ends a run is looked at here.
        guard let base = address.baseAddress else { return nil }
        let count = address.count
        var index = 0
        var previousWasDot = true  // a dot-string may not start with a dot
        while true {
            let runEnd = ASCIIWord.alphanumericRunEnd(base, from: index, to: count)
            if runEnd > index {
                previousWasDot = false
                index = runEnd
            }
            guard index < count else { return nil }  // no "@"
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == EmailStructure.at { break }
            if byte == EmailStructure.dot {
                if !dotsAnywhere && previousWasDot { return nil }
                previousWasDot = true
            } else {
                guard isAtext(byte) else { return nil }
                previousWasDot = false
            }
            index += 1
        }
        guard index > 0, dotsAnywhere || !previousWasDot else { return nil }
        return index
    }

    /// RFC 5322 §3.2.3 `atext`: ASCII letters, digits and ``!#$%&'*+-/=?^_`{|}~``. (A pair of
    /// bit masks in the code, not a table in a `static let`: that was read through a
    /// lazy-initialization check on every byte.)
    @inline(__always)
    private static func isAtext(_ byte: UInt8) -> Bool {
        // Bit n of the pair: byte n (0–63, 64–127) is `atext`.
        ASCIIByteSet(low: 0xA3FF_ACFA_0000_0000, high: 0x7FFF_FFFF_C7FF_FFFE).contains(byte)
    }
}
