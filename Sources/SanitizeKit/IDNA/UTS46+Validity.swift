extension UTS46 {
    /// UTS #46 §4.1 Validity Criteria 2–7 for one label (criterion 1, NFC, holds by
    /// construction or was checked on decoding; criterion 8, CheckBidi, needs every label and
    /// is ``checkBidi(_:)``).
    static func validate(_ label: Label, decoded: Bool, options: Options) -> IDNAError? {
        let data = UTS46Data.shared
        let scalars = label.scalars
        let hyphen: Unicode.Scalar = "-"
        if options.contains(.checkHyphens) {
            if scalars.count >= 4, scalars[2] == hyphen, scalars[3] == hyphen {
                return IDNAError(
                    .hyphen, "the label has -- in positions 3 and 4 and is not an A-label (UTS #46 §4.1 criterion 2)",
                    byteOffset: label.inputOffset + 2)
            }
            if let first = scalars.first, first == hyphen {
                return IDNAError(
                    .hyphen, "the label starts with a hyphen (UTS #46 §4.1 criterion 3)", scalar: first,
                    byteOffset: label.inputOffset)
            }
            if let last = scalars.last, last == hyphen {
                return IDNAError(
                    .hyphen, "the label ends with a hyphen (UTS #46 §4.1 criterion 3)", scalar: last,
                    byteOffset: label.offset(of: last))
            }
        }
        if decoded, scalars.starts(with: ["x", "n", "-", "-"] as [Unicode.Scalar]) {
            return IDNAError(
                .aLabel, "the xn-- label decodes to a label that starts with xn-- (UTS #46 §4.1 criterion 3)",
                byteOffset: label.inputOffset)
        }
        if let dot = scalars.first(where: { $0 == "." }) {
            return IDNAError(
                .fullStop, "the label holds a full stop (UTS #46 §4.1 criterion 4)", scalar: dot,
                byteOffset: label.inputOffset)
        }
        if let first = scalars.first, data.isMark(first) {
            return IDNAError(
                .leadingMark, "the label starts with a combining mark (UTS #46 §4.1 criterion 5)", scalar: first,
                byteOffset: label.offset(of: first))
        }
        for scalar in scalars where data.status(scalar) != .valid {
            return IDNAError(
                .codePoint, "the code point is not valid in a label (UTS #46 §4.1 criterion 6)", scalar: scalar,
                byteOffset: label.offset(of: scalar))
        }
        if let error = checkJoiners(label) { return error }
        return options.contains(.checkContextO) ? checkContextO(label) : nil
    }

    /// CheckJoiners (UTS #46 §4.1 criterion 7): the CONTEXTJ rules of RFC 5892 Appendix A.1
    /// (ZERO WIDTH NON-JOINER after a virama, or between a left- or dual-joining and a right-
    /// or dual-joining letter, transparent letters between) and A.2 (ZERO WIDTH JOINER after a
    /// virama).
    static func checkJoiners(_ label: Label) -> IDNAError? {
        let data = UTS46Data.shared
        let scalars = label.scalars
        for (index, scalar) in scalars.enumerated() where scalar == "\u{200C}" || scalar == "\u{200D}" {
            if index > 0, data.isVirama(scalars[index - 1]) { continue }
            if scalar == "\u{200C}" {
                var left = index - 1
                while left >= 0, data.joiningType(scalars[left]) == .t { left -= 1 }
                var right = index + 1
                while right < scalars.count, data.joiningType(scalars[right]) == .t { right += 1 }
                if left >= 0, [.l, .d].contains(data.joiningType(scalars[left])), right < scalars.count,
                    [.r, .d].contains(data.joiningType(scalars[right]))
                {
                    continue
                }
                return IDNAError(
                    .contextJ,
                    "ZERO WIDTH NON-JOINER must follow a virama or join two letters (RFC 5892 Appendix A.1)",
                    scalar: scalar, byteOffset: label.offset(of: scalar))
            }
            return IDNAError(
                .contextJ, "ZERO WIDTH JOINER must follow a virama (RFC 5892 Appendix A.2)", scalar: scalar,
                byteOffset: label.offset(of: scalar))
        }
        return nil
    }

    /// CheckBidi (UTS #46 §4.1 criterion 8): when the domain is a Bidi domain name (a label
    /// holds a character of Bidi class R, AL or AN, RFC 5893 §1.4), every non-empty label
    /// must satisfy the six rules of RFC 5893 §2.
    static func checkBidi(_ labels: [Label]) -> IDNAError? {
        let data = UTS46Data.shared
        let isBidiDomain = labels.contains { label in
            label.scalars.contains { [.r, .al, .an].contains(data.bidiClass($0)) }
        }
        guard isBidiDomain else { return nil }
        for label in labels {
            guard let first = label.scalars.first else { continue }
            func failure(_ rule: Int, _ text: String, _ scalar: Unicode.Scalar) -> IDNAError {
                IDNAError(
                    .bidi, "in a Bidi domain name, \(text) (RFC 5893 §2 rule \(rule))", scalar: scalar,
                    byteOffset: label.offset(of: scalar))
            }
            let firstClass = data.bidiClass(first)
            guard [.l, .r, .al].contains(firstClass) else {
                return failure(1, "a label must start with a character of Bidi class L, R or AL", first)
            }
            let isRTL = firstClass != .l
            let allowed: Set<UTS46Data.BidiClass> =
                isRTL ? [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm] : [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
            for scalar in label.scalars where !allowed.contains(data.bidiClass(scalar)) {
                return isRTL
                    ? failure(2, "a right-to-left label may hold only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM", scalar)
                    : failure(5, "a left-to-right label may hold only L, EN, ES, CS, ET, ON, BN and NSM", scalar)
            }
            let last = label.scalars.last { data.bidiClass($0) != .nsm } ?? first
            let lastClass = data.bidiClass(last)
            if isRTL {
                guard [.r, .al, .en, .an].contains(lastClass) else {
                    return failure(3, "a right-to-left label must end with R, AL, EN or AN (then marks)", last)
                }
                let classes = label.scalars.map { data.bidiClass($0) }
                if classes.contains(.en), let an = label.scalars.first(where: { data.bidiClass($0) == .an }) {
                    return failure(4, "a right-to-left label may not mix European (EN) and Arabic (AN) digits", an)
                }
            } else {
                guard [.l, .en].contains(lastClass) else {
                    return failure(6, "a left-to-right label must end with L or EN (then marks)", last)
                }
            }
        }
        return nil
    }
}
