import NIOCore
import NIOTLS

/// Why the pinned transport gave up on a connection, when no TLS or socket error says it.
enum PinnedTransportError: Error, CustomStringConvertible {
    /// The peer closed the connection before the TLS handshake ended.
    case closedDuringHandshake
    /// The exchange took longer than the hop's time limit.
    case timedOut(seconds: Int64)

    var description: String {
        switch self {
        case .closedDuringHandshake: "the connection closed during the TLS handshake"
        case .timedOut(let seconds): "no response within \(seconds) s"
        }
    }
}

/// Watches one pinned connection, right behind its `NIOSSLClientHandler`: reports how the TLS
/// handshake ended, and closes the connection when the hop's time limit passes.
///
/// The transport waits for ``handshake`` before it writes the request, so a handshake that
/// fails (a version below the floor, no allowed cipher suite, a chain or pin refused) fails the
/// exchange with the handshake's own error, never with the error of a write that lost the race
/// to it. Sitting first after the TLS handler, this handler sees the handshake's error before
/// anything else does.
final class PinnedConnectionWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// Succeeds when NIOSSL reports the handshake complete; fails with the first error raised
    /// before that, or when the connection closes or the time runs out first.
    let handshake: EventLoopPromise<Void>
    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    /// - Parameters:
    ///   - handshake: the promise to complete (of the channel's event loop).
    ///   - timeout: how long the whole exchange may take, connection included.
    init(handshake: EventLoopPromise<Void>, timeout: TimeAmount) {
        self.handshake = handshake
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let seconds = timeout.nanoseconds / 1_000_000_000
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            let error = PinnedTransportError.timedOut(seconds: seconds)
            self.handshake.fail(error)
            context.fireErrorCaught(error)
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        handshake.fail(PinnedTransportError.closedDuringHandshake)  // no effect once completed
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let tlsEvent = event as? TLSUserEvent, case .handshakeCompleted = tlsEvent { handshake.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        handshake.fail(error)
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        handshake.fail(PinnedTransportError.closedDuringHandshake)
        context.fireChannelInactive()
    }
}
