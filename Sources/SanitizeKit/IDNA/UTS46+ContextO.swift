extension UTS46 {
    /// The code points RFC 5892 §2.6 lists as exceptions that are DISALLOWED in IDNA2008
    /// (UTS #46 calls them valid): ARABIC TATWEEL, NKO LAJANYALAN, the Hangul tone marks and
    /// the vertical kana repeat marks.
    static let idna2008Disallowed: Set<UInt32> = [
        0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B,
    ]

    /// With ``Options/checkContextO``: the CONTEXTO rules of RFC 5892 Appendix A.3–A.9 and the
    /// DISALLOWED exceptions of RFC 5892 §2.6, on one label (after decoding).
    static func checkContextO(_ label: Label) -> IDNAError? {
        let scalars = label.scalars
        let values = scalars.map(\.value)
        var arabicIndic = false
        var extendedArabicIndic = false
        for (index, value) in values.enumerated() {
            func failure(_ rule: String) -> IDNAError {
                IDNAError(.contextO, rule, scalar: scalars[index], byteOffset: label.offset(of: scalars[index]))
            }
            if idna2008Disallowed.contains(value) {
                return failure("the code point is DISALLOWED by IDNA2008 (RFC 5892 §2.6)")
            }
            let previous: UInt32? = index > 0 ? values[index - 1] : nil
            let next: UInt32? = index + 1 < values.count ? values[index + 1] : nil
            switch value {
            case 0x00B7:
                guard previous == 0x6C, next == 0x6C else {
                    return failure("MIDDLE DOT must stand between two 'l' (RFC 5892 Appendix A.3)")
                }
            case 0x0375:
                guard let next, isGreek(next) else {
                    return failure("GREEK LOWER NUMERAL SIGN must precede a Greek letter (RFC 5892 Appendix A.4)")
                }
            case 0x05F3, 0x05F4:
                guard let previous, (0x0590...0x05FF).contains(previous) else {
                    return failure("HEBREW GERESH and GERSHAYIM must follow a Hebrew letter (RFC 5892 Appendix A.5, A.6)")
                }
            case 0x30FB:
                guard values.contains(where: { $0 != 0x30FB && isJapanese($0) }) else {
                    return failure("KATAKANA MIDDLE DOT needs Hiragana, Katakana or Han in the label (RFC 5892 Appendix A.7)")
                }
            case 0x0660...0x0669:
                arabicIndic = true
            case 0x06F0...0x06F9:
                extendedArabicIndic = true
            default:
                break
            }
            if arabicIndic && extendedArabicIndic {
                return failure("Arabic-Indic and Extended Arabic-Indic digits may not mix (RFC 5892 Appendix A.8, A.9)")
            }
        }
        return nil
    }

    /// The Greek script, by block (Greek and Coptic without its two punctuation marks, Greek
    /// Extended): an approximation of the Script property that RFC 5892 A.4 reads.
    static func isGreek(_ value: UInt32) -> Bool {
        (0x0370...0x03FF).contains(value) && value != 0x037E && value != 0x0387 || (0x1F00...0x1FFF).contains(value)
    }

    /// Hiragana, Katakana or Han, by block: an approximation of the Script property that
    /// RFC 5892 A.7 reads.
    static func isJapanese(_ value: UInt32) -> Bool {
        (0x3040...0x30FF).contains(value) || (0x31F0...0x31FF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0x20000...0x3FFFF).contains(value) || value == 0x3005 || value == 0x3007
    }
}
