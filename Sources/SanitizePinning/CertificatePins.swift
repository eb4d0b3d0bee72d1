public import Foundation
public import SanitizeKit
internal import Crypto

/// Public-key pins of certificates: SHA-256 of the DER SubjectPublicKeyInfo (RFC 7469 §2.4).
///
/// The SubjectPublicKeyInfo is taken from the certificate's own DER bytes, found by walking
/// the ASN.1 structure with apple/swift-asn1, so every certificate that is X.509 in shape
/// pins, whatever its key (Ed448, X25519, DSA, RSA-PSS, brainpool, a compressed point) or
/// its signature algorithm: the same bytes
/// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform DER` hashes.
///
/// ```swift
/// for entry in try CertificatePins.pins(in: Array(pemData)) {
///     switch entry.pin {
///     case .success(let pin): print(pin)                        // sha256/…
///     case .failure(let error): print("certificate \(entry.number): \(error.reason)")
///     }
/// }
/// ```
public enum CertificatePins {
    /// The largest certificate file ``pins(in:)`` reads (a bundle of ~1000 certificates).
    public static let maxFileBytes = 4 << 20

    /// The pin of DER SubjectPublicKeyInfo bytes.
    /// - Parameter spki: the DER encoding of a SubjectPublicKeyInfo.
    /// - Returns: `sha256/` and its digest.
    public static func pin(ofSubjectPublicKeyInfo spki: some DataProtocol) -> SPKIPin {
        // A SHA-256 digest is always 32 bytes, so the initializer cannot fail here.
        SPKIPin(digest: Array(SHA256.hash(data: spki)))!
    }

    /// The DER SubjectPublicKeyInfo of one DER certificate, byte for byte as it holds it.
    /// - Parameter der: the DER encoding of one certificate, nothing before or after it.
    /// - Returns: the SubjectPublicKeyInfo element (tag, length and content).
    /// - Throws: ``SanitizeError`` `certificate-invalid` saying what is wrong (truncated, not
    ///   DER, not shaped as an X.509 certificate).
    public static func subjectPublicKeyInfo(ofCertificate der: [UInt8]) throws(SanitizeError) -> [UInt8] {
        Array(try SubjectPublicKeyInfoReader.subjectPublicKeyInfo(ofCertificate: der[...]))
    }

    /// The pin of one DER certificate's public key, whatever the key's algorithm.
    /// - Parameter der: the DER encoding of one certificate.
    /// - Returns: `sha256/` and the digest of its SubjectPublicKeyInfo.
    /// - Throws: ``SanitizeError`` `certificate-invalid` saying what is wrong.
    public static func pin(ofCertificate der: [UInt8]) throws(SanitizeError) -> SPKIPin {
        pin(ofSubjectPublicKeyInfo: try SubjectPublicKeyInfoReader.subjectPublicKeyInfo(ofCertificate: der[...]))
    }

    /// The pin of every certificate of a PEM bundle (`CERTIFICATE` blocks; other blocks such as
    /// keys are skipped) or of one DER certificate, each on its own: a certificate that cannot
    /// be read gets its error and the others still get their pins.
    /// - Parameter bytes: the file's contents.
    /// - Returns: one entry per certificate, in file order (never empty).
    /// - Throws: ``SanitizeError`` `no-certificate` (or `limit-exceeded`) when the bytes hold no
    ///   certificate at all (empty, too large, neither PEM nor DER, PEM without a CERTIFICATE block).
    public static func pins(in bytes: [UInt8]) throws(SanitizeError) -> [Entry] {
        guard bytes.count <= maxFileBytes else {
            throw SanitizeError(.limitExceeded, "file is larger than \(maxFileBytes) bytes")
        }
        guard !bytes.isEmpty else { throw SanitizeError(.noCertificate, "file is empty: no certificate") }
        // DER first when the bytes start as a SEQUENCE does; a DER certificate that fails is
        // read as PEM only when the file has PEM blocks (PEM text may start with "0").
        var derFailure: SanitizeError?
        if bytes.first == 0x30 {
            do throws(SanitizeError) {
                return [Entry(number: 1, line: nil, pin: .success(try pin(ofCertificate: bytes)))]
            } catch {
                derFailure = error
            }
        }
        let blocks = PEMScanner.blocks(in: bytes)
        let certificates = blocks.filter { certificateLabels.contains($0.label) }
        guard !certificates.isEmpty else {
            if let derFailure, blocks.isEmpty {
                return [Entry(number: 1, line: nil, pin: .failure(derFailure))]
            }
            guard !blocks.isEmpty else {
                throw SanitizeError(.noCertificate, "neither PEM (no BEGIN line) nor a DER certificate")
            }
            let kinds = Set(blocks.map(\.label)).sorted().joined(separator: ", ")
            throw SanitizeError(.noCertificate, "no CERTIFICATE block (found: \(kinds))")
        }
        return certificates.enumerated().map { index, block in
            let pin = block.contents.flatMap { der -> Result<SPKIPin, SanitizeError> in
                Result { () throws(SanitizeError) in try Self.pin(ofCertificate: der) }
            }
            return Entry(number: index + 1, line: block.line, pin: pin)
        }
    }

    /// The PEM labels of a certificate: RFC 7468 §5.1 and its legacy forms (§5.3).
    static let certificateLabels: Set<String> = ["CERTIFICATE", "X509 CERTIFICATE", "X.509 CERTIFICATE"]
}

extension SanitizeError.Code {
    /// A certificate file holds no certificate.
    public static let noCertificate = Self(rawValue: "no-certificate")
    /// A certificate cannot be read: truncated, not DER, or not shaped as X.509.
    public static let certificateInvalid = Self(rawValue: "certificate-invalid")
}
