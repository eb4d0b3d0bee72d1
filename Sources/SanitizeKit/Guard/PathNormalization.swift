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
/// `%00`, `%25`: some servers decode before routing, some twice), an encoded `.` (`%2e`:
/// curl and URLSession send it as it is, and a server that does not decode it routes
/// `/admin/%2e%2e/v1` under `/admin`), an empty segment (`//`,
/// which some servers collapse before removing dot segments), or a segment that is `.` or `..`
/// before a `;` (Tomcat-style path parameters: `/api/..;/admin`).
enum PathNormalization {
    /// The first `%` not followed by two hex digits, with what follows it (at most 3 bytes).
    static func firstBadEscape(_ bytes: ArraySlice<UInt8>) -> String? {
        var index = bytes.startIndex
        while let percent = bytes[index...].firstIndex(of: UInt8(ascii: "%")) {
            guard percent + 2 < bytes.endIndex, bytes[percent + 1].isHexDigit, bytes[percent + 2].isHexDigit else {
                return String(decoding: bytes[percent...].prefix(3), as: UTF8.self)
            }
            index = percent + 3
        }
        return nil
    }

    /// The normalized segments of `path` (which starts with `/`), without a trailing empty
    /// segment, or the reason the path is ambiguous.
    /// - Parameters:
    ///   - path: the path part of a URL, escapes already known to be well formed.
    ///   - decodesDots: whether the server decodes `%2e` before routing (a policy says so), so
    ///     that `%2e` is read as `.` instead of refused.
    /// - Returns: the segments, or a `credentials-not-allowed` denial naming the ambiguity.
    static func segments(_ path: ArraySlice<UInt8>, decodesDots: Bool = false) -> Result<[String], GuardDenial> {
        var output: [String] = []
        var start = path.startIndex
        if start < path.endIndex && path[start] == UInt8(ascii: "/") { start += 1 }
        var done = false
        while !done {
            let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.endIndex
            let piece = path[start..<end]
            let isLast = end == path.endIndex
            done = isLast
            start = end + 1
            if piece.isEmpty && !isLast {
                return .failure(ambiguous("path contains an empty segment (\"//\")"))
            }
            if !piece.contains(UInt8(ascii: "%")) && !piece.contains(UInt8(ascii: ";")) {
                switch dotSegment(piece) {
                case 1: continue
                case 2: if !output.isEmpty { output.removeLast() }
                default: output.append(String(decoding: piece, as: UTF8.self))
                }
                continue
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(piece.count)
            var i = piece.startIndex
            while i < piece.endIndex {
                let byte = piece[i]
                if byte == UInt8(ascii: "%"), i + 2 < piece.endIndex, let value = hexPair(piece[i + 1], piece[i + 2]) {
                    switch value {
                    case 0x2F, 0x5C, 0x00, 0x25:
                        return .failure(ambiguous("path contains an encoded '/', '\\', NUL or '%'"))
                    case 0x2E where !decodesDots:
                        // curl and URLSession send %2e as it is; a server that does not decode
                        // it before routing reads `/admin/%2e%2e/v1` under /admin.
                        return .failure(ambiguous("path contains an encoded '.' (%2e), which servers route differently"))
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
            if let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) {
                let head = bytes[..<semicolon]
                if head.elementsEqual(".".utf8) || head.elementsEqual("..".utf8) {
                    return .failure(ambiguous("path contains a dot segment with parameters (\"..;\")"))
                }
            }
            switch dotSegment(bytes[...]) {
            case 1: continue
            case 2: if !output.isEmpty { output.removeLast() }
            default: output.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        if output.last?.isEmpty == true { output.removeLast() }
        return .success(output)
    }

    /// 1 for `.`, 2 for `..`, 0 for any other segment.
    private static func dotSegment(_ bytes: ArraySlice<UInt8>) -> Int {
        guard bytes.count <= 2, bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) else { return 0 }
        return bytes.count
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
