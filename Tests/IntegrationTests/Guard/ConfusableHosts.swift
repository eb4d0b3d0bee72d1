import Foundation

@testable import SanitizeKit

/// The generated attack set of issue #14: sensitive hosts with one character replaced by
/// every code point (U+0080…U+2FFFF) whose NFKC form, lowercased, is that character, and an
/// independent reading of a WHATWG host (as node prints it) as internal or not.
enum ConfusableHosts {
    /// Hosts a guard must never let through under the default policy, and the allowlisted API host.
    static let sensitive = [
        "127.0.0.1", "10.0.0.1", "192.168.1.1", "172.16.0.1", "169.254.169.254", "localhost", "a.localhost",
        "printer.local", "db.internal", "api.example.com",
    ]

    /// The allowlisted host of ``policy``.
    static let apiHost = "api.example.com"
    /// Default transport rules; credentials only for `https://api.example.com/`.
    static let policy = #"{"version": 1, "credentials": {"allowedBaseURLs": ["https://api.example.com/"]}}"#

    /// For each ASCII character, the non-ASCII code points whose NFKC, lowercased, is it.
    static let lookalikes: [Character: [Unicode.Scalar]] = {
        var table: [Character: [Unicode.Scalar]] = [:]
        for value in UInt32(0x80)..<0x30000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let folded = String(scalar).precomposedStringWithCompatibilityMapping.lowercased()
            guard folded.count == 1, let character = folded.first, character.isASCII else { continue }
            table[character, default: []].append(scalar)
        }
        return table
    }()

    /// `https://<host with one character replaced>/` for every sensitive host, position and
    /// look-alike.
    static let urls: [String] = {
        var urls: [String] = []
        for host in sensitive {
            let characters = Array(host)
            for (index, character) in characters.enumerated() {
                for scalar in lookalikes[character] ?? [] {
                    var variant = characters
                    variant[index] = Character(scalar)
                    urls.append("https://" + String(variant) + "/")
                }
            }
        }
        return urls
    }()

    /// Whether a WHATWG hostname (node's `URL.hostname`) names this machine or a private,
    /// link-local, shared or unspecified network, read without the guard's code: IPv4 in
    /// dotted form, IPv6 in brackets, `localhost`, `*.localhost`, `.local`, `.internal`,
    /// `.home.arpa`, and single-label names.
    static func isInternal(_ hostname: String) -> Bool {
        var name = hostname.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if name.hasPrefix("[") { return isInternalV6(String(name.dropFirst().dropLast())) }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, let octets = Optional(parts.compactMap { UInt8($0) }), octets.count == 4 {
            return isInternalV4(octets)
        }
        for suffix in ["localhost", "local", "internal", "home.arpa", "lan", "localdomain"]
        where name == suffix || name.hasSuffix("." + suffix) {
            return true
        }
        return !name.contains(".")
    }

    static func isInternalV4(_ o: [UInt8]) -> Bool {
        switch o[0] {
        case 0, 10, 127: return true
        case 100: return o[1] & 0xC0 == 64
        case 169: return o[1] == 254
        case 172: return o[1] & 0xF0 == 16
        case 192: return o[1] == 168 || (o[1] == 0 && o[2] == 0)
        case 198: return o[1] & 0xFE == 18
        case 224...255: return true
        default: return false
        }
    }

    /// IPv6 as node serializes it (lowercase, `::` compression, no IPv4 dotted tail).
    static func isInternalV6(_ text: String) -> Bool {
        let halves = text.components(separatedBy: "::")
        func pieces(_ s: String) -> [UInt16] { s.isEmpty ? [] : s.split(separator: ":").compactMap { UInt16($0, radix: 16) } }
        var p = pieces(halves[0])
        if halves.count == 2 {
            let tail = pieces(halves[1])
            p += [UInt16](repeating: 0, count: max(0, 8 - p.count - tail.count)) + tail
        }
        guard p.count == 8 else { return true }
        func v4(_ a: UInt16, _ b: UInt16) -> [UInt8] { [UInt8(a >> 8), UInt8(a & 0xFF), UInt8(b >> 8), UInt8(b & 0xFF)] }
        if p[0...6].allSatisfy({ $0 == 0 }) { return true }  // ::, ::1, ::/112
        if p[0...4].allSatisfy({ $0 == 0 }) && (p[5] == 0 || p[5] == 0xFFFF) { return isInternalV4(v4(p[6], p[7])) }
        if p[0] == 0x64 && p[1] == 0xFF9B { return isInternalV4(v4(p[6], p[7])) || p[2] == 1 }
        if p[0] == 0x2002 { return isInternalV4(v4(p[1], p[2])) }
        if p[0] == 0x2001 && p[1] == 0 { return true }
        return p[0] & 0xFE00 == 0xFC00 || p[0] & 0xFFC0 == 0xFE80 || p[0] & 0xFFC0 == 0xFEC0 || p[0] >= 0xFF00
    }
}
