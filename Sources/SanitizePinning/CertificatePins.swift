public import Foundation
public import SanitizeKit
public import X509
internal import Crypto
import SwiftASN1

/// Public-key pins of certificates: SHA-256 of the DER SubjectPublicKeyInfo (RFC 7469 §2.4),
/// read with apple/swift-certificates (no ASN.1 of our own).
///
/// ```swift
/// for certificate in try CertificatePins.certificates(in: Array(pemData)) {
///     print(try CertificatePins.pin(of: certificate))   // sha256/…
/// }
/// ```
public enum CertificatePins {
    /// The largest certificate file ``certificates(in:)`` reads (a bundle of ~1000 certificates).
    public static let maxFileBytes = 4 << 20

    /// The pin of a certificate's public key.
    ///
    /// The key is serialized back to its DER SubjectPublicKeyInfo (algorithm identifier and
    /// key bits) by swift-certificates, the bytes `openssl pkey -pubin -outform der` prints.
    /// - Parameter certificate: a parsed certificate.
    /// - Returns: `sha256/` and the digest of its SubjectPublicKeyInfo.
    /// - Throws: the DER serializer's error (not expected for a key that was parsed).
    public static func pin(of certificate: Certificate) throws -> SPKIPin {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate.publicKey)
        return pin(ofSubjectPublicKeyInfo: serializer.serializedBytes)
    }

    /// The pin of DER SubjectPublicKeyInfo bytes.
    /// - Parameter spki: the DER encoding of a SubjectPublicKeyInfo.
    /// - Returns: `sha256/` and its digest.
    public static func pin(ofSubjectPublicKeyInfo spki: some DataProtocol) -> SPKIPin {
        // A SHA-256 digest is always 32 bytes, so the initializer cannot fail here.
        SPKIPin(digest: Array(SHA256.hash(data: spki)))!
    }

    /// Reads every certificate of a PEM bundle (`-----BEGIN CERTIFICATE-----` blocks; other
    /// blocks such as keys are skipped) or of one DER certificate.
    /// - Parameter bytes: the file's contents.
    /// - Returns: the certificates in file order (never empty).
    /// - Throws: ``SanitizeError`` `no-certificate` (or `limit-exceeded`) saying why the bytes hold no certificate
    ///   (too large, PEM without a CERTIFICATE block, a block or DER that does not parse).
    public static func certificates(in bytes: [UInt8]) throws(SanitizeError) -> [Certificate] {
        guard bytes.count <= maxFileBytes else {
            throw SanitizeError(.limitExceeded, "file is larger than \(maxFileBytes) bytes")
        }
        guard !bytes.isEmpty else { throw SanitizeError(.noCertificate, "file is empty: no certificate") }
        if bytes.first == 0x30 {
            do {
                return [try Certificate(derEncoded: bytes)]
            } catch {
                throw SanitizeError(.noCertificate, "not a DER certificate: \(describe(error))")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SanitizeError(.noCertificate, "neither PEM text (not UTF-8) nor a DER certificate")
        }
        let documents: [PEMDocument]
        do {
            documents = try PEMDocument.parseMultiple(pemString: text)
        } catch {
            throw SanitizeError(.noCertificate, "no PEM block: \(describe(error))")
        }
        var result: [Certificate] = []
        for (index, document) in documents.enumerated() where document.discriminator == "CERTIFICATE" {
            do {
                result.append(try Certificate(derEncoded: document.derBytes))
            } catch {
                throw SanitizeError(.noCertificate, "PEM block \(index + 1) is not a valid certificate: \(describe(error))")
            }
        }
        guard !result.isEmpty else {
            let kinds = Set(documents.map(\.discriminator)).sorted().joined(separator: ", ")
            throw SanitizeError(.noCertificate, "no CERTIFICATE block (found: \(kinds.isEmpty ? "none" : kinds))")
        }
        return result
    }

    /// A one-line reason for a parse error, without the input.
    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error).split(separator: "\n").first.map(String.init) ?? "unreadable"
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}

extension SanitizeError.Code {
    /// A certificate file holds no readable certificate.
    public static let noCertificate = Self(rawValue: "no-certificate")
}
