/// A set of bytes to percent-encode, as the WHATWG URL Standard defines them (§1.3
/// "Percent-encoded bytes"), plus the RFC 3986 unreserved complement and custom sets.
///
/// Text is encoded as UTF-8 first ("UTF-8 percent-encode"), so every byte above 0x7E (all
/// non-ASCII) and every C0 control is always in the set; only printable ASCII can be left out.
///
/// ```swift
/// let set = PercentEncodeSet.query.adding("&=+#%")
/// PercentEncoding.encode("a&b=c d", using: set)   // a%26b%3Dc%20d
/// ```
public struct PercentEncodeSet: Sendable, Hashable {
    /// Bit `b` of the 256-bit map says whether byte `b` is encoded.
    private var low: UInt64
    private var high: UInt64
    /// Whether U+0020 SPACE is written as `+` (application/x-www-form-urlencoded).
    package var spaceAsPlus: Bool

    /// A set that encodes exactly the C0 controls (0x00–0x1F) and every byte above 0x7E.
    private init() {
        low = 0xFFFF_FFFF  // 0x00–0x1F
        high = 1 << 63  // 0x7F
        spaceAsPlus = false
    }

    /// The C0 control percent-encode set: C0 controls and every code point above U+007E.
    package static let c0Control = PercentEncodeSet()
    /// The fragment percent-encode set: C0 control set + space `"` `<` `>` `` ` ``.
    package static let fragment = c0Control.adding(" \"<>`")
    /// The query percent-encode set: C0 control set + space `"` `#` `<` `>`.
    package static let query = c0Control.adding(" \"#<>")
    /// The special-query percent-encode set: query set + `'`.
    package static let specialQuery = query.adding("'")
    /// The path percent-encode set: query set + `?` `^` `` ` `` `{` `}`.
    public static let path = query.adding("?^`{}")
    /// The userinfo percent-encode set: path set + `/` `:` `;` `=` `@` `[` `\` `]` `|`.
    package static let userinfo = path.adding("/:;=@[\\]|")
    /// The component percent-encode set: userinfo set + `$` `%` `&` `+` `,`
    /// (what `encodeURIComponent` should have been).
    public static let component = userinfo.adding("$%&+,")
    /// The application/x-www-form-urlencoded percent-encode set: component set + `!` `'` `(`
    /// `)` `~`, with space written as `+`.
    public static let formURLEncoded: PercentEncodeSet = {
        var set = component.adding("!'()~")
        set.spaceAsPlus = true
        return set
    }()
    /// Everything except the RFC 3986 §2.3 unreserved characters `A–Z a–z 0–9 - . _ ~`; the
    /// same output as Python's `urllib.parse.quote(s, safe="-._~")`.
    package static let rfc3986Unreserved: PercentEncodeSet = {
        var set = PercentEncodeSet()
        for byte in UInt8(0x20)...0x7E {
            let keep =
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F
                || byte == 0x7E
            if !keep { set.insert(byte) }
        }
        return set
    }()

    /// A custom set: the C0 control set plus the ASCII characters of `characters`.
    /// - Parameter characters: the printable ASCII characters to encode as well; other
    ///   characters are ignored (non-ASCII is always encoded).
    public init(encoding characters: String) {
        self = PercentEncodeSet().adding(characters)
    }

    /// Whether `byte` is encoded.
    /// - Parameter byte: a byte of UTF-8.
    /// - Returns: `true` when `byte` is written as `%XX`.
    @inline(__always)
    package func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? (low >> UInt64(byte)) & 1 == 1 : byte < 128 ? (high >> UInt64(byte - 64)) & 1 == 1 : true
    }

    /// This set plus the ASCII characters of `characters`.
    /// - Parameter characters: characters to encode as well (non-ASCII ones are ignored: they
    ///   are always encoded).
    /// - Returns: the larger set.
    public func adding(_ characters: String) -> PercentEncodeSet {
        var set = self
        for byte in characters.utf8 where byte < 0x80 { set.insert(byte) }
        return set
    }

    /// This set without the printable ASCII characters of `characters`.
    /// - Parameter characters: characters to leave as they are; C0 controls, DEL and non-ASCII
    ///   cannot be removed and are ignored.
    /// - Returns: the smaller set.
    package func removing(_ characters: String) -> PercentEncodeSet {
        var set = self
        for byte in characters.utf8 where byte >= 0x20 && byte < 0x7F {
            if byte < 64 { set.low &= ~(1 << UInt64(byte)) } else { set.high &= ~(1 << UInt64(byte - 64)) }
        }
        return set
    }

    private mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
    }

    /// A 256-entry table: 1 when the byte is encoded, 2 for a space written as `+`, else 0.
    var table: [UInt8] {
        (0..<256).map { byte in
            if byte == 0x20 && spaceAsPlus { return 2 }
            return contains(UInt8(byte)) ? 1 : 0
        }
    }
}
