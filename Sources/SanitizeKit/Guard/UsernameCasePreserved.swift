import Foundation

/// The PRECIS `UsernameCasePreserved` profile (RFC 8265 §3.4) that RFC 7617 §2.1 names for
/// the user id of Basic credentials.
///
/// Preparation and enforcement (RFC 8265 §3.4.1–§3.4.3, RFC 8264 §7):
/// 1. width mapping: fullwidth and halfwidth forms (U+FF01–U+FFEE) and the ideographic space
///    map to their narrow or wide counterparts, so `ａｄｍｉｎ：x` is `admin:x` before the
///    `:` check;
/// 2. NFC;
/// 3. every code point must be in the IdentifierClass (RFC 8264 §4.2): printable ASCII except
///    space, or a letter, digit or combining mark without a compatibility decomposition;
///    controls, default-ignorable and format characters (zero-width space, joiners, bidi
///    controls), spaces, line and paragraph separators, symbols, non-ASCII punctuation, old
///    Hangul jamo and unassigned code points are refused;
/// 4. the Bidi Rule (RFC 5893 §2) when the text holds right-to-left characters;
/// 5. the result is not empty.
enum UsernameCasePreserved {
    /// Applies the profile.
    /// - Parameter text: the user id as given.
    /// - Returns: the enforced user id, or a `credentials-invalid` error naming the rule it
    ///   breaks (with the code point and its byte offset in the input).
    static func enforce(_ text: String) -> Result<String, SanitizeError> {
        var mapped = String.UnicodeScalarView()
        var origins: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            if (0xFF01...0xFFEE).contains(scalar.value) || scalar.value == 0x3000 {
                let narrow = String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars
                mapped.append(contentsOf: narrow)
                origins += Array(repeating: offset, count: narrow.count)
            } else {
                mapped.append(scalar)
                origins.append(offset)
            }
            offset += scalar.utf8.count
        }
        let normalized = Array(String(mapped).precomposedStringWithCanonicalMapping.unicodeScalars)
        guard !normalized.isEmpty else { return .failure(SanitizeError(.credentialsInvalid, "a Basic user id must not be empty (RFC 8265 §3.4.3)")) }
        for scalar in normalized where !isIdentifierClass(scalar) {
            let at = Array(mapped).firstIndex(of: scalar).map { origins[$0] } ?? 0
            return .failure(
                SanitizeError(
                    .credentialsInvalid,
                    "\(IDNAError.name(scalar)) at byte \(at) is not allowed in a Basic user id "
                        + "(RFC 8265 §3.4, IdentifierClass of RFC 8264 §4.2)"))
        }
        let label = UTS46.Label(
            scalars: normalized, mapped: Array(mapped), origins: origins, inputOffset: 0, aLabel: nil)
        if let error = UTS46.checkBidi([label]) {
            return .failure(
                SanitizeError(
                    .credentialsInvalid,
                    "the Basic user id breaks the Bidi Rule (RFC 8265 §3.4.3, RFC 5893 §2): \(error.reason)"))
        }
        return .success(String(String.UnicodeScalarView(normalized)))
    }

    /// RFC 8264 §4.2 IdentifierClass: ASCII7 (U+0021–U+007E) and LetterDigits (Ll, Lu, Lo,
    /// Lm, Mn, Mc, Nd) that have no compatibility decomposition, are not default-ignorable,
    /// and are not old Hangul jamo.
    static func isIdentifierClass(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x21...0x7E).contains(scalar.value) }
        let value = scalar.value
        if (0x1100...0x11FF).contains(value) || (0xA960...0xA97F).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return false
        }
        let properties = scalar.properties
        guard !properties.isDefaultIgnorableCodePoint else { return false }
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark,
            .decimalNumber:
            break
        default:
            return false
        }
        return String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars.elementsEqual([scalar])
    }
}
