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
///
/// The exchange runs on the channel's event loop from connect to answer (`ProbeHandler`
/// writes the request in `channelActive`), like AsyncHTTPClient's own: a busy Swift
/// concurrency pool delays only when the answer is picked up, never when the request is sent,
/// so a proxy that drops connections idle for a few seconds before the request still answers.
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
    /// - Throws: NIO's errors when the proxy cannot be reached, `ChannelError.eof` when it
    ///   closes before a response head, ``ProbeTimeout`` when it sends none within `timeout`.
    func ask(host: String, port: Int, authority: String) async throws -> Answer {
        let eventLoop = group.next()
        let answer = eventLoop.makePromise(of: Answer.self)
        let timeout = self.timeout
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(
                        ProbeHandler(authority: authority, answer: answer, timeout: timeout))
                }
            }
        do {
            _ = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            answer.fail(error)
        }
        return try await answer.futureResult.get()
    }
}

/// No response head arrived within the probe's timeout.
struct ProbeTimeout: Error, CustomStringConvertible {
    var description: String { "the proxy sent no response head to CONNECT in time" }
}

/// Sends the probe's `CONNECT` as soon as the connection is up and completes `answer` with the
/// first response head; any end before that (close, error, timeout) fails it. The channel is
/// closed once `answer` is complete.
final class ProbeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let authority: String
    private let answer: EventLoopPromise<ProxyChallengeProbe.Answer>
    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?
    /// Whether the connection came up: before that, a failed connect completes `answer` with
    /// its own error (`ask`), which an EOF here would hide.
    private var connected = false

    init(authority: String, answer: EventLoopPromise<ProxyChallengeProbe.Answer>, timeout: TimeAmount) {
        self.authority = authority
        self.answer = answer
        self.timeout = timeout
    }

    func channelActive(context: ChannelHandlerContext) {
        connected = true
        var head = HTTPRequestHead(version: .http1_1, method: .CONNECT, uri: authority)
        head.headers.add(name: "Host", value: authority)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        let answer = self.answer
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) {
            answer.fail(ProbeTimeout())
            channel.close(promise: nil)
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let response) = unwrapInboundIn(data) {
            finish(
                context, .success(.init(status: Int(response.status.code), challenges: response.headers["Proxy-Authenticate"])))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(context, .failure(error))
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closed()
    }

    /// The connection ended: without a response head, that is EOF. A second completion is
    /// ignored by NIO, so after an answer this fails nothing.
    private func closed() {
        if connected { answer.fail(ChannelError.eof) }
        deadline?.cancel()
    }

    private func finish(_ context: ChannelHandlerContext, _ result: Result<ProxyChallengeProbe.Answer, any Error>) {
        answer.completeWith(result)
        deadline?.cancel()
        context.close(promise: nil)
    }
}
