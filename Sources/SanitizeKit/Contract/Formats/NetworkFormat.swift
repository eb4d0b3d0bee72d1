/// Host and address formats: RFC 2673 §3.2 `ipv4` (dotted quad), RFC 4291 §2.2 `ipv6`,
/// RFC 1123 §2.1 `hostname`, and RFC 5321 §4.1.2 `email` (built in: dot-atom or quoted local
/// part, a hostname or an address literal after `@`).
enum NetworkFormat {
    static func isIPv4(_ text: UnsafeRawBufferPointer) -> Bool {
        isIPv4(text, 0, text.count)
    }

    static func isIPv4(_ text: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        var parts = 0
        var index = start
        while true {
            let first = index
            var value = 0
            while index < end, text[index] &- 0x30 < 10 {
                value = value * 10 + Int(text[index] - 0x30)
                index += 1
                if index - first > 3 { return false }
            }
            let length = index - first
            guard length > 0, value <= 255, !(length > 1 && text[first] == 0x30) else { return false }
            parts += 1
            if index == end { break }
            guard text[index] == 0x2E, parts < 4 else { return false }
            index += 1
        }
        return parts == 4
    }

    static func isIPv6(_ text: UnsafeRawBufferPointer) -> Bool {
        isIPv6(text, 0, text.count)
    }

    static func isIPv6(_ text: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        guard end - start >= 2 else { return false }
        var groups = 0
        var compressed = false
        var index = start
        if text[index] == 0x3A {
            guard text[index + 1] == 0x3A else { return false }
            compressed = true
            index += 2
            if index == end { return true }
        }
        while index < end {
            let first = index
            while index < end, JSONParser.hexValue(text[index]) != nil { index += 1 }
            let length = index - first
            if index < end, text[index] == 0x2E {
                // Embedded IPv4 in the last 32 bits.
                guard isIPv4(text, first, end) else { return false }
                groups += 2
                index = end
                break
            }
            guard length >= 1, length <= 4 else { return false }
            groups += 1
            if index == end { break }
            guard text[index] == 0x3A else { return false }
            index += 1
            if index < end, text[index] == 0x3A {
                guard !compressed else { return false }
                compressed = true
                index += 1
                if index == end { break }
            } else if index == end {
                return false
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// RFC 1123 hostname: dot-separated labels of letters, digits and hyphens, 1–63 bytes each,
    /// no hyphen at either end, at most 253 bytes (a final dot allowed); an `xn--` label must
    /// not end or begin badly (RFC 5891 §4.2.3.1: no `--` in positions 3–4 unless `xn--`).
    static func isHostname(_ text: UnsafeRawBufferPointer) -> Bool {
        var count = text.count
        if count > 0, text[count - 1] == 0x2E { count -= 1 }
        guard count > 0, count <= 253 else { return false }
        var labelStart = 0
        var index = 0
        while index <= count {
            if index == count || text[index] == 0x2E {
                let length = index - labelStart
                guard length >= 1, length <= 63, text[labelStart] != 0x2D, text[index - 1] != 0x2D else { return false }
                if length >= 4, text[labelStart + 2] == 0x2D, text[labelStart + 3] == 0x2D {
                    let prefix = (text[labelStart] | 0x20, text[labelStart + 1] | 0x20)
                    guard prefix == (0x78, 0x6E), length > 4 else { return false }
                }
                labelStart = index + 1
            } else {
                let byte = text[index]
                let isAlnum = (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
                guard isAlnum || byte == 0x2D else { return false }
            }
            index += 1
        }
        return true
    }

    static let atext: Set<UInt8> = Set(Array("!#$%&'*+-/=?^_`{|}~".utf8))

    static func isEmail(_ text: UnsafeRawBufferPointer) -> Bool {
        guard let at = text.lastIndex(of: 0x40), at > 0, at < text.count - 1 else { return false }
        // Local part: dot-atom or quoted string (RFC 5321 §4.1.2).
        if text[0] == 0x22 {
            guard at >= 2, text[at - 1] == 0x22 else { return false }
            var index = 1
            while index < at - 1 {
                let byte = text[index]
                if byte == 0x5C {
                    guard index + 1 < at - 1 else { return false }
                    index += 2
                    continue
                }
                guard byte >= 0x20, byte != 0x22 else { return false }
                index += 1
            }
        } else {
            guard at <= 64 else { return false }
            var previousDot = true
            for index in 0..<at {
                let byte = text[index]
                if byte == 0x2E {
                    guard !previousDot else { return false }
                    previousDot = true
                } else {
                    let isAlnum = (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10
                    guard isAlnum || atext.contains(byte) || byte >= 0x80 else { return false }
                    previousDot = false
                }
            }
            guard !previousDot else { return false }
        }
        let domain = UnsafeRawBufferPointer(rebasing: text[(at + 1)...])
        if domain.first == 0x5B {
            guard domain.last == 0x5D else { return false }
            let inner = UnsafeRawBufferPointer(rebasing: domain[1..<(domain.count - 1)])
            if inner.starts(with: Array("IPv6:".utf8)) {
                return isIPv6(UnsafeRawBufferPointer(rebasing: inner[5...]))
            }
            return isIPv4(inner)
        }
        return isHostname(domain)
    }
}
