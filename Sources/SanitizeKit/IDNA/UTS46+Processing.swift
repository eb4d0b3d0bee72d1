import Foundation

extension UTS46 {
    /// One label during processing.
    struct Label {
        /// The label after mapping and NFC, or the U-label decoded from an `xn--` label.
        var scalars: [Unicode.Scalar]
        /// The label after mapping, before NFC, and the input byte offset each scalar came from.
        var mapped: [Unicode.Scalar]
        var origins: [Int]
        /// Where the label starts in the input, in UTF-8 bytes.
        var inputOffset: Int
        /// The `xn--` text when the label was an A-label in the input.
        var aLabel: String?

        /// The input offset of `scalar`: where it came from when mapping kept it, else the
        /// label's start.
        func offset(of scalar: Unicode.Scalar) -> Int {
            guard aLabel == nil, let index = mapped.firstIndex(of: scalar) else { return inputOffset }
            return origins[index]
        }
    }

    /// UTS #46 §4 Processing, steps 1–4, then CheckBidi across the labels.
    /// - Returns: the processed labels, or the first error recorded.
    static func process(_ domain: some StringProtocol, options: Options) -> Result<[Label], IDNAError> {
        guard domain.utf8.count <= maxInputBytes else {
            return .failure(IDNAError(.tooLong, "the domain is longer than \(maxInputBytes) bytes"))
        }
        let data = UTS46Data.shared
        // Step 1: map, and step 3: break into labels at U+002E (a mapping never yields a dot
        // inside other text that NFC could join, so splitting before NFC is the same).
        var labels: [Label] = []
        var current = Label(scalars: [], mapped: [], origins: [], inputOffset: 0)
        var offset = 0
        for scalar in domain.unicodeScalars {
            let mapped: ArraySlice<Unicode.Scalar>
            if scalar.isASCII {
                // The table's ASCII rows (a test checks them): with UseSTD3ASCIIRules=false every
                // ASCII code point is valid but A–Z, which map to a–z.
                let value = UInt8(scalar.value)
                let lowered = Unicode.Scalar(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
                offset += 1
                if lowered == "." {
                    labels.append(current)
                    current = Label(scalars: [], mapped: [], origins: [], inputOffset: offset)
                } else {
                    current.mapped.append(lowered)
                    current.origins.append(offset - 1)
                }
                continue
            }
            switch data.status(scalar) {
            case .valid: mapped = [scalar]
            case .mapped: mapped = data.mapping(scalar)
            case .ignored: mapped = []
            case .disallowed:
                return .failure(
                    IDNAError(
                        .disallowed, "the code point is disallowed in domain names (UTS #46 IdnaMappingTable)",
                        scalar: scalar, byteOffset: offset))
            }
            offset += scalar.utf8.count
            for output in mapped {
                if output == "." {
                    labels.append(current)
                    current = Label(scalars: [], mapped: [], origins: [], inputOffset: offset)
                } else {
                    current.mapped.append(output)
                    current.origins.append(offset - scalar.utf8.count)
                }
            }
        }
        labels.append(current)

        // Step 2: NFC; step 4: convert `xn--` labels and check validity.
        for index in labels.indices {
            if labels[index].mapped.allSatisfy(\.isASCII) {
                labels[index].scalars = labels[index].mapped
            } else {
                labels[index].scalars = nfc(labels[index].mapped)
            }
            let isALabel = labels[index].scalars.starts(with: ["x", "n", "-", "-"] as [Unicode.Scalar])
            if isALabel {
                if let error = decodeALabel(&labels[index]) { return .failure(error) }
            }
            if let error = validate(labels[index], decoded: isALabel, options: options) {
                return .failure(error)
            }
        }
        if let error = checkBidi(labels) { return .failure(error) }
        return .success(labels)
    }

    /// UTS #46 §4 step 4.1: replaces an `xn--` label by its U-label, checking that it is a
    /// canonical A-label (RFC 5890 §2.3.2.1): it decodes, holds non-ASCII, encodes back to the
    /// same text and is in NFC.
    private static func decodeALabel(_ label: inout Label) -> IDNAError? {
        let body = String(String.UnicodeScalarView(label.scalars.dropFirst(4)))
        guard let decoded = Punycode.decode(body) else {
            return IDNAError(.punycode, "the xn-- label is not valid Punycode (RFC 3492)", byteOffset: label.inputOffset)
        }
        guard decoded.contains(where: { !$0.isASCII }) else {
            return IDNAError(
                .aLabel, "the xn-- label decodes to nothing or to ASCII only (UTS #46 §4 step 4.1)",
                byteOffset: label.inputOffset)
        }
        guard Punycode.encode(decoded) == body else {
            return IDNAError(
                .aLabel, "the xn-- label does not encode back to the same text (RFC 5890 §2.3.2.1)",
                byteOffset: label.inputOffset)
        }
        guard nfc(decoded) == decoded else {
            return IDNAError(
                .aLabel, "the xn-- label decodes to text not in NFC (UTS #46 §4.1 criterion 1)",
                byteOffset: label.inputOffset)
        }
        label.aLabel = "xn--" + body
        label.scalars = decoded
        return nil
    }

    /// Unicode Normalization Form C (UAX #15) of the scalars, by Foundation's normalizer.
    ///
    /// Not `TextHygiene.nfc`: that one puts the text in the Stream-Safe Text Format first,
    /// inserting U+034F after 30 combining marks, which would change a label; here the input
    /// is at most ``maxInputBytes`` long, so the canonical reordering stays cheap.
    static func nfc(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(String(String.UnicodeScalarView(scalars)).precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    /// VerifyDnsLength (UTS #46 §4.2 step 4) on the ASCII labels.
    static func verifyDNSLength(_ ascii: [String], _ labels: [Label]) -> IDNAError? {
        // A trailing empty label is the root: not counted.
        let count = ascii.count > 1 && ascii[ascii.count - 1].isEmpty ? ascii.count - 1 : ascii.count
        var total = count - 1
        for index in 0..<count {
            let length = ascii[index].utf8.count
            guard (1...63).contains(length) else {
                return IDNAError(
                    .labelLength, "a label is \(length) octets in ASCII; DNS allows 1 to 63 (RFC 1035 §2.3.4)",
                    byteOffset: labels[index].inputOffset)
            }
            total += length
        }
        guard (1...253).contains(total) else {
            return IDNAError(.domainLength, "the name is \(total) octets in ASCII; DNS allows 1 to 253 (UTS #46 §4.2)")
        }
        return nil
    }
}
