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
/// the body read up to a limit. Nothing is written before the handshake (and so the pin
/// check) has succeeded.
struct PinnedTransport: Sendable {
    let group: any EventLoopGroup
    let context: NIOSSLContext
    let verifier: ChainVerifier
    let maxResponseBytes: Int
    let timeout: TimeAmount

    /// Sends `request` (absolute, https) with `body` and returns the status, fields and body.
    func send(_ request: HTTPRequest, body: [UInt8]?) async throws -> GuardedResponse {
        guard let authority = request.authority, let target = HostPort(authority: authority) else {
            throw GuardedClientError(.urlMalformed, "request has no usable authority")
        }
        let isIP = target.host.contains(":") || target.host.allSatisfy { $0.isNumber || $0 == "." }
        let context = self.context
        let verifier = self.verifier
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(timeout)
            .connect(host: target.host, port: target.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: isIP ? nil : target.host,
                        customVerificationCallback: { certificates, promise in
                            verifier.verify(certificates, host: target.host, isIPAddress: isIP, promise: promise)
                        })
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
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

/// The host and port of an authority (`host`, `host:port`, `[v6]:port`; https default 443).
struct HostPort {
    var host: String
    var port: Int

    init?(authority: String) {
        var text = Substring(authority)
        if let at = text.lastIndex(of: "@") { text = text[text.index(after: at)...] }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            guard let port = rest.isEmpty ? 443 : Int(rest.dropFirst()) else { return nil }
            self.port = port
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            guard let port = Int(text[text.index(after: colon)...]) else { return nil }
            self.port = port
        } else {
            host = String(text)
            port = 443
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
    }
}
