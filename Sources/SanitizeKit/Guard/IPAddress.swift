/// An IP address taken from a URL host, with the address ranges the guard cares about.
///
/// Parsing follows the WHATWG URL Standard (§3.5 "host parsing"): an IPv4 host may be
/// written with one to four parts, each decimal, octal (leading `0`) or hex (`0x`), so
/// `2130706433`, `0x7f.1` and `0177.0.0.1` all mean `127.0.0.1` to a browser or to
/// `inet_aton`. The guard parses them the same way so that no spelling hides a loopback or
/// private address.
package enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IPv4 address as a 32-bit number, most significant octet first.
    case v4(UInt32)
    /// An IPv6 address as eight 16-bit pieces.
    case v6([UInt16])

    /// What kind of network an address (or a host name) points into.
    package enum Scope: String, Sendable, Hashable {
        /// This machine: `127.0.0.0/8`, `0.0.0.0/8`, `::1`, `::`, `localhost`.
        case loopback
        /// A private, link-local, shared, multicast or otherwise non-public network:
        /// RFC 1918, RFC 6598, `169.254.0.0/16`, `fc00::/7`, `fe80::/10`, `.local`, …
        case localNetwork = "local-network"
        /// Anything else.
        case publicNetwork = "public"
    }

    /// The canonical text: dotted decimal, or the RFC 5952 compressed IPv6 form in brackets.
    package var description: String {
        switch self {
        case .v4(let value): return IPAddress.dotted(value)
        case .v6(let pieces): return "[" + IPAddress.compressed(pieces) + "]"
        }
    }

    /// The network scope of the address (see ``Scope``).
    ///
    /// An IPv4-mapped address (`::ffff:0:0/96`) is the IPv4 address itself on a dual-stack
    /// socket and has its scope. The IPv6 transition forms (``isTransitionAddress``) route
    /// off this machine through a translator or tunnel, yet they name an IPv4 address: they
    /// take the strictest scope of the IPv4 addresses they embed, so a policy that denies
    /// loopback or local networks denies them too, and ``RequestGuard`` never lets plain
    /// http reach them under `allow-http`.
    package var scope: Scope {
        switch self {
        case .v4(let value): return IPAddress.scope(ofV4: value)
        case .v6(let p):
            if p == [0, 0, 0, 0, 0, 0, 0, 1] || p == [0, 0, 0, 0, 0, 0, 0, 0] { return .loopback }
            if p[0...4].allSatisfy({ $0 == 0 }) && p[5] == 0xFFFF {
                return IPAddress.scope(ofV4: UInt32(p[6]) << 16 | UInt32(p[7]))
            }
            let embedded = embeddedTransitionV4
            if !embedded.isEmpty {
                let scopes = embedded.map(IPAddress.scope(ofV4:))
                if scopes.contains(.loopback) { return .loopback }
                if scopes.contains(.localNetwork) { return .localNetwork }
                return .publicNetwork
            }
            if p[0] & 0xFE00 == 0xFC00 { return .localNetwork }  // fc00::/7 unique local
            if p[0] & 0xFFC0 == 0xFE80 { return .localNetwork }  // fe80::/10 link-local
            if p[0] & 0xFFC0 == 0xFEC0 { return .localNetwork }  // fec0::/10 site-local (deprecated)
            if p[0] & 0xFF00 == 0xFF00 { return .localNetwork }  // ff00::/8 multicast
            if p[0] == 0x0100 && p[1...3].allSatisfy({ $0 == 0 }) { return .localNetwork }  // 100::/64 discard
            return .publicNetwork
        }
    }

    /// Whether the address is an IPv6 transition form that carries an IPv4 address but
    /// routes off this machine: IPv4-compatible `::a.b.c.d` (RFC 4291 §2.5.5.1, deprecated),
    /// NAT64 `64:ff9b::/96` (RFC 6052) and `64:ff9b:1::/48` (RFC 8215), 6to4 `2002::/16`
    /// (RFC 3056), Teredo `2001::/32` (RFC 4380).
    package var isTransitionAddress: Bool { !embeddedTransitionV4.isEmpty }

    /// The IPv4 addresses a transition form embeds (empty for any other address).
    var embeddedTransitionV4: [UInt32] {
        guard case .v6(let p) = self else { return [] }
        func v4(_ high: UInt16, _ low: UInt16) -> UInt32 { UInt32(high) << 16 | UInt32(low) }
        if p[0...5].allSatisfy({ $0 == 0 }) && !(p[6] == 0 && p[7] <= 1) {
            return [v4(p[6], p[7])]  // ::a.b.c.d
        }
        if p[0] == 0x64 && p[1] == 0xFF9B && p[2...5].allSatisfy({ $0 == 0 }) {
            return [v4(p[6], p[7])]  // 64:ff9b::/96
        }
        if p[0] == 0x64 && p[1] == 0xFF9B && p[2] == 1 {
            // RFC 6052 §2.2 for a /48 prefix: octets 6–7 and 9–10; also the last 32 bits.
            return [v4(p[3], (p[4] & 0xFF) << 8 | p[5] >> 8), v4(p[6], p[7])]
        }
        if p[0] == 0x2002 { return [v4(p[1], p[2])] }  // 2002:a.b.c.d::/48
        if p[0] == 0x2001 && p[1] == 0 {
            return [v4(p[2], p[3]), ~v4(p[6], p[7])]  // Teredo server, client (inverted)
        }
        return []
    }

    private static func scope(ofV4 value: UInt32) -> Scope {
        let a = value >> 24
        let b = (value >> 16) & 0xFF
        switch a {
        case 127, 0: return .loopback
        case 10: return .localNetwork
        case 100 where b & 0xC0 == 64: return .localNetwork  // 100.64.0.0/10 shared (CGNAT)
        case 169 where b == 254: return .localNetwork  // link-local, cloud metadata
        case 172 where b & 0xF0 == 16: return .localNetwork
        case 192 where b == 168: return .localNetwork
        case 192 where b == 0 && (value >> 8) & 0xFF == 0: return .localNetwork  // 192.0.0.0/24
        case 198 where b & 0xFE == 18: return .localNetwork  // 198.18.0.0/15 benchmarking
        case 224...255: return .localNetwork  // multicast, reserved, broadcast
        default: return .publicNetwork
        }
    }

    static func dotted(_ value: UInt32) -> String {
        "\(value >> 24).\((value >> 16) & 0xFF).\((value >> 8) & 0xFF).\(value & 0xFF)"
    }

    /// RFC 5952 §4: lowercase hex, no leading zeros, the longest run (≥ 2) of zero pieces as `::`.
    static func compressed(_ pieces: [UInt16]) -> String {
        var bestStart = -1
        var bestLength = 1
        var index = 0
        while index < pieces.count {
            if pieces[index] == 0 {
                var end = index
                while end < pieces.count && pieces[end] == 0 { end += 1 }
                if end - index > bestLength {
                    bestStart = index
                    bestLength = end - index
                }
                index = end
            } else {
                index += 1
            }
        }
        var text = ""
        index = 0
        while index < pieces.count {
            if index == bestStart {
                text += index == 0 ? "::" : ":"
                index += bestLength
                continue
            }
            text += String(pieces[index], radix: 16)
            if index < pieces.count - 1 { text += ":" }
            index += 1
        }
        return text
    }
}

