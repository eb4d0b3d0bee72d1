import NIOCore
import NIOHTTP1
import NIOPosix

/// Reads the challenge of an HTTP proxy that refused a `CONNECT` with `407`.
///
/// AsyncHTTPClient 1.37 tunnels every proxied request (http and https alike) through
/// `CONNECT` and turns a `407` into `HTTPClientError.proxyAuthenticationRequired`, dropping
/// the response and its `Proxy-Authenticate` fields. To judge the challenge, the client asks
/// once more itself: one plain `CONNECT` (no credential), the response head read, the
/// connection closed.
struct ProxyChallengeProbe: Sendable {
    let group: any EventLoopGroup
    let timeout: TimeAmount

    /// What the proxy answered: its status and its `Proxy-Authenticate` field values.
    struct Answer: Sendable {
        var status: Int
        var challenges: [String]
    }

    /// Sends `CONNECT authority` to the proxy and returns its answer.
    /// - Parameters:
    ///   - host: the proxy's host.
    ///   - port: the proxy's port.
    ///   - authority: `host:port` of the origin the tunnel is for.
    /// - Returns: the status and the challenges of the response head.
    /// - Throws: NIO's errors when the proxy cannot be reached or closes early.
    func ask(host: String, port: Int, authority: String) async throws -> Answer {
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(timeout)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        // The proxy closes the connection after its 407: closing our side afterwards may fail
        // ("I/O on closed channel"), which must not hide the answer already read.
        var answer: Answer?
        do {
            try await channel.executeThenClose { inbound, outbound in
                var head = HTTPRequestHead(version: .http1_1, method: .CONNECT, uri: authority)
                head.headers.add(name: "Host", value: authority)
                // Head and end in one write: a proxy that answers 407 may close as soon as it has
                // read the head, and a second write would then fail on the closed channel.
                // Even then the write may fail ("I/O on closed channel") when the proxy's close
                // arrives first: what it answered is still in the inbound buffer, so read it
                // before giving up.
                var writeError: (any Error)?
                do {
                    try await outbound.write(contentsOf: [.head(head), .end(nil)])
                } catch {
                    writeError = error
                }
                for try await part in inbound {
                    if case .head(let response) = part {
                        answer = Answer(
                            status: Int(response.status.code), challenges: response.headers["Proxy-Authenticate"])
                        return
                    }
                }
                if let writeError { throw writeError }
            }
        } catch {
            if answer == nil { throw error }
        }
        guard let answer else { throw ChannelError.eof }
        return answer
    }
}
