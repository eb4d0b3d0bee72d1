/// An absolute http(s) URL split the way the guard needs it, parsed strictly.
///
/// The authority is read with WHATWG URL Standard semantics for special schemes (§4.4:
/// the authority ends at the first `/`, `?` or `#`; the last `@` ends the userinfo; the
/// host ends at `:` outside brackets). Wherever WHATWG and RFC 3986 parsers (Foundation's
/// `URL`, curl, server frameworks) would read the same text differently, the guard denies
/// with `url-ambiguous` instead of guessing:
/// - ASCII tab, LF or CR anywhere (WHATWG silently deletes them), any other control
///   character, space, or non-ASCII byte outside the host;
/// - `\` anywhere (WHATWG reads it as `/` in special URLs, RFC 3986 does not allow it);
/// - anything other than exactly `//` after `scheme:` (`https:/host`, `https:host`,
///   `https:///host`);
/// - more than one `@` in the authority;
/// - a percent-encoded host.
struct GuardURL: Sendable {
    enum Scheme: String, Sendable {
        case http, https
        var defaultPort: Int { self == .https ? 443 : 80 }

        /// `https` or `http` in any ASCII case, without allocating.
        init?(asciiCaseInsensitive text: ArraySlice<UInt8>) {
            let folded = text.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            if folded.elementsEqual("https".utf8) {
                self = .https
            } else if folded.elementsEqual("http".utf8) {
                self = .http
            } else {
                return nil
            }
        }
    }

    var scheme: Scheme
    var hasUserinfo: Bool
    var host: CanonicalHost
    /// The effective port (the scheme's default when none is written).
    var port: Int
    /// The URL's bytes and the range of its path (empty when the URL has no path).
    private var bytes: [UInt8]
    private var pathRange: Range<Int>
    /// The userinfo before `@` (without it), when the URL has one.
    private var userinfoRange: Range<Int>?
    /// The path after ``PathNormalization``, or why it could not be normalized safely.
    var path: Result<[String], GuardDenial>

    /// ``path``, or, when the server decodes `%2e` (a policy says so), the path normalized
    /// with `%2e` read as `.`.
    func path(decodingDots: Bool) -> Result<[String], GuardDenial> {
        guard decodingDots else { return path }
        return PathNormalization.segments(pathRange.isEmpty ? [UInt8(ascii: "/")] : bytes[pathRange], decodesDots: true)
    }

    /// The path as written (`/` when empty), without query and fragment, for messages.
    var rawPath: String {
        pathRange.isEmpty ? "/" : String(decoding: bytes[pathRange], as: UTF8.self)
    }

    /// `host[:port]` with the port left out when it is the default, for messages.
    var authorityText: String {
        port == scheme.defaultPort ? host.text : "\(host.text):\(port)"
    }

    /// The authority in canonical form: the userinfo as written (ASCII; only a policy that
    /// allows userinfo lets it through), ``CanonicalHost/text`` (A-labels, IP addresses in
    /// canonical text) and the port unless it is the scheme's default.
    var canonicalAuthority: String {
        guard let userinfoRange else { return authorityText }
        return String(decoding: bytes[userinfoRange], as: UTF8.self) + "@" + authorityText
    }

    /// Path, query and fragment exactly as written (all ASCII, escapes well formed); `/` in
    /// front when the URL has no path.
    var canonicalTail: String {
        let tail = String(decoding: bytes[pathRange.lowerBound...], as: UTF8.self)
        return tail.hasPrefix("/") ? tail : "/" + tail
    }

    /// The URL in the form the guard judged it: lowercase scheme, ``canonicalAuthority``, then
    /// ``canonicalTail``. Every character is ASCII and the host is already the result of
    /// UTS #46 mapping, so a client that maps hosts with other Unicode data (or none) reaches
    /// exactly ``host``: sending this text, not the original, is what makes the guard's
    /// verdict hold for the request that leaves.
    var canonicalText: String {
        "\(scheme.rawValue)://\(canonicalAuthority)\(canonicalTail)"
    }