extension IPAddress {
    /// Parses an IPv4 host per the WHATWG IPv4 parser (URL §3.5): one to four parts
    /// separated by `.`, each decimal, octal (`0` prefix) or hex (`0x` prefix); the last part
    /// fills the remaining bytes. A single trailing dot is allowed.
    /// - Parameter host: the ASCII host, already lowercased.
    /// - Returns: the address, or `nil` when a part is not a number or a value is out of range.
    static func parseV4(_ host: Substring) -> UInt32? {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseV4Number(part) else { return nil }
            numbers.append(number)
        }
        for number in numbers.dropLast() where number > 255 { return nil }
        guard let last = numbers.last else { return nil }
        let limit: UInt64 = 1 << (8 * UInt64(5 - numbers.count))
        guard last < limit else { return nil }
        var value = last
        for (index, number) in numbers.dropLast().enumerated() {
            value += number << (8 * UInt64(3 - index))
        }
        return UInt32(truncatingIfNeeded: value)
    }

    private static func parseV4Number(_ part: Substring) -> UInt64? {
        var bytes = Array(part.utf8)
        guard !bytes.isEmpty else { return nil }
        var radix: UInt64 = 10
        if bytes.count >= 2 && bytes[0] == UInt8(ascii: "0") && (bytes[1] | 0x20) == UInt8(ascii: "x") {
            radix = 16
            bytes.removeFirst(2)
        } else if bytes.count >= 2 && bytes[0] == UInt8(ascii: "0") {
            radix = 8
            bytes.removeFirst(1)
        }
        if bytes.isEmpty { return 0 }
        var value: UInt64 = 0
        for byte in bytes {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt64(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            value = value * radix + digit
            guard value <= UInt64(UInt32.max) else { return nil }  // cap keeps it from overflowing
        }
        return value
    }

    /// Parses the text between `[` and `]` per the WHATWG IPv6 parser (URL §3.5), including
    /// `::` compression and a trailing dotted IPv4 part (`::ffff:127.0.0.1`).
    /// - Parameter text: the bracketed text, without the brackets.
    /// - Returns: eight pieces, or `nil` when the text is not a valid IPv6 address (zone
    ///   identifiers such as `%eth0` are not accepted).
    static func parseV6(_ text: Substring) -> [UInt16]? {
        let input = Array(text.utf8)
        guard input.count <= 64 else { return nil }
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int? = nil
        var pointer = 0
        func at(_ i: Int) -> UInt8? { i < input.count ? input[i] : nil }

        if at(pointer) == UInt8(ascii: ":") {
            guard at(pointer + 1) == UInt8(ascii: ":") else { return nil }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let c = at(pointer) {
            guard pieceIndex < 8 else { return nil }
            if c == UInt8(ascii: ":") {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let h = at(pointer), let digit = hexValue(h) {
                value = value &* 16 &+ UInt16(digit)
                pointer += 1
                length += 1
            }
            if at(pointer) == UInt8(ascii: ".") {
                guard length > 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                var numbersSeen = 0
                while let d = at(pointer) {
                    var ipv4Piece: Int? = nil
                    if numbersSeen > 0 {
                        guard d == UInt8(ascii: "."), numbersSeen < 4 else { return nil }
                        pointer += 1
                    }
                    guard let first = at(pointer), first.isASCIIDigit else { return nil }
                    while let digit = at(pointer), digit.isASCIIDigit {
                        let number = Int(digit - UInt8(ascii: "0"))
                        if ipv4Piece == 0 { return nil }  // leading zero
                        ipv4Piece = (ipv4Piece ?? 0) * 10 + number
                        guard let piece = ipv4Piece, piece <= 255 else { return nil }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(ipv4Piece ?? 0)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if at(pointer) == UInt8(ascii: ":") {
                pointer += 1
                guard at(pointer) != nil else { return nil }
            } else if at(pointer) != nil {
                return nil
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0 && swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isHexDigit: Bool {
        isASCIIDigit || (self >= 0x61 && self <= 0x66) || (self >= 0x41 && self <= 0x46)
    }
}
