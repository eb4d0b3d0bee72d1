package import Foundation
package import SanitizeKit

/// The platform-independent half of URLSession's server-trust pinning
/// (`PinningTrustEvaluator.swift` is the Apple half): the DER SubjectPublicKeyInfo of a key
/// as Security.framework hands it out, and the decision for a chain.
///
/// `SecKeyCopyExternalRepresentation` gives an RSA key as PKCS #1 `RSAPublicKey` and an EC key
/// as the X9.63 uncompressed point, without the algorithm identifier a pin covers; TrustKit
/// puts the identifier back with fixed headers. Here the identifier is the one RFC 3279
/// §2.3.1 / RFC 5480 §2.1.1 give, and the DER lengths are computed (X.690 §8.1.3), so any RSA
/// size works. Checked on Linux against `openssl pkey -pubout -outform DER`.
package enum ServerTrustPinning {
    /// The public-key algorithms Security.framework reports for server certificates.
    package enum KeyKind: Sendable, CaseIterable {
        /// RSA (`kSecAttrKeyTypeRSA`): PKCS #1 `RSAPublicKey` bytes.
        case rsa
        /// EC P-256 (`kSecAttrKeyTypeECSECPrimeRandom`, 256 bits): the uncompressed point.
        case ecP256
        /// EC P-384: the uncompressed point.
        case ecP384
        /// EC P-521: the uncompressed point.
        case ecP521

        /// The DER AlgorithmIdentifier (RFC 5280 §4.1.1.2) of the key's SubjectPublicKeyInfo.
        var algorithmIdentifier: [UInt8] {
            let rsaEncryption: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
            let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
            switch self {
            case .rsa: return ServerTrustPinning.der(0x30, rsaEncryption + [0x05, 0x00])  // parameters NULL
            case .ecP256:
                return ServerTrustPinning.der(0x30, ecPublicKey + [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07])
            case .ecP384: return ServerTrustPinning.der(0x30, ecPublicKey + [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22])
            case .ecP521: return ServerTrustPinning.der(0x30, ecPublicKey + [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23])
            }
        }

        /// The kind of an EC key of `bits` bits, or `nil` for another curve size.
        package static func ellipticCurve(bits: Int) -> KeyKind? {
            switch bits {
            case 256: .ecP256
            case 384: .ecP384
            case 521: .ecP521
            default: nil
            }
        }
    }

    /// What to tell URLSession about a server-trust challenge.
    package enum Decision: Equatable, Sendable {
        /// Let the system evaluate trust as it always does (unpinned host, or a pin matched:
        /// pinning narrows trust, the system's evaluation still runs).
        case defaultHandling
        /// As ``defaultHandling``, after logging the warning (the host's pins expired).
        case defaultHandlingAfterWarning(String)
        /// Cancel the challenge: the connection is closed before any request byte is sent.
        case refuse(String)
    }

    /// The DER SubjectPublicKeyInfo of a key: `SEQUENCE { algorithm, BIT STRING key }`.
    /// - Parameters:
    ///   - kind: the key's algorithm.
    ///   - key: the key as `SecKeyCopyExternalRepresentation` gives it.
    /// - Returns: the DER bytes whose SHA-256 is the key's pin (RFC 7469 §2.4).
    package static func subjectPublicKeyInfo(kind: KeyKind, key: [UInt8]) -> [UInt8] {
        der(0x30, kind.algorithmIdentifier + der(0x03, [0x00] + key))  // no unused bits
    }

    /// Decides a server-trust challenge for `host`.
    /// - Parameters:
    ///   - host: the host connected to.
    ///   - trusted: whether ordinary trust evaluation (`SecTrustEvaluateWithError`) passed.
    ///   - chain: the pins of the evaluated chain's certificates whose keys could be read.
    ///   - pins: the policy's pins.
    ///   - date: now.
    /// - Returns: default handling for an unpinned host, a matched pin or expired pins (with
    ///   the warning); a refusal for an untrusted chain of a pinned host or no matching pin.
    package static func decide(host: String, trusted: Bool, chain: [SPKIPin], pins: PinSet, at date: Date = Date()) -> Decision {
        guard pins.entry(for: host) != nil else { return .defaultHandling }
        guard trusted else { return .refuse("the certificate chain of \(host) fails ordinary trust evaluation") }
        switch pins.verdict(host: host, chain: chain, at: date) {
        case .unpinned, .matched: return .defaultHandling
        case .expired(_, let warning): return .defaultHandlingAfterWarning(warning)
        case .mismatch(let denial): return .refuse(denial.text)
        }
    }

    /// One DER TLV with a definite length (X.690 §8.1.3: short form below 128, else long form).
    static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        var count = content.count
        if count < 0x80 {
            length = [UInt8(count)]
        } else {
            while count > 0 {
                length.insert(UInt8(count & 0xFF), at: 0)
                count >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }
}
