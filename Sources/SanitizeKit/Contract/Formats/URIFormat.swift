/// RFC 3986 `uri` / `uri-reference`, RFC 4122 `uuid`, RFC 6901 `json-pointer`, and ECMA-262
/// `regex` (compiled with PCRE2).
enum URIFormat {
    static let unreserved = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
    static let subDelims = Set(Array("!$&'()*+,;=".utf8))

    /// RFC 3986 §4.1: `URI` (scheme required) or `URI-reference`; every byte must be allowed
    /// where it stands, and `%` must start a valid escape.
    static func isURI(_ text: UnsafeRawBufferPointer, requireScheme: Bool) -> Bool {
        let bytes = Array(text)
        // Characters allowed anywhere in the generic syntax (plus gen-delims in their places).
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x25 {
                guard index + 2 < bytes.count, JSONParser.hexValue(bytes[index + 1]) != nil, JSONParser.hexValue(bytes[index + 2]) != nil
                else { return false }
                index += 3
                continue
            }
            guard unreserved.contains(byte) || subDelims.contains(byte) || Array(":/?#[]@".utf8).contains(byte) else { return false }
            index += 1
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":".
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(where: { "/?#".contains($0) }) {
            let scheme = rest[..<colon]
            guard let first = scheme.first, first.isASCII, first.isLetter,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { return false }
            rest = rest[rest.index(after: colon)...]
        } else if requireScheme {
            return false
        } else if let colon = rest.firstIndex(of: ":"), let slash = rest.firstIndex(where: { "/?#".contains($0) }), colon < slash {
            return false
        }
        // Fragment and query may hold "/?:@" but not "#" or brackets.
        var hierarchy = rest
        if let hash = rest.firstIndex(of: "#") {
            let fragment = rest[rest.index(after: hash)...]
            guard !fragment.contains("#"), !fragment.contains("["), !fragment.contains("]") else { return false }
            hierarchy = rest[..<hash]
        }
        if let question = hierarchy.firstIndex(of: "?") {
            guard !hierarchy[question...].contains("["), !hierarchy[question...].contains("]") else { return false }
            hierarchy = hierarchy[..<question]
        }
        if hierarchy.hasPrefix("//") {
            let afterSlashes = hierarchy.dropFirst(2)
            let authority = afterSlashes.prefix { $0 != "/" }
            var host = Substring(authority)
            guard authority.count(where: { $0 == "@" }) <= 1 else { return false }
            if let at = authority.lastIndex(of: "@") {
                guard !authority[..<at].contains("["), !authority[..<at].contains("]") else { return false }
                host = authority[authority.index(after: at)...]
            }
            if host.hasPrefix("[") {
                guard let close = host.firstIndex(of: "]") else { return false }
                let literal = Array(host[host.index(after: host.startIndex)..<close].utf8)
                let isIP = literal.withUnsafeBytes { NetworkFormat.isIPv6($0) } || literal.first.map { $0 | 0x20 == 0x76 } == true
                guard isIP else { return false }
                let port = host[host.index(after: close)...]
                guard port.isEmpty || (port.first == ":" && port.dropFirst().allSatisfy(\.isNumber)) else { return false }
            } else {
                guard !host.contains("["), !host.contains("]") else { return false }
                if let colon = host.lastIndex(of: ":") {
                    guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
                }
            }
            guard !afterSlashes.dropFirst(authority.count).contains("["), !afterSlashes.dropFirst(authority.count).contains("]") else {
                return false
            }
        } else {
            guard !hierarchy.contains("["), !hierarchy.contains("]") else { return false }
        }
        return true
    }

    /// RFC 4122 §3 string form: 8-4-4-4-12 hex digits.
    static func isUUID(_ text: UnsafeRawBufferPointer) -> Bool {
        guard text.count == 36 else { return false }
        for (index, byte) in text.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == 0x2D else { return false }
            } else {
                guard JSONParser.hexValue(byte) != nil else { return false }
            }
        }
        return true
    }

    /// RFC 6901 §3: empty, or `/`-prefixed tokens where `~` is followed by `0` or `1`.
    static func isJSONPointer(_ text: UnsafeRawBufferPointer) -> Bool {
        guard !text.isEmpty else { return true }
        guard text[0] == 0x2F else { return false }
        var index = 0
        while index < text.count {
            if text[index] == 0x7E {
                guard index + 1 < text.count, text[index + 1] == 0x30 || text[index + 1] == 0x31 else { return false }
                index += 2
                continue
            }
            index += 1
        }
        return true
    }

    /// ECMA-262 regular expression: compiles with PCRE2 in its ECMAScript-compatible mode,
    /// and has no escape or group syntax that ECMA-262 lacks (`\a`, `\e`, `\z`, `\Z`, `\A`,
    /// `\Q`/`\E`, `(?P<…>`, `(?#…)`, `(?i)`).
    static func isRegex(_ text: UnsafeRawBufferPointer) -> Bool {
        let source = String(decoding: text, as: UTF8.self)
        // Group syntax that PCRE2 has and ECMA-262 lacks: Python named groups, comments,
        // and inline flag groups.
        for marker in ["(?P<", "(?P=", "(?P>", "(?#"] where source.contains(marker) { return false }
        if source.contains(#/\(\?[a-zA-Z\^-]+[):]/#) { return false }
        var escaped = false
        for character in source.unicodeScalars {
            if escaped {
                if "aezZAQEG".unicodeScalars.contains(character) { return false }
                escaped = false
            } else if character == "\\" {
                escaped = true
            }
        }
        return (try? PCRE2Pattern(source, options: PatternMatcher.options)) != nil
    }
}
