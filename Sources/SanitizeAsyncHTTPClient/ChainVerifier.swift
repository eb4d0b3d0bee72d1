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
/// A pin is read from each validated certificate's own DER SubjectPublicKeyInfo
/// (``CertificatePins/pin(ofCertificate:)``), so it matches whatever the key's algorithm, as
/// `sanitize pin` and openssl compute it. A presented certificate the verifier cannot read
/// (an Ed448 or RSA-PSS one, say) is left out of path building instead of failing the
/// handshake; it cannot be on a validated path, so its pin alone never passes.
struct ChainVerifier: Sendable {
    let pins: PinSet
    let roots: CertificateStore
    let logger: Logger

    /// Verifies `presented` (leaf first) for `host` and completes `promise`.
    func verify(
        _ presented: [NIOSSLCertificate], host: String, isIPAddress: Bool,
        promise: EventLoopPromise<NIOSSLVerificationResult>
    ) {
        guard let leafCertificate = presented.first, let leafDER = try? leafCertificate.toDERBytes() else {
            logger.warning("TLS: \(host) presented no readable certificate")
            promise.succeed(.failed)
            return
        }
        let leaf: Certificate
        do {
            leaf = try Certificate(derEncoded: leafDER)
        } catch {
            logger.warning("TLS: ordinary trust evaluation cannot read the leaf certificate of \(host): \(Self.describe(error))")
            promise.succeed(.failed)
            return
        }
        var intermediates: [Certificate] = []
        for (index, certificate) in presented.enumerated().dropFirst() {
            do {
                intermediates.append(try Certificate(derEncoded: certificate.toDERBytes()))
            } catch {
                logger.notice("TLS: certificate \(index + 1) presented by \(host) is left out of path building: \(Self.describe(error))")
            }
        }
        // swift-certificates' verifier is async. It runs on the connection's event loop, not on
        // the cooperative pool: code elsewhere in the process that blocks the pool's few threads
        // would otherwise hold the handshake until the server (or the client) gives up.
        let check = self
        let readable = intermediates
        Task(executorPreference: EventLoopTaskExecutor(promise.futureResult.eventLoop)) {
            promise.succeed(
                await check.validate(leaf: leaf, intermediates: readable, host: host, isIPAddress: isIPAddress))
        }
    }

    /// Ordinary trust, then the pins on the validated chain.
    /// - Parameters:
    ///   - leaf: the presented leaf.
    ///   - intermediates: the other presented certificates swift-certificates can read.
    ///   - host: the host name or IP address text connected to.
    ///   - isIPAddress: whether `host` is an IP address.
    /// - Returns: NIOSSL's verdict.
    private func validate(leaf: Certificate, intermediates: [Certificate], host: String, isIPAddress: Bool) async
        -> NIOSSLVerificationResult
    {
        var verifier = Verifier(rootCertificates: roots) {
            RFC5280Policy()
            ServerIdentityPolicy(serverHostname: isIPAddress ? nil : host, serverIP: isIPAddress ? host : nil)
        }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(intermediates))
        guard case .validCertificate(let chain) = result else {
            logger.warning("TLS: ordinary trust evaluation refused the chain of \(host)")
            return .failed
        }
        guard let digests = try? chain.map({ try CertificatePins.pin(ofCertificate: Self.derBytes(of: $0)) }) else {
            logger.error("TLS: a certificate of \(host)'s validated chain has no readable SubjectPublicKeyInfo")
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

    /// The DER of a parsed certificate: swift-certificates keeps its TBSCertificate and
    /// signature bytes, so this is the certificate as it was presented or loaded.
    private static func derBytes(of certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// A one-line reason for a parse error, without the input.
    private static func describe(_ error: any Error) -> String {
        let text = String(describing: error).split(separator: "\n").first.map(String.init) ?? "unreadable"
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
