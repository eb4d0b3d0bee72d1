#if canImport(Security)
    // Apple platforms only: FoundationNetworking on Linux hands the delegate no certificate
    // chain (its `protectionSpace.serverTrust` does not exist), so there is nothing to pin
    // there; `SanitizeAsyncHTTPClient` is the pinned path on Linux (docs/adapters.md).
    import CommonCrypto
    public import Foundation
    public import SanitizeKit
    import Security
    import os

    /// Server-trust pinning for URLSession on Apple platforms, the pins of the guard policy
    /// applied as RFC 7469 and TrustKit do: ordinary trust evaluation first
    /// (`SecTrustEvaluateWithError`), then some certificate of the evaluated chain must carry
    /// a pin of the host. Its SubjectPublicKeyInfo is rebuilt from `SecCertificateCopyKey` +
    /// `SecKeyCopyExternalRepresentation` (``ServerTrustPinning/subjectPublicKeyInfo(kind:key:)``),
    /// so this product needs neither swift-certificates nor swift-crypto.
    ///
    /// ``GuardedURLSession`` calls it; a session with a delegate of its own (for example one
    /// that answers only task-level 401/407 challenges) calls it from its session-level
    /// `urlSession(_:didReceive:completionHandler:)`:
    ///
    /// ```swift
    /// let (disposition, credential) = PinningTrustEvaluator.evaluate(challenge, requestGuard: requestGuard)
    /// completionHandler(disposition, credential)
    /// ```
    public enum PinningTrustEvaluator {
        /// Answers a session-level challenge: only `NSURLAuthenticationMethodServerTrust` of a
        /// pinned host is judged here; every other challenge gets the system's default handling.
        /// - Parameters:
        ///   - challenge: the challenge.
        ///   - requestGuard: the guard whose policy holds the pins.
        ///   - date: now (pins may have expired).
        /// - Returns: what to pass to URLSession's completion handler.
        public static func evaluate(_ challenge: URLAuthenticationChallenge, requestGuard: RequestGuard, at date: Date = Date())
            -> (URLSession.AuthChallengeDisposition, URLCredential?)
        {
            guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                let trust = challenge.protectionSpace.serverTrust
            else { return (.performDefaultHandling, nil) }
            let host = challenge.protectionSpace.host
            let pins: PinSet
            do {
                pins = try PinSet(requestGuard.policy.pins)
            } catch {
                log("pinning refused \(host): the policy's pins are unusable: \(error)")
                return (.cancelAuthenticationChallenge, nil)
            }
            guard pins.entry(for: host) != nil else { return (.performDefaultHandling, nil) }
            let trusted = SecTrustEvaluateWithError(trust, nil)
            let chain = certificates(of: trust).compactMap { pin(of: $0) }
            switch ServerTrustPinning.decide(host: host, trusted: trusted, chain: chain, pins: pins, at: date) {
            case .defaultHandling:
                return (.performDefaultHandling, nil)
            case .defaultHandlingAfterWarning(let warning):
                log(warning)
                return (.performDefaultHandling, nil)
            case .refuse(let reason):
                log("pinning refused \(host): \(reason)")
                return (.cancelAuthenticationChallenge, nil)
            }
        }

        /// The evaluated chain, leaf first.
        static func certificates(of trust: SecTrust) -> [SecCertificate] {
            if #available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *) {
                return (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
            }
            return (0..<SecTrustGetCertificateCount(trust)).compactMap { SecTrustGetCertificateAtIndex(trust, $0) }
        }

        /// The pin of a certificate's public key, or `nil` for a key type Security.framework
        /// cannot export or this file does not know (it then matches no pin).
        static func pin(of certificate: SecCertificate) -> SPKIPin? {
            guard let key = SecCertificateCopyKey(certificate),
                let attributes = SecKeyCopyAttributes(key) as? [String: Any],
                let type = attributes[kSecAttrKeyType as String] as? String
            else { return nil }
            let kind: ServerTrustPinning.KeyKind?
            if type == (kSecAttrKeyTypeRSA as String) {
                kind = .rsa
            } else if type == (kSecAttrKeyTypeECSECPrimeRandom as String),
                let bits = attributes[kSecAttrKeySizeInBits as String] as? Int
            {
                kind = ServerTrustPinning.KeyKind.ellipticCurve(bits: bits)
            } else {
                kind = nil
            }
            guard let kind, let external = SecKeyCopyExternalRepresentation(key, nil) as Data? else { return nil }
            let spki = ServerTrustPinning.subjectPublicKeyInfo(kind: kind, key: [UInt8](external))
            var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
            spki.withUnsafeBytes { bytes in
                _ = CC_SHA256(bytes.baseAddress, CC_LONG(bytes.count), &digest)
            }
            return SPKIPin(digest: digest)
        }

        /// Logs to the unified log (the pin texts and host names are not secret).
        static func log(_ message: String) {
            os_log("%{public}@", log: .default, type: .error, message as NSString)
        }
    }

    extension GuardedURLSession {
        /// Applies the policy's pins to a server-trust challenge (Apple platforms): a pinned
        /// host's connection is cancelled, before any request byte is sent, unless ordinary
        /// trust passes and a certificate of the chain has one of its pins; expired pins
        /// fall back to ordinary trust with a logged warning. Other challenges and hosts
        /// get the system's default handling. (401/407 challenges are task-level.)
        /// - Parameters:
        ///   - session: the session.
        ///   - challenge: the connection-level challenge.
        ///   - completionHandler: receives the disposition.
        @objc(URLSession:didReceiveChallenge:completionHandler:)
        public func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            let (disposition, credential) = PinningTrustEvaluator.evaluate(challenge, requestGuard: requestGuard)
            completionHandler(disposition, credential)
        }
    }
#endif
