import NIOCore
import NIOPosix
import NIOSSL
import SanitizeKit

/// Learns what a server offers after a handshake under the policy's TLS requirements failed.
///
/// BoringSSL's error says only that the versions or the suites did not meet; the refusal is to
/// name what the server offered, and a `handshake_failure` alert can also mean something else
/// entirely (a server that wants a client certificate). So the client asks once more itself:
/// one handshake offering every version and suite NIOSSL speaks, with no certificate check,
/// whose negotiated version is read and whose connection is then closed before a byte of
/// application data is written. Nothing from it is trusted or used for the request; it only
/// words the refusal, or shows that the failure was not the policy's.
struct TLSOfferProbe: Sendable {
    let group: any EventLoopGroup
    let timeout: TimeAmount

    /// The configuration the probe offers: TLS 1.0 up, NIOSSL's default suites (forward
    /// secret or not), no certificate verification.
    private static let context = Result { () throws -> NIOSSLContext in
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv1
        configuration.certificateVerification = .none
        return try NIOSSLContext(configuration: configuration)
    }

    /// Handshakes with the server and returns the version it chose.
    /// - Parameters:
    ///   - host: the host to connect to (an IP address without brackets, or a name).
    ///   - port: the port.
    ///   - isIP: whether `host` is an address (then no SNI is sent).
    /// - Returns: the negotiated version (`nil` only if NIOSSL cannot say).
    /// - Throws: the handshake's error when even this offer is refused, or the connection's.
    func negotiatedVersion(host: String, port: Int, isIP: Bool) async throws -> NIOSSL.TLSVersion? {
        let eventLoop = group.next()
        // On the connection's event loop from connect to close, like the pinned transport: no
        // step waits for the cooperative pool, which blocking code elsewhere may hold.
        return try await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop)) {
            try await handshake(host: host, port: port, isIP: isIP, on: eventLoop)
        }
    }

    private func handshake(host: String, port: Int, isIP: Bool, on eventLoop: any EventLoop) async throws -> NIOSSL.TLSVersion? {
        let context = try Self.context.get()
        let timeout = self.timeout
        let (channel, handshake) = try await ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: isIP ? nil : host)
                    let watch = PinnedConnectionWatch(handshake: channel.eventLoop.makePromise(), timeout: timeout)
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(watch)
                    return (channel, watch.handshake.futureResult)
                }
            }
        do {
            try await handshake.get()
        } catch {
            try? await channel.close()
            throw error
        }
        let version = try await channel.nioSSL_tlsVersion().get()
        try? await channel.close()
        return version
    }

    /// The policy's name for a NIOSSL version.
    static func policyVersion(_ version: NIOSSL.TLSVersion) -> TLSProtocolVersion {
        switch version {
        case .tlsv1: .v1_0
        case .tlsv11: .v1_1
        case .tlsv12: .v1_2
        case .tlsv13: .v1_3
        }
    }

    /// What the probe found.
    enum Finding: Sendable {
        /// The server completed the widest handshake at this version.
        case negotiated(TLSProtocolVersion)
        /// The server refused even the widest handshake: the failure is not the policy's.
        case refusedEveryOffer
        /// The probe could not tell (no connection, a proxy in the way, no version reported).
        case unknown
    }

    /// Runs the probe and reads its outcome.
    func finding(host: String, port: Int, isIP: Bool) async -> Finding {
        do {
            guard let version = try await negotiatedVersion(host: host, port: port, isIP: isIP) else { return .unknown }
            return .negotiated(Self.policyVersion(version))
        } catch let error as NIOSSLError {
            if case .handshakeFailed = error { return .refusedEveryOffer }
            return .unknown
        } catch {
            return .unknown
        }
    }
}
