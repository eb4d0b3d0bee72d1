import Foundation
import SanitizeKit
import SanitizePinning
import SanitizeURLSession
import TestSupport
import Testing

/// The SubjectPublicKeyInfo URLSession's pinning rebuilds from a key as Security.framework
/// exports it (PKCS #1 for RSA, the uncompressed point for EC) must be byte for byte what
/// `openssl pkey -pubout -outform DER` prints, and so its pin what openssl's pipeline prints.
/// The exported forms are made by openssl too: `openssl rsa -RSAPublicKey_out` and the `pub:`
/// point of `openssl pkey -text`.
@Suite("URLSession pinning's SubjectPublicKeyInfo against openssl", .integration, .serialized)
struct OpenSSLServerTrustPinningTests {
    @Test(arguments: [
        ("rsa2048", ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], ServerTrustPinning.KeyKind.rsa),
        ("rsa4096", ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:4096"], .rsa),
        ("rsa1024", ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], .rsa),
        ("p256", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], .ecP256),
        ("p384", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"], .ecP384),
        ("p521", ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-521"], .ecP521),
    ])
    func subjectPublicKeyInfoMatchesOpenSSL(name: String, genpkey: [String], kind: ServerTrustPinning.KeyKind) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sanitize-spki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestPKI.openssl(in: directory, ["genpkey"] + genpkey + ["-out", "k.key"])
        try TestPKI.openssl(in: directory, "pkey", "-in", "k.key", "-pubout", "-outform", "DER", "-out", "spki.der")
        let expected = [UInt8](try Data(contentsOf: directory.appendingPathComponent("spki.der")))
        let exported: [UInt8]
        if kind == .rsa {
            try TestPKI.openssl(in: directory, "rsa", "-in", "k.key", "-RSAPublicKey_out", "-outform", "DER", "-out", "raw.der")
            exported = [UInt8](try Data(contentsOf: directory.appendingPathComponent("raw.der")))
        } else {
            exported = try Self.point(fromText: try TestPKI.openssl(in: directory, "pkey", "-in", "k.key", "-pubout", "-text", "-noout"))
            #expect(exported.first == 0x04)  // uncompressed, as SecKeyCopyExternalRepresentation gives it
        }
        let built = ServerTrustPinning.subjectPublicKeyInfo(kind: kind, key: exported)
        #expect(built == expected, "\(name)")
        let opensslPin = try TestPKI.run(
            "/bin/sh", ["-c", "openssl dgst -sha256 -binary spki.der | base64"], in: directory)
        #expect(CertificatePins.pin(ofSubjectPublicKeyInfo: built).description == "sha256/" + opensslPin.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The hex bytes under `pub:` in `openssl pkey -text` output.
    static func point(fromText text: String) throws -> [UInt8] {
        var hex = ""
        var inside = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("pub:") { inside = true; continue }
            guard inside else { continue }
            guard line.first == " " else { break }
            hex += line.filter { $0.isHexDigit }
        }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(try #require(UInt8(hex[index..<next], radix: 16)))
            index = next
        }
        try #require(!bytes.isEmpty)
        return bytes
    }
}
