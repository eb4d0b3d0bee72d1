/// Normalizes a URL path for prefix matching, so that the segments the guard compares are
/// the segments a server will route on.
///
/// Steps (RFC 3986 §6.2.2 syntax-based normalization, then §5.2.4 remove_dot_segments):
/// 1. split at `/`;
/// 2. in each segment decode percent escapes of unreserved characters (`A-Z a-z 0-9 - . _ ~`)
///    and uppercase the hex digits of all other escapes, so `%2e%2E` is `..` and `%7e` is `~`;
/// 3. remove `.` and `..` segments (a `..` at the root stays at the root).
///
/// A path that servers read in more than one way is refused for credentials (the result is a
/// failure, and credentials never match it): an encoded `/`, `\`, NUL or `%` (`%2F`, `%5C`,
/// `%00`, `%25`: some servers decode before routing, some twice), an empty segment (`//`,
/// which some servers collapse before removing dot segments), or a segment that is `.` or `..`
/// before a `;` (Tomcat-style path parameters: `/api/..;/admin`).
enum PathNormalization {
    /// The first `%` not followed by two hex digits, with what follows it (at most 3 bytes).
    static func firstBadEscape(_ text: Substring) -> Substring? {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].isHexDigit, bytes[index + 2].isHexDigit else {
                    let end = min(bytes.count, index + 3)
                    return Substring(String(decoding: bytes[index..<end], as: UTF8.self))
                }
                index += 3
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The normalized segments of `path` (which starts with `/`), without a trailing empty
    /// segment, or the reason the path is ambiguous.
    /// - Parameter path: the path part of a URL, escapes already known to be well formed.
    /// - Returns: the segments, or a `credentials-not-allowed` denial naming the ambiguity.
    static func segments(_ path: Substring) -> Result<[String], GuardDenial> {
        var pieces = path.split(separator: "/", omittingEmptySubsequences: false)
        if pieces.first?.isEmpty == true { pieces.removeFirst() }
        var output: [String] = []
        for (index, piece) in pieces.enumerated() {
            if piece.isEmpty && index != pieces.count - 1 {
                return .failure(ambiguous("path contains an empty segment (\"//\")"))
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(piece.utf8.count)
            let raw = Array(piece.utf8)
            var i = 0
            while i < raw.count {
                let byte = raw[i]
                if byte == UInt8(ascii: "%"), i + 2 < raw.count, let value = hexPair(raw[i + 1], raw[i + 2]) {
                    switch value {
                    case 0x2F, 0x5C, 0x00, 0x25:
                        return .failure(ambiguous("path contains an encoded '/', '\\', NUL or '%'"))
                    default:
                        if isUnreserved(value) {
                            bytes.append(value)
                        } else {
                            bytes.append(UInt8(ascii: "%"))
                            bytes.append(upperHex(value >> 4))
                            bytes.append(upperHex(value & 0xF))
                        }
                    }
                    i += 3
                } else {
                    bytes.append(byte)
                    i += 1
                }
            }
            let segment = String(decoding: bytes, as: UTF8.self)
            if let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) {
                let head = bytes[..<semicolon]
                if head.elementsEqual(".".utf8) || head.elementsEqual("..".utf8) {
                    return .failure(ambiguous("path contains a dot segment with parameters (\"..;\")"))
                }
            }
            switch segment {
            case ".": continue
            case "..": if !output.isEmpty { output.removeLast() }
            default: output.append(segment)
            }
        }
        if output.last?.isEmpty == true { output.removeLast() }
        return .success(output)
    }

    /// Whether `prefix` (normalized pattern segments) is a whole-segment prefix of `path`.
    static func hasPrefix(_ path: [String], _ prefix: [String]) -> Bool {
        path.count >= prefix.count && zip(path, prefix).allSatisfy { $0 == $1 }
    }

    private static func ambiguous(_ text: String) -> GuardDenial {
        GuardDenial(.credentialsNotAllowed, text + "; credentials are not sent to an ambiguous path")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte.isASCIIDigit
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    private static func hexPair(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let h = nibble(high), let l = nibble(low) else { return nil }
        return h << 4 | l
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func upperHex(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
