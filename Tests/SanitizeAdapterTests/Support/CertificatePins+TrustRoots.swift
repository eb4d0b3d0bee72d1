import SanitizePinning
import SwiftASN1
import X509

extension CertificatePins {
    /// Test support, not library API: the one certificate of a PEM file as swift-certificates
    /// reads it, for `GuardedHTTPClient.Configuration.trustRoots` (the test CA). The library
    /// reads pins only (``CertificatePins/pins(in:)``), without swift-certificates.
    static func certificates(in bytes: [UInt8]) throws -> [Certificate] {
        [try Certificate(pemEncoded: String(decoding: bytes, as: UTF8.self))]
    }
}