    /// Parses `text` as an absolute http or https URL.
    /// - Parameters:
    ///   - text: the URL as the client will send it.
    ///   - maxBytes: the longest URL accepted.
    /// - Returns: the parsed URL, or the denial explaining why it is refused.
    static func parse(_ text: String, maxBytes: Int) -> Result<GuardURL, GuardDenial> {
        guard text.utf8.count <= maxBytes else {
            return .failure(GuardDenial(.urlTooLong, "URL is \(text.utf8.count) bytes, over the limit of \(maxBytes)"))
        }
        let bytes = Array(text.utf8)
        // Characters that parsers treat differently, anywhere in the URL.
        for byte in bytes {
            switch byte {
            case 0x09, 0x0A, 0x0D:
                return .failure(
                    GuardDenial(.urlAmbiguous, "URL contains a tab or line break (WHATWG parsers delete them)"))
            case 0x00..<0x20, 0x7F:
                return .failure(GuardDenial(.urlAmbiguous, "URL contains a control character"))
            case 0x20:
                return .failure(GuardDenial(.urlAmbiguous, "URL contains a space"))
            case UInt8(ascii: "\\"):
                return .failure(
                    GuardDenial(.urlAmbiguous, "URL contains a backslash (WHATWG reads it as '/', RFC 3986 forbids it)")
                )
            default: continue
            }
        }
        // Scheme (RFC 3986 §3.1).
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isAlpha(bytes[0]),
            bytes[..<colon].allSatisfy({ isAlpha($0) || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else {
            return .failure(GuardDenial(.urlMalformed, "URL has no scheme; an absolute https URL is required"))
        }
        guard let scheme = Scheme(asciiCaseInsensitive: bytes[..<colon]) else {
            let name = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
            return .failure(
                GuardDenial(.schemeNotAllowed, "scheme \"\(name)\" is not allowed; only https (and http by exception)"))
        }
        // Exactly two slashes (WHATWG accepts any number of / and \, RFC parsers do not).
        let slash = UInt8(ascii: "/")
        guard bytes[(colon + 1)...].starts(with: [slash, slash]),
            colon + 3 >= bytes.count || bytes[colon + 3] != slash
        else {
            return .failure(
                GuardDenial(.urlAmbiguous, "\(scheme.rawValue): must be followed by exactly \"//\" and a host"))
        }
        let authorityStart = colon + 3
        let authorityEnd =
            bytes[authorityStart...].firstIndex(where: {
                $0 == slash || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            })
            ?? bytes.count
        var hostStart = authorityStart
        var hasUserinfo = false
        var userinfoRange: Range<Int>? = nil
        if let at = bytes[authorityStart..<authorityEnd].firstIndex(of: UInt8(ascii: "@")) {
            guard !bytes[(at + 1)..<authorityEnd].contains(UInt8(ascii: "@")) else {
                return .failure(GuardDenial(.urlAmbiguous, "authority contains more than one '@'"))
            }
            if bytes[authorityStart..<at].contains(where: { $0 >= 0x80 }) {
                return .failure(GuardDenial(.urlMalformed, "userinfo contains non-ASCII characters"))
            }
            hasUserinfo = true
            userinfoRange = authorityStart..<at
            hostStart = at + 1
        }
        // Host and port.
        var hostEnd = authorityEnd
        var portRange: Range<Int>? = nil
        if hostStart < authorityEnd && bytes[hostStart] == UInt8(ascii: "[") {
            guard let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]")) else {
                return .failure(GuardDenial(.hostInvalid, "IPv6 literal has no closing ']'"))
            }
            hostEnd = close + 1
            if hostEnd < authorityEnd {
                guard bytes[hostEnd] == UInt8(ascii: ":") else {
                    return .failure(GuardDenial(.urlMalformed, "unexpected text after the IPv6 literal"))
                }
                portRange = (hostEnd + 1)..<authorityEnd
            }
        } else if let portColon = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: ":")) {
            hostEnd = portColon
            portRange = (portColon + 1)..<authorityEnd
        }
        var port = scheme.defaultPort
        if let portRange, !portRange.isEmpty {
            let digits = bytes[portRange]
            guard digits.count <= 5, digits.allSatisfy({ $0.isASCIIDigit }),
                case let value = digits.reduce(0, { $0 * 10 + Int($1 - 0x30) }), value <= 65535
            else {
                let shown = String(decoding: digits.prefix(16), as: UTF8.self)
                return .failure(GuardDenial(.urlMalformed, "port \"\(shown)\" is not a number from 0 to 65535"))
            }
            port = value
        }
        let host: CanonicalHost
        switch CanonicalHost.parse(bytes: bytes[hostStart..<hostEnd]) {
        case .success(let value): host = value
        case .failure(let denial): return .failure(denial)
        }
        // Path, query, fragment: ASCII only, escapes well formed.
        let afterAuthority = bytes[authorityEnd...]
        if afterAuthority.contains(where: { $0 >= 0x80 }) {
            return .failure(
                GuardDenial(
                    .urlMalformed, "path, query or fragment contains non-ASCII characters (percent-encode them)"))
        }
        if let bad = PathNormalization.firstBadEscape(afterAuthority) {
            return .failure(GuardDenial(.urlMalformed, "malformed percent escape \"\(bad)\""))
        }
        let pathEnd =
            afterAuthority.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) ?? bytes.count
        let pathRange = authorityEnd..<pathEnd
        return .success(
            GuardURL(
                scheme: scheme, hasUserinfo: hasUserinfo, host: host, port: port, bytes: bytes, pathRange: pathRange,
                userinfoRange: userinfoRange, path: PathNormalization.segments(pathRange.isEmpty ? [slash] : bytes[pathRange])))
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
