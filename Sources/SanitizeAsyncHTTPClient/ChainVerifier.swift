import Foundation
import Logging
import NIOCore
import NIOSSL
import SanitizeKit
import SanitizePinning
import X509
import SwiftASN1

/// The TLS check of a pinned connection, run as NIOSSL's custom verification callback:
/// ordinary trust first (a path to a trusted root, validity dates, the host name, with
/// apple/swift-certificates' RFC 5280 verifier), then the host's pins on the validated chain.
///
/// NIOSSL's custom callback replaces BoringSSL's own verification, so ordinary trust is
/// evaluated here before the pins; pinning can only narrow what ordinary trust accepts.
struct ChainVerifier: Sendable {
    let pins: PinSet
    let roots: CertificateStore
    let logger: Logger

    /// Verifies `presented` (leaf first) for `host` and completes `promise`.
    func verify(
        _ presented: [NIOSSLCertificate], host: String, isIPAddress: Bool,
        promise: EventLoopPromise<NIOSSLVerificationResult>
    ) {
        let certificates: [Certificate]
        do {
            certificates = try presented.map { try Certificate(derEncoded: $0.toDERBytes()) }
        } catch {
            logger.warning("TLS: \(host) presented a certificate that does not parse")
            promise.succeed(.failed)
            return
        }
        guard let leaf = certificates.first else {
            promise.succeed(.failed)
            return
        }
        let roots = self.roots
        let pins = self.pins
        let logger = self.logger
        promise.completeWithTask {
            var verifier = Verifier(rootCertificates: roots) {
                RFC5280Policy()
                ServerIdentityPolicy(serverHostname: isIPAddress ? nil : host, serverIP: isIPAddress ? host : nil)
            }
            let result = await verifier.validate(
                leaf: leaf, intermediates: CertificateStore(certificates.dropFirst()))
            guard case .validCertificate(let chain) = result else {
                logger.warning("TLS: ordinary trust evaluation refused the chain of \(host)")
                return .failed
            }
            guard let digests = try? chain.map({ try CertificatePins.pin(of: $0) }) else {
                logger.error("TLS: a certificate of \(host)'s chain could not be serialized for its pin")
                return .failed
            }
            switch pins.verdict(host: host, chain: digests) {
            case .unpinned, .matched:
                return .certificateVerified
            case .expired(_, let warning):
                logger.warning("\(warning)")
                return .certificateVerified
            case .mismatch(let denial):
                logger.error("TLS: \(denial.text)")
                return .failed
            }
        }
    }
}
