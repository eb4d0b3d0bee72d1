import SanitizeKit
import SwiftASN1

/// Finds the SubjectPublicKeyInfo of a DER certificate by walking its ASN.1 structure with
/// apple/swift-asn1, whatever the key or the signature algorithm.
///
/// A pin is the SHA-256 of the SPKI's DER bytes as the certificate holds them (RFC 7469 §2.4),
/// so nothing here needs to understand the key: an Ed448, X25519, DSA, RSA-PSS or
/// brainpool key pins as well as a P-256 one. The walk checks the certificate's shape
/// (RFC 5280 §4.1), not its content:
///
/// ```
/// Certificate  ::= SEQUENCE { tbsCertificate, signatureAlgorithm SEQUENCE, signatureValue BIT STRING }
/// TBSCertificate ::= SEQUENCE { version [0] EXPLICIT OPTIONAL, serialNumber INTEGER,
///     signature SEQUENCE, issuer SEQUENCE, validity SEQUENCE { UTCTime|GeneralizedTime ×2 },
///     subject SEQUENCE, subjectPublicKeyInfo SEQUENCE { SEQUENCE { OID, ANY OPTIONAL }, BIT STRING }, … }
/// ```
enum SubjectPublicKeyInfoReader {
    /// The DER SubjectPublicKeyInfo of `der`, byte for byte as the certificate holds it.
    /// - Parameter der: one DER certificate, nothing before or after it.
    /// - Returns: the SPKI element's bytes (tag, length and content).
    /// - Throws: ``SanitizeError`` `certificate-invalid` saying what is wrong and where.
    static func subjectPublicKeyInfo(ofCertificate der: ArraySlice<UInt8>) throws(SanitizeError) -> ArraySlice<UInt8> {
        guard !der.isEmpty else { throw invalid("no bytes") }
        let root: ASN1Node
        do {
            root = try DER.parse(der)
        } catch {
            throw invalid("not DER (\(der.count) bytes): \(describe(error))")
        }
        let outer = try children(of: root, "the certificate")
        guard outer.count == 3 else {
            throw invalid("the certificate SEQUENCE holds \(outer.count) elements, not 3 (TBSCertificate, signature algorithm, signature)")
        }
        try expect(outer[1], .sequence, "the signature algorithm")
        try expect(outer[2], .bitString, "the signature value")
        let tbs = try children(of: outer[0], "the TBSCertificate")
        var fields = tbs[...]
        if let first = fields.first, first.identifier == versionTag {
            fields = fields.dropFirst()
        }
        let names = ["serial number", "signature algorithm", "issuer", "validity", "subject", "subjectPublicKeyInfo"]
        guard fields.count >= names.count else {
            throw invalid("the TBSCertificate ends before its \(names[fields.count])")
        }
        let parts = Array(fields.prefix(names.count))
        try expect(parts[0], .integer, "the serial number")
        for index in 1...5 { try expect(parts[index], .sequence, "the \(names[index])") }
        let validity = try children(of: parts[3], "the validity")
        guard validity.count == 2, validity.allSatisfy({ $0.identifier == .utcTime || $0.identifier == .generalizedTime })
        else { throw invalid("the validity is not two times (UTCTime or GeneralizedTime)") }
        let spki = parts[5]
        let key = try children(of: spki, "the subjectPublicKeyInfo")
        guard key.count == 2 else {
            throw invalid("the subjectPublicKeyInfo holds \(key.count) elements, not 2 (algorithm, key)")
        }
        let algorithm = try children(of: key[0], "the key's algorithm identifier")
        guard let oid = algorithm.first, algorithm.count <= 2 else {
            throw invalid("the key's algorithm identifier is not an OID with optional parameters")
        }
        do {
            _ = try ASN1ObjectIdentifier(derEncoded: oid)
            _ = try ASN1BitString(derEncoded: key[1])
        } catch {
            throw invalid("the subjectPublicKeyInfo is malformed: \(describe(error))")
        }
        return spki.encodedBytes
    }

    /// `[0]` constructed: the explicit version tag.
    private static let versionTag = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)

    /// The elements of a constructed node that must be a SEQUENCE.
    private static func children(of node: ASN1Node, _ what: String) throws(SanitizeError) -> [ASN1Node] {
        guard node.identifier == .sequence, case .constructed(let nodes) = node.content else {
            throw invalid("\(what) is not a SEQUENCE (found \(describe(node.identifier)))")
        }
        return Array(nodes)
    }

    private static func expect(_ node: ASN1Node, _ identifier: ASN1Identifier, _ what: String) throws(SanitizeError) {
        guard node.identifier == identifier else {
            throw invalid("\(what) is not \(describe(identifier)) (found \(describe(node.identifier)))")
        }
    }

    private static func invalid(_ reason: String) -> SanitizeError {
        SanitizeError(.certificateInvalid, reason)
    }

    /// The name of a universal tag the walk expects, or `[class N]`.
    private static func describe(_ identifier: ASN1Identifier) -> String {
        let names: [ASN1Identifier: String] = [
            .sequence: "a SEQUENCE", .set: "a SET", .integer: "an INTEGER", .bitString: "a BIT STRING",
            .objectIdentifier: "an OID", .octetString: "an OCTET STRING", .null: "NULL", .boolean: "a BOOLEAN",
            .utcTime: "a UTCTime", .generalizedTime: "a GeneralizedTime",
        ]
        if let name = names[identifier] { return name }
        return "tag [\(identifier.tagClass) \(identifier.tagNumber)]"
    }

    /// A one-line reason for a swift-asn1 error: its code in words and its own reason, without
    /// the source location that `ASN1Error.description` appends.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? ASN1Error else { return "unreadable" }
        let words: String
        switch error.code {
        case .truncatedASN1Field: words = "truncated: the data ends inside an element"
        case .unsupportedFieldLength: words = "a length is not in DER form"
        case .invalidASN1IntegerEncoding: words = "an INTEGER is not in DER form"
        case .unexpectedFieldType: words = "an element has an unexpected tag"
        default: words = "malformed"
        }
        // The description is "ASN1Error.<code>: <reason> <file>:<line>"; keep <reason>.
        var text = String(describing: error)
        if let colon = text.firstIndex(of: ":") { text = String(text[text.index(after: colon)...]) }
        var tokens = text.split(separator: " ", omittingEmptySubsequences: true)
        if let last = tokens.last, last.contains(".swift:") { tokens.removeLast() }
        let reason = tokens.joined(separator: " ")
        guard !reason.isEmpty, reason.count <= 160 else { return words }
        return "\(words) (\(reason.prefix(1).lowercased() + reason.dropFirst()))"
    }
}
