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
    }

    var scheme: Scheme
    var hasUserinfo: Bool
    var host: CanonicalHost
    /// The effective port (the scheme's default when none is written).
    var port: Int
    /// The path as written (`/` when empty), without query and fragment.
    var rawPath: Substring
    /// The path after ``PathNormalization``, or why it could not be normalized safely.
    var path: Result<[String], GuardDenial>

    /// `host[:port]` with the port left out when it is the default, for messages.
    var authorityText: String {
        port == scheme.defaultPort ? host.text : "\(host.text):\(port)"
    }

    /// Parses `text` as an absolute http or https URL.
    /// - Parameters:
    ///   - text: the URL as the client will send it.
    ///   - maxBytes: the longest URL accepted.
    /// - Returns: the parsed URL, or the denial explaining why it is refused.
    static func parse(_ text: String, maxBytes: Int) -> Result<GuardURL, GuardDenial> {
        let utf8 = text.utf8
        guard utf8.count <= maxBytes else {
            return .failure(GuardDenial(.urlTooLong, "URL is \(utf8.count) bytes, over the limit of \(maxBytes)"))
        }
        // Characters that parsers treat differently, anywhere in the URL.
        for byte in utf8 {
            switch byte {
            case 0x09, 0x0A, 0x0D:
                return .failure(GuardDenial(.urlAmbiguous, "URL contains a tab or line break (WHATWG parsers delete them)"))
            case 0x00..<0x20, 0x7F:
                return .failure(GuardDenial(.urlAmbiguous, "URL contains a control character"))
            case 0x20:
                return .failure(GuardDenial(.urlAmbiguous, "URL contains a space"))
            case UInt8(ascii: "\\"):
                return .failure(
                    GuardDenial(.urlAmbiguous, "URL contains a backslash (WHATWG reads it as '/', RFC 3986 forbids it)"))
            default: continue
            }
        }
        // Scheme (RFC 3986 §3.1).
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(GuardDenial(.urlMalformed, "URL has no scheme; an absolute https URL is required"))
        }
        let schemeText = text[..<colon]
        guard let first = schemeText.utf8.first, isAlpha(first),
            schemeText.utf8.allSatisfy({ isAlpha($0) || $0.isASCIIDigit || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else {
            return .failure(GuardDenial(.urlMalformed, "URL has no scheme; an absolute https URL is required"))
        }
        guard let scheme = Scheme(rawValue: schemeText.lowercased()) else {
            return .failure(
                GuardDenial(.schemeNotAllowed, "scheme \"\(schemeText.lowercased())\" is not allowed; only https (and http by exception)"))
        }
        // Exactly two slashes (WHATWG accepts any number of / and \, RFC parsers do not).
        let afterScheme = text[text.utf8.index(after: colon)...]
        guard afterScheme.utf8.starts(with: "//".utf8), !afterScheme.utf8.dropFirst(2).starts(with: "/".utf8) else {
            return .failure(GuardDenial(.urlAmbiguous, "\(scheme.rawValue): must be followed by exactly \"//\" and a host"))
        }
        let rest = afterScheme[afterScheme.utf8.index(afterScheme.startIndex, offsetBy: 2)...]
        let authorityEnd =
            rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let afterAuthority = rest[authorityEnd...]

        let atCount = authority.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "@") ? 1 : 0) }
        guard atCount <= 1 else {
            return .failure(GuardDenial(.urlAmbiguous, "authority contains more than one '@'"))
        }
        var hasUserinfo = false
        if let at = authority.utf8.firstIndex(of: UInt8(ascii: "@")) {
            hasUserinfo = true
            if authority[..<at].utf8.contains(where: { $0 >= 0x80 }) {
                return .failure(GuardDenial(.urlMalformed, "userinfo contains non-ASCII characters"))
            }
            authority = authority[authority.utf8.index(after: at)...]
        }
        // Host and port.
        var hostText = authority
        var portText: Substring? = nil
        if authority.utf8.first == UInt8(ascii: "[") {
            guard let close = authority.utf8.firstIndex(of: UInt8(ascii: "]")) else {
                return .failure(GuardDenial(.hostInvalid, "IPv6 literal has no closing ']'"))
            }
            hostText = authority[...close]
            let tail = authority[authority.utf8.index(after: close)...]
            if !tail.isEmpty {
                guard tail.utf8.first == UInt8(ascii: ":") else {
                    return .failure(GuardDenial(.urlMalformed, "unexpected text after the IPv6 literal"))
                }
                portText = tail[tail.utf8.index(after: tail.startIndex)...]
            }
        } else if let portColon = authority.utf8.firstIndex(of: UInt8(ascii: ":")) {
            hostText = authority[..<portColon]
            portText = authority[authority.utf8.index(after: portColon)...]
        }
        var port = scheme.defaultPort
        if let portText, !portText.isEmpty {
            guard portText.utf8.count <= 5, portText.utf8.allSatisfy({ $0.isASCIIDigit }),
                let value = Int(portText), value <= 65535
            else {
                return .failure(GuardDenial(.urlMalformed, "port \"\(portText)\" is not a number from 0 to 65535"))
            }
            port = value
        }
        let host: CanonicalHost
        switch CanonicalHost.parse(hostText) {
        case .success(let value): host = value
        case .failure(let denial): return .failure(denial)
        }
        // Path, query, fragment: ASCII only, escapes well formed.
        if afterAuthority.utf8.contains(where: { $0 >= 0x80 }) {
            return .failure(GuardDenial(.urlMalformed, "path, query or fragment contains non-ASCII characters (percent-encode them)"))
        }
        if let bad = PathNormalization.firstBadEscape(afterAuthority) {
            return .failure(GuardDenial(.urlMalformed, "malformed percent escape \"\(bad)\""))
        }
        let pathEnd =
            afterAuthority.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            ?? afterAuthority.endIndex
        var rawPath = afterAuthority[..<pathEnd]
        if rawPath.isEmpty { rawPath = "/" }
        return .success(
            GuardURL(
                scheme: scheme, hasUserinfo: hasUserinfo, host: host, port: port, rawPath: rawPath,
                path: PathNormalization.segments(rawPath)))
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
