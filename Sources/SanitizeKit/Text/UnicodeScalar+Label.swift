extension Unicode.Scalar {
    /// The scalar as people can read it in a message, whatever it is: `U+` and at least four
    /// hexadecimal digits, then its Unicode name (`U+202E RIGHT-TO-LEFT OVERRIDE`), or, for a
    /// scalar without a name, its code point label (The Unicode Standard §4.8, Name:
    /// `<control-0085>`, `<private-use-E000>`, `<noncharacter-FFFF>`, `<reserved-E0080>`).
    package var codePointLabel: String {
        let hex = String(value, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if let name = properties.name { return "U+\(code) \(name)" }
        let kind: String
        if properties.isNoncharacterCodePoint {
            kind = "noncharacter"
        } else {
            switch properties.generalCategory {
            case .control: kind = "control"
            case .privateUse: kind = "private-use"
            case .surrogate: kind = "surrogate"
            case .unassigned: kind = "reserved"
            default: kind = "unnamed"
            }
        }
        return "U+\(code) <\(kind)-\(code)>"
    }

    /// The two-letter Unicode General Category (UAX #44 §5.7.1), such as `Cf`.
    package var generalCategoryCode: String {
        switch properties.generalCategory {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "Cn"
        }
    }
}
