import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOPosix
@testable import SanitizeAsyncHTTPClient
import Testing

/// `ProbeHandler`, the event-loop half of `ProxyChallengeProbe`, on an `EmbeddedChannel`: the
/// `CONNECT` leaves the moment the connection is up, before any Swift task runs (a busy pool
/// once held it back past a proxy's 30 s idle limit), and every ending completes the answer once.
@Suite("The proxy challenge probe's handler")
struct ProxyChallengeProbeTests {
    private func channel(timeout: TimeAmount = .seconds(30))
        throws -> (EmbeddedChannel, EventLoopFuture<ProxyChallengeProbe.Answer>)
    {
        let loop = EmbeddedEventLoop()
        let answer = loop.makePromise(of: ProxyChallengeProbe.Answer.self)
        let channel = EmbeddedChannel(
            handler: ProbeHandler(authority: "origin.test:443", answer: answer, timeout: timeout), loop: loop)
        return (channel, answer.futureResult)
    }

    private func outcome(_ future: EventLoopFuture<ProxyChallengeProbe.Answer>) -> String? {
        var text: String?
        future.assumeIsolated().whenComplete { result in
            switch result {
            case .success(let answer): text = "\(answer.status) \(answer.challenges)"
            case .failure(let error): text = "\(error)"
            }
        }
        return text
    }

    @Test("the CONNECT is written on activation, and the first response head is the answer")
    func writesOnActivation() throws {
        let (channel, answer) = try channel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        guard case .head(let head) = try channel.readOutbound(as: HTTPClientRequestPart.self) else {
            Issue.record("no request head written on activation")
            return
        }
        #expect(head.method == .CONNECT && head.uri == "origin.test:443")
        #expect(head.headers["Host"] == ["origin.test:443"])
        guard case .end(nil) = try channel.readOutbound(as: HTTPClientRequestPart.self) else {
            Issue.record("no request end written on activation")
            return
        }
        #expect(outcome(answer) == nil)
        var response = HTTPResponseHead(version: .http1_1, status: .proxyAuthenticationRequired)
        response.headers.add(name: "Proxy-Authenticate", value: #"Bearer realm="proxy""#)
        response.headers.add(name: "Proxy-Authenticate", value: #"Basic realm="proxy""#)
        try channel.writeInbound(HTTPClientResponsePart.head(response))
        #expect(outcome(answer) == #"407 ["Bearer realm=\"proxy\"", "Basic realm=\"proxy\""]"#)
        #expect(!channel.isActive)
    }

    @Test("a close before any response head fails the answer with EOF")
    func closedEarly() throws {
        let (channel, answer) = try channel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        try channel.close().wait()
        #expect(outcome(answer) == "\(ChannelError.eof)")
    }

    @Test("no response head within the timeout fails the answer and closes the connection")
    func timesOut() throws {
        let (channel, answer) = try channel(timeout: .seconds(5))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        channel.embeddedEventLoop.advanceTime(by: .seconds(4))
        #expect(outcome(answer) == nil)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(outcome(answer) == "\(ProbeTimeout())")
        #expect(!channel.isActive)
    }

    @Test("a refused connection is reported as the connect error, not as EOF")
    func refusedConnection() async throws {
        // A port that was just free: bind, read, close.
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = server.localAddress?.port ?? 0
        try await server.close()
        let probe = ProxyChallengeProbe(group: MultiThreadedEventLoopGroup.singleton, timeout: .seconds(10))
        do {
            _ = try await probe.ask(host: "127.0.0.1", port: port, authority: "origin.test:443")
            Issue.record("a closed port answered")
        } catch {
            #expect(!(error is ChannelError), "\(error)")
            #expect("\(error)".lowercased().contains("refused"), "\(error)")
        }
    }
}
