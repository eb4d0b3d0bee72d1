/// A named definition of a valid email address; each is a pattern in `Rules/email/<mode>.pcre`.
public enum EmailMode: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Exactly the WHATWG HTML "valid email address" (HTML §4.10.5.1.5, `input type=email`).
    case html5
    /// RFC 5321 §4.1.2 Mailbox: dot-atom or quoted-string local part of at most 64 octets,
    /// address of at most 254 octets, DNS labels of 1–63 letters, digits and hyphens, or an
    /// address literal `[IPv4]` / `[IPv6:…]` (§4.1.3).
    case rfc5321
    /// The classic app regex `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}`, anchored; kept for
    /// compatibility (it rejects `.museum` and `.company`).
    case strict
    /// The classic permissive regex `.+@.+\.[A-Za-z]{2}[A-Za-z]*`, anchored; kept for compatibility.
    case lenient
    /// RFC 6531 SMTPUTF8: as ``rfc5321`` with a UTF-8 local part and IDN domains, without
    /// invisible or unsafe characters (General Category Cc, Cf, Zl, Zp, Zs, Co, Cs, Cn), with
    /// an NFC local part (RFC 6532 §3.1), the domain through the package's UTS #46
    /// canonicaliser and the lengths on its A-label form; a dot and no special-use name by
    /// default (``EmailPolicy``).
    case international

    /// The mode's name, as used by `--mode` and the rule file name.
    public var description: String { rawValue }

    /// True for the modes whose verdict also rests on the length, label and address-literal
    /// checks made in Swift after the pattern; the others are their pattern alone.
    var checksStructure: Bool { self == .rfc5321 || self == .international }
}
