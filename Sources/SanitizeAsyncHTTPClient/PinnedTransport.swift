import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import SanitizeKit

/// One HTTP/1.1 exchange over a TLS connection whose chain ``ChainVerifier`` checks.
///
/// AsyncHTTPClient 1.37 builds its `NIOSSLClientHandler` itself and offers no hook for a
/// custom verification callback, so requests to pinned hosts go through this small
/// transport on the same event loop group: one connection per request, `Connection: close`,
/// the body read up to a limit, the whole exchange within the hop's time limit. Nothing is
/// written before the handshake (and so the pin check) has succeeded.
struct PinnedTransport: Sendable {
    let group: any EventLoopGroup
    /// One context per TLS requirement of the policy (floor and suites, TLSRequirements+NIOSSL.swift).
    let contexts: [TLSRequirements: NIOSSLContext]
    let verifier: ChainVerifier
    let maxResponseBytes: Int
    let timeout: TimeAmount

    /// Sends `request` (absolute, https) with `body` and returns the status, fields and body.
    /// - Parameters:
    ///   - request: the request the guard allowed.
    ///   - target: the guard's reading of its URL: the connection goes to this canonical host
    ///     and port, never to a second parse of the authority.
    ///   - requirements: the policy's TLS requirements for the host.
    ///   - body: the request body.
    func send(_ request: HTTPRequest, to target: GuardTarget, requirements: TLSRequirements, body: [UInt8]?)
        async throws -> GuardedResponse
    {
        guard let authority = request.authority else {
            throw GuardedClientError(.urlMalformed, "request has no authority")
        }
        let isIP = target.host.address != nil
        // The canonical text of an IPv6 address is bracketed; a socket address is not.
        let connectHost = isIP ? String(target.host.text.filter { $0 != "[" && $0 != "]" }) : target.host.text
        guard let context = contexts[requirements] else {
            throw GuardedClientError(.transportFailed, "no TLS context for \(requirements)")
        }
        // The whole exchange runs on the connection's event loop, like the certificate check
        // (ChainVerifier): no step of a pinned request waits for the cooperative pool, which
        // blocking code elsewhere in the process may hold past the server's patience.
        let eventLoop = group.next()
        return try await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop)) {
            try await exchange(
                request, authority: authority, host: connectHost, port: target.port, isIP: isIP, context: context,
                body: body, on: eventLoop)
        }
    }

    /// Connects, waits for the handshake (and so the certificate check), then writes the
    /// request and reads the response; nothing is written before the handshake succeeded, so a
    /// refused handshake fails with its own error (PinnedConnectionWatch.swift).
    private func exchange(
        _ request: HTTPRequest, authority: String, host connectHost: String, port: Int, isIP: Bool,
        context: NIOSSLContext, body: [UInt8]?, on eventLoop: any EventLoop
    ) async throws -> GuardedResponse {
        let verifier = self.verifier
        let timeout = self.timeout
        let (channel, handshake) = try await ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .connect(host: connectHost, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: isIP ? nil : connectHost,
                        customVerificationCallback: { certificates, promise in
                            verifier.verify(certificates, host: connectHost, isIPAddress: isIP, promise: promise)
                        })
                    let watch = PinnedConnectionWatch(handshake: channel.eventLoop.makePromise(), timeout: timeout)
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(watch)
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    let wrapped = try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                    return (wrapped, watch.handshake.futureResult)
                }
            }
        let maxResponseBytes = self.maxResponseBytes
        return try await channel.executeThenClose { inbound, outbound in
            try await handshake.get()
            var head = HTTPRequestHead(
                version: .http1_1, method: HTTPMethod(rawValue: request.method.rawValue), uri: request.path ?? "/")
            head.headers.add(name: "Host", value: authority)
            for field in request.headerFields { head.headers.add(name: field.name.rawName, value: field.value) }
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            if let body { head.headers.replaceOrAdd(name: "Content-Length", value: String(body.count)) }
            try await outbound.write(.head(head))
            if let body { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
            try await outbound.write(.end(nil))

            var status = HTTPResponse.Status.internalServerError
            var fields = HTTPFields()
            var bytes: [UInt8] = []
            for try await part in inbound {
                switch part {
                case .head(let responseHead):
                    status = HTTPResponse.Status(code: Int(responseHead.status.code))
                    fields = HTTPFields(nioHeaders: responseHead.headers)
                case .body(let buffer):
                    guard bytes.count + buffer.readableBytes <= maxResponseBytes else {
                        throw GuardedClientError(
                            .responseTooLarge, "response body is longer than \(maxResponseBytes) bytes")
                    }
                    bytes += buffer.readableBytesView
                case .end:
                    return GuardedResponse(
                        status: status, headerFields: fields, body: bytes, url: "", removedHeaders: [])
                }
            }
            throw GuardedClientError(.transportFailed, "the connection closed before the response ended")
        }
    }
}
