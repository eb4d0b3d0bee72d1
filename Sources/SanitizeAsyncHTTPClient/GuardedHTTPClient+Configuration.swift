public import AsyncHTTPClient
public import X509
public import Logging
public import SanitizeKit

extension GuardedHTTPClient {
    /// The client's limits and trust.
    public struct Configuration: Sendable {
        /// The most redirects one call follows (each hop checked by the guard).
        public var maxRedirects: Int
        /// The longest response body accepted, in bytes.
        public var maxResponseBytes: Int
        /// How long one hop may take, in seconds (connection, request and response).
        public var timeoutSeconds: Int64
        /// The roots ordinary trust evaluation accepts; `nil` means the system's roots.
        public var trustRoots: [Certificate]?
        /// Where warnings go (an expired pin set, a redirect that lost its credentials).
        public var logger: Logger
        /// What a `401` challenge may be answered with (see ``RequestGuard/decide(status:challenges:origin:proxy:rules:answered:credentials:)``).
        public var challengeRules = ChallengeRules()
        /// The caller's credentials per origin, realm and scheme; `nil` answers no challenge.
        public var credentials: (@Sendable (String, String?, ChallengeRules.Scheme) -> ChallengeCredentials?)?
        /// The HTTP proxy every request goes through (AsyncHTTPClient tunnels with `CONNECT`);
        /// pinned hosts are reached directly. Its `407` is answered only for this proxy's URL
        /// (`http://host:port/`, which the guard's credential allowlist must name), only with
        /// `Proxy-Authorization`, and only when ``credentials`` gives credentials for it.
        public var proxy: HTTPClient.Configuration.Proxy?

        /// Creates a configuration.
        /// - Parameters:
        ///   - maxRedirects: redirects followed per call (default 5).
        ///   - maxResponseBytes: response body bound (default 10 MiB).
        ///   - timeoutSeconds: time per hop (default 30).
        ///   - trustRoots: trusted roots, `nil` for the system's.
        ///   - logger: the logger for warnings.
        public init(
            maxRedirects: Int = 5, maxResponseBytes: Int = 10 << 20, timeoutSeconds: Int64 = 30,
            trustRoots: [Certificate]? = nil, logger: Logger = Logger(label: "SanitizeAsyncHTTPClient")
        ) {
            self.maxRedirects = maxRedirects
            self.maxResponseBytes = maxResponseBytes
            self.timeoutSeconds = timeoutSeconds
            self.trustRoots = trustRoots
            self.logger = logger
        }
    }
}
