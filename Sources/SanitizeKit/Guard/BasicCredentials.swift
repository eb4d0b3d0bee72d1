import Foundation

/// The `Basic` HTTP authentication scheme (RFC 7617): a user id and a password sent as
/// `Authorization: Basic base64(user-id ":" password)` in UTF-8 (RFC 7617 §2.1, `charset=UTF-8`).
///
/// ```swift
/// let value = try BasicCredentials(userID: "Aladdin", password: "open sesame").headerValue
/// // "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="
/// ```
public struct BasicCredentials: Hashable, Sendable {
    /// The longest user id or password accepted, in UTF-8 bytes.
    package static let maxPartBytes = 4096

    /// The user id, NFC-normalized.
    package let userID: String
    /// The password, NFC-normalized.
    package let password: String

    /// Creates credentials, refusing what RFC 7617 §2 forbids.
    ///
    /// The user id goes through the PRECIS `UsernameCasePreserved` profile that RFC 7617 §2.1
    /// names (RFC 8265 §3.4: width mapping, NFC, IdentifierClass, Bidi Rule), so a fullwidth
    /// `：` is a `:` and is refused, and zero-width, line and paragraph separators are refused.
    /// The password is normalized to NFC (the `OpaqueString` profile's normalization).
    /// - Parameters:
    ///   - userID: the user id; after the profile it must not contain `:`.
    ///   - password: the password; must not contain control characters.
    /// - Throws: ``SanitizeError`` with code `credentials-invalid` naming the rule broken.
    public init(userID: String, password: String) throws(SanitizeError) {
        let user: String
        switch UsernameCasePreserved.enforce(userID) {
        case .success(let enforced): user = enforced
        case .failure(let error): throw error
        }
        let pass = password.precomposedStringWithCanonicalMapping
        if user.utf8.contains(UInt8(ascii: ":")) {
            throw SanitizeError(.credentialsInvalid, "a Basic user id must not contain ':' (RFC 7617 §2)")
        }
        if Self.hasControl(user) {
            throw SanitizeError(
                .credentialsInvalid, "a Basic user id must not contain control characters (RFC 7617 §2)")
        }
        if Self.hasControl(pass) {
            throw SanitizeError(
                .credentialsInvalid, "a Basic password must not contain control characters (RFC 7617 §2)")
        }
        if user.utf8.count > Self.maxPartBytes || pass.utf8.count > Self.maxPartBytes {
            throw SanitizeError(.credentialsInvalid, "user id or password is longer than \(Self.maxPartBytes) bytes")
        }
        self.userID = user
        self.password = pass
    }

    /// The `Authorization` field value: `Basic ` and the base64 (RFC 4648 §4, padded) of
    /// `user-id:password` in UTF-8.
    public var headerValue: String {
        "Basic " + Data("\(userID):\(password)".utf8).base64EncodedString()
    }

    /// Reads credentials back from an `Authorization` value.
    ///
    /// The scheme name is matched case-insensitively (RFC 9110 §11.1) and must be followed by
    /// one space and a padded base64 token; the decoded bytes must be UTF-8 with a `:`; the parts
    /// must pass the same rules as ``init(userID:password:)`` and already be in their enforced
    /// form, compared byte for byte (a user id that the profile would change is refused).
    /// - Parameter headerValue: the field value, e.g. `Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==`.
    /// - Returns: the credentials, or `nil` when the value is not valid Basic credentials.
    package static func parse(_ headerValue: String) -> BasicCredentials? {
        let bytes = Array(headerValue.utf8)
        guard bytes.count > 6, bytes.count <= 4 * maxPartBytes,
            String(decoding: bytes[0..<5], as: UTF8.self).lowercased() == "basic", bytes[5] == 0x20
        else { return nil }
        guard let decoded = Base64Strict.decode(bytes[6...]),
            let text = String(validating: decoded, as: UTF8.self),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        let user = String(text[..<colon])
        let password = String(text[text.index(after: colon)...])
        // Compare bytes: Swift's `==` on strings is canonical equivalence, which would let a
        // non-NFC text pass as equal to its NFC form.
        guard user.precomposedStringWithCanonicalMapping.utf8.elementsEqual(user.utf8),
            password.precomposedStringWithCanonicalMapping.utf8.elementsEqual(password.utf8),
            let credentials = try? BasicCredentials(userID: user, password: password),
            credentials.userID.utf8.elementsEqual(user.utf8)
        else { return nil }
        return credentials
    }

    private static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

/// Strict base64 (RFC 4648 §4): standard alphabet, length a multiple of 4, `=` only as padding,
/// unused bits zero.
enum Base64Strict {
    static func decode(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        guard !input.isEmpty, input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        let chars = Array(input)
        var index = 0
        while index < chars.count {
            let isLast = index + 4 == chars.count
            var values: [UInt32] = []
            var padding = 0
            for offset in 0..<4 {
                let byte = chars[index + offset]
                if byte == UInt8(ascii: "=") {
                    guard isLast, offset >= 2 else { return nil }
                    padding += 1
                    continue
                }
                guard padding == 0, let value = value(of: byte) else { return nil }
                values.append(value)
            }
            var group: UInt32 = 0
            for value in values { group = group << 6 | value }
            group <<= UInt32(6 * padding)
            let b0 = UInt8(truncatingIfNeeded: group >> 16)
            let b1 = UInt8(truncatingIfNeeded: group >> 8)
            let b2 = UInt8(truncatingIfNeeded: group)
            switch padding {
            case 0: output += [b0, b1, b2]
            case 1:
                guard b2 == 0 else { return nil }
                output += [b0, b1]
            default:
                guard b1 == 0, b2 == 0 else { return nil }
                output.append(b0)
            }
            index += 4
        }
        return output
    }

    private static func value(of byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
