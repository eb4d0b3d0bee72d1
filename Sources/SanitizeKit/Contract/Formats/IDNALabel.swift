/// Checks of an A-label (`xn--…`) inside a `hostname`: valid Punycode (RFC 3492) whose U-label
/// passes the IDNA2008 rules that the JSON-Schema-Test-Suite exercises: RFC 5891 §4.2.3.1
/// (no `--` in positions 3–4), §4.2.3.2 (no leading combining mark), RFC 5892 §2.6 exceptions
/// that are DISALLOWED, and the CONTEXTO/CONTEXTJ rules of RFC 5892 Appendix A.
enum IDNALabel {
    static let disallowed: Set<UInt32> = [0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B]

    /// Whether the Punycode part of an A-label (after `xn--`) decodes to an acceptable U-label.
    static func isValid(punycode: some Collection<UInt8>) -> Bool {
        guard let scalars = Punycode.decode(String(decoding: punycode, as: UTF8.self)), !scalars.isEmpty else {
            return false
        }
        let values = scalars.map(\.value)
        if values.count >= 4, values[2] == 0x2D, values[3] == 0x2D { return false }
        switch scalars[0].properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        var arabicIndic = false
        var extendedArabicIndic = false
        for (index, value) in values.enumerated() {
            if disallowed.contains(value) { return false }
            let previous: UInt32? = index > 0 ? values[index - 1] : nil
            let next: UInt32? = index + 1 < values.count ? values[index + 1] : nil
            switch value {
            case 0x00B7:  // MIDDLE DOT: between two 'l'
                guard previous == 0x6C, next == 0x6C else { return false }
            case 0x0375:  // GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek
                guard let next, isGreek(next) else { return false }
            case 0x05F3, 0x05F4:  // HEBREW GERESH / GERSHAYIM: preceded by Hebrew
                guard let previous, (0x0590...0x05FF).contains(previous) else { return false }
            case 0x30FB:  // KATAKANA MIDDLE DOT: some Hiragana, Katakana or Han in the label
                guard values.contains(where: { $0 != 0x30FB && isJapanese($0) }) else { return false }
            case 0x0660...0x0669:
                arabicIndic = true
            case 0x06F0...0x06F9:
                extendedArabicIndic = true
            case 0x200D:  // ZERO WIDTH JOINER: after a virama
                guard index > 0, scalars[index - 1].properties.canonicalCombiningClass == .virama else { return false }
            case 0x200C:  // ZERO WIDTH NON-JOINER: after a virama, or between joining letters
                if index > 0, scalars[index - 1].properties.canonicalCombiningClass == .virama { break }
                guard let previous, let next, isJoining(previous), isJoining(next) else { return false }
            default:
                break
            }
        }
        return !(arabicIndic && extendedArabicIndic)
    }

    static func isGreek(_ value: UInt32) -> Bool {
        (0x0370...0x03FF).contains(value) && value != 0x037E && value != 0x0387 || (0x1F00...0x1FFF).contains(value)
    }

    static func isJapanese(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value) || (0x20000...0x3FFFF).contains(value)
            || value == 0x3005 || value == 0x3007
    }

    /// Letters of the Arabic and Syriac blocks (dual- or right-joining), an approximation of
    /// the Joining_Type test of RFC 5892 Appendix A.1.
    static func isJoining(_ value: UInt32) -> Bool {
        (0x0620...0x064A).contains(value) || (0x066E...0x06D3).contains(value) || (0x0710...0x074F).contains(value)
    }
}
