import AsyncHTTPClient
import Foundation
import HTTPTypes
import SanitizeAsyncHTTPClient
import SanitizeKit
import SanitizePinning
import SanitizeURLSession
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #30: the host a client contacts is the host the guard judged. Each host of
/// ``hosts`` (characters whose UTS #46 mapping differs between Unicode versions or between
/// clients) is requested through its own recording forward proxy (`Fixtures/recording_proxy.py`,
/// Python, loopback, answering every `CONNECT` with 407), by `GuardedHTTPClient`
/// (AsyncHTTPClient) and by `GuardedURLSession` (FoundationNetworking over libcurl). The
/// `CONNECT` target each proxy saw must be the guard's canonical host, port 443.
///
/// AsyncHTTPClient takes its proxy from its configuration. FoundationNetworking has no proxy
/// setting but libcurl's `https_proxy` variable, which cannot be changed safely while other
/// tests run in this process; the URLSession requests are therefore sent by a second run of
/// this test binary, filtered to ``urlSession()``, with the proxy in its environment.
@Suite("The host contacted is the guard's canonical host, through recording proxies", .integration, .serialized)
struct CanonicalHostProxyTests {
    /// Mapping-sensitive hosts and why each is here.
    static let hosts: [(host: String, why: String)] = [
        ("stra\u{1E9E}e.example", "U+1E9E: ss in UTS #46 15.0, ß since 15.1"),
        ("api.example", "ASCII, for contrast"),
        ("stra\u{00DF}e.example", "ß: a deviation, kept by Nontransitional processing"),
        ("\u{03C3}\u{03BF}\u{03C6}\u{03CC}\u{03C2}.example", "final sigma ς: a deviation, kept"),
        ("\u{0DC1}\u{0DCA}\u{200D}\u{0DBB}\u{0DD3}.example", "ZWJ after a virama (CONTEXTJ)"),
        ("\u{0646}\u{0627}\u{0645}\u{0647}\u{200C}\u{0627}\u{06CC}.example", "ZWNJ between joining letters"),
        ("\u{FF41}\u{FF50}\u{FF49}\u{FF0E}example", "fullwidth letters and full stop"),
        ("api\u{3002}example", "ideographic full stop"),
        ("\u{2121}.example", "U+2121 ℡: tel"),
        ("\u{212A}elvin.example", "U+212A Kelvin sign: k"),
        ("\u{2163}.example", "U+2163 Ⅳ: iv"),
        ("ex\u{AD}ample.example", "soft hyphen: ignored"),
        ("x\u{2061}y.example", "U+2061: disallowed in 15.0, ignored since 16.0"),
        ("\u{10A0}.example", "U+10A0 Georgian capital: disallowed in 15.0, mapped since 16.0"),
        ("\u{2132}x.example", "U+2132 Ⅎ: disallowed in 15.0, mapped since 16.0"),
        ("\u{1CCD6}pi.example", "U+1CCD6 outlined a (Unicode 16.0): a"),
        ("a\u{1D6A6}.example", "U+1D6A6 (Unicode 17.0): ss"),
        ("\u{A7F1}x.example", "U+A7F1 (Unicode 17.0): s"),
        ("STRASSE.Example.", "ASCII: case and a trailing dot"),
    ]

    /// The guard every request is checked by: credentials only for `https://xn--strae-oqa.example/`
    /// (straße), so the requests carrying `Authorization` are allowed only where the host
    /// contacted is that one; and for the proxies, which answer `CONNECT` over plain http.
    static func requestGuard(proxies: [String] = []) throws -> RequestGuard {
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .allowHTTP))
        policy.credentials.allowedBaseURLs = ["https://xn--strae-oqa.example/"] + proxies
        // FoundationNetworking cannot set a TLS floor (URLSessionTLSFloor); the URLSession case needs this.
        policy.transport.allowUnenforcedTLSFloor = true
        return try RequestGuard(policy: policy)
    }

    static let proxyToken = "Bearer proxy-token"

    /// The guard's canonical host of `host` (every host of the table is one it accepts).
    static func canonicalHost(_ host: String) throws -> String {
        try requestGuard().target(of: "https://\(host)/").get().host.text
    }

    /// Whether the request for `host` carries a credential: only where the canonical host is
    /// the allowlisted one (the guard refuses the others before any connection, tested apart).
    static func carriesCredential(_ host: String) throws -> Bool {
        try canonicalHost(host) == "xn--strae-oqa.example"
    }

    /// One recording proxy per host, named `prefix` and the host's index. Each answers 407
    /// to a `CONNECT` without ``proxyToken``, and 403 to one with it (its target is not
    /// loopback), so nothing goes further.
    static func proxies(_ prefix: String) throws -> RecordingServers {
        let specs = hosts.indices.map {
            ["name": "\(prefix)\($0)", "challenge": #"Bearer realm="proxy""#, "expect": proxyToken]
        }
        return try RecordingServers(
            fixture: "recording_proxy.py",
            config: String(decoding: try JSONEncoder().encode(["proxies": specs]), as: UTF8.self), count: specs.count)
    }

    /// Every host's proxy saw at least one `CONNECT` (with ``proxyToken`` when `answered`:
    /// the client's own, after the adapter's probe for the challenge), each naming exactly the
    /// canonical host.
    static func check(
        _ events: [RecordingServers.Event], prefix: String, answered: Bool, skipping skipped: Set<Int> = [],
        ignoringTarget ignored: String? = nil
    ) throws {
        for (index, entry) in hosts.enumerated() where !skipped.contains(index) {
            let expected = "\(try canonicalHost(entry.host)):443"
            let seen = events.filter { $0.server == "\(prefix)\(index)" && $0.target != ignored }
            #expect(!seen.isEmpty, "\(entry.why): no request reached the proxy")
            if answered {
                #expect(seen.contains { $0.header("Proxy-Authorization") == proxyToken }, "\(entry.why): the client's own CONNECT is missing")
            }
            for event in seen {
                #expect(event.method == "CONNECT", "\(entry.why): \(event.method ?? "")")
                #expect(event.target == expected, "\(entry.why): CONNECT \(event.target ?? ""), guard: \(expected)")
                #expect(event.header("Authorization") == nil)
            }
        }
    }

    /// The canonical hosts, as Python's `idna` 3.20 maps the table (`uts46_remap`, then
    /// Punycode), less the trailing dot that the guard removes.
    /// The status, or the error as text, of `request`; the client is shut down whatever happens
    /// (AsyncHTTPClient traps when a client is released without it).
    static func outcome(of request: HTTPRequest, with client: GuardedHTTPClient) async throws -> String {
        let outcome: String
        do {
            outcome = "\(try await client.execute(request).status.code)"
        } catch {
            outcome = "\(error)"
        }
        try await client.shutdown()
        return outcome
    }

    /// `body` for every host index at once, the answers in index order. AsyncHTTPClient retries
    /// a refused tunnel until its 10-second connect timeout, so one request after the other
    /// would take minutes; the waiting is on NIO's event loops, not the test's threads.
    static func concurrently(_ body: @escaping @Sendable (Int) async throws -> String) async throws -> [String] {
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in hosts.indices { group.addTask { (index, try await body(index)) } }
            var outcomes = Array(repeating: "", count: hosts.count)
            for try await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
    }

    @Test("the guard reads every host of the table as Python idna 3.20 does (and straẞe.example as straße)")
    func canonicalHosts() throws {
        var canonical: [String] = []
        for entry in Self.hosts { canonical.append(try Self.canonicalHost(entry.host)) }
        #expect(
            canonical == [
                "xn--strae-oqa.example", "api.example", "xn--strae-oqa.example", "xn--0xagbn4a.example",
                "xn--10cl1a0b660p.example", "xn--mgba3gch31f060k.example", "api.example", "api.example",
                "tel.example", "kelvin.example", "iv.example", "example.example", "xy.example", "xn--rkj.example",
                "xn--x-5yn.example", "api.example", "ass.example", "sx.example", "strasse.example",
            ])
    }

    @Test("AsyncHTTPClient: every CONNECT names the guard's canonical host")
    func asyncHTTPClient() async throws {
        let proxies = try Self.proxies("h")
        let requestGuard = try Self.requestGuard(
            proxies: Self.hosts.indices.map { "http://127.0.0.1:\(proxies.port("h\($0)"))/" })
        let outcomes = try await Self.concurrently { index in
            let entry = Self.hosts[index]
            var configuration = GuardedHTTPClient.Configuration()
            configuration.proxy = .server(host: "127.0.0.1", port: proxies.port("h\(index)"))
            configuration.timeoutSeconds = 20
            // The proxy's 407 is answered, so AsyncHTTPClient's own CONNECT reaches it too.
            configuration.challengeRules = ChallengeRules(allowBearerOverHTTP: true)
            configuration.credentials = { _, _, scheme in scheme == .bearer ? .bearer("proxy-token") : nil }
            let client = try GuardedHTTPClient(requestGuard: requestGuard, configuration: configuration)
            var request = HTTPRequest(method: .get, scheme: "https", authority: entry.host, path: "/probe")
            if try Self.carriesCredential(entry.host) { request.headerFields[.authorization] = "Bearer t" }
            return try await Self.outcome(of: request, with: client)
        }
        let events = try proxies.finish()
        // No request was refused by the guard: each reached its proxy (which refused it).
        for (entry, outcome) in zip(Self.hosts, outcomes) {
            #expect(!outcome.hasPrefix("credentials-not-allowed") && !outcome.hasPrefix("host-invalid"), "\(entry.why): \(outcome)")
        }
        try Self.check(events, prefix: "h", answered: true)
    }

    @Test("AsyncHTTPClient: a redirect's CONNECT names the guard's canonical host of its Location")
    func asyncHTTPClientRedirects() async throws {
        let pki = try TestPKI()
        let leaf = try pki.leaf(.ecP256, name: "origin")
        var redirects: [String: String] = [:]
        for (index, entry) in Self.hosts.enumerated() { redirects["/r\(index)"] = "https://\(entry.host)/landing" }
        let origins = try RecordingServers([.init(name: "T", cert: leaf.chain, key: leaf.key, redirects: redirects)])
        let origin = "127.0.0.1:\(origins.port("T"))"
        let proxies = try Self.proxies("r")
        let requestGuard = try Self.requestGuard(
            proxies: Self.hosts.indices.map { "http://127.0.0.1:\(proxies.port("r\($0)"))/" })
        let ca = try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))))
        let outcomes = try await Self.concurrently { index in
            var configuration = GuardedHTTPClient.Configuration(trustRoots: ca)
            configuration.proxy = .server(host: "127.0.0.1", port: proxies.port("r\(index)"))
            configuration.timeoutSeconds = 20
            configuration.challengeRules = ChallengeRules(allowBearerOverHTTP: true)
            configuration.credentials = { _, _, scheme in scheme == .bearer ? .bearer("proxy-token") : nil }
            let client = try GuardedHTTPClient(requestGuard: requestGuard, configuration: configuration)
            let request = HTTPRequest(method: .get, scheme: "https", authority: origin, path: "/r\(index)")
            return try await Self.outcome(of: request, with: client)
        }
        let events = try proxies.finish()
        let originEvents = try origins.finish().filter { $0.event == "request" }
        // Every redirect was asked for (through its proxy's tunnel to the origin).
        #expect(Set(originEvents.compactMap(\.path)) == Set(Self.hosts.indices.map { "/r\($0)" }))
        // A Location Foundation's URL cannot read is refused as such; nothing else is refused.
        var unreadable: Set<Int> = []
        for (index, outcome) in outcomes.enumerated() where outcome.hasPrefix("redirect-invalid") {
            unreadable.insert(index)
        }
        #expect(unreadable == Self.foundationRefuses, "\(outcomes)")
        try Self.check(events, prefix: "r", answered: true, skipping: unreadable, ignoringTarget: origin)
    }

    /// The environment variable that makes ``urlSession()`` the second run's probe: a JSON
    /// ``ProbePorts``.
    static let probeVariable = "SANITIZE_CANONICAL_HOST_PROBE"

    /// What the second run needs: a proxy per host for the direct requests and one per host for
    /// the redirects, and the loopback origin that answers `/r<index>` with a 302 to the host.
    struct ProbePorts: Codable {
        var direct: [Int]
        var redirect: [Int]
        var origin: Int
    }

    /// Hosts Foundation's `URL` cannot represent (code points newer than its Unicode data):
    /// no request can be made from them, so nothing reaches a proxy.
    static let foundationRefuses: Set<Int> = Set(
        hosts.indices.filter { URL(string: "https://\(hosts[$0].host)/probe") == nil })

    @Test("URLSession (FoundationNetworking over libcurl): every CONNECT names the guard's canonical host, redirects too")
    func urlSession() async throws {
        if let text = ProcessInfo.processInfo.environment[Self.probeVariable] {
            try await Self.probe(try JSONDecoder().decode(ProbePorts.self, from: Data(text.utf8)))
            return
        }
        var redirects: [String: String] = [:]
        for (index, entry) in Self.hosts.enumerated() { redirects["/r\(index)"] = "https://\(entry.host)/landing" }
        let origins = try RecordingServers([.init(name: "O", redirects: redirects)])
        let direct = try Self.proxies("u")
        let redirected = try Self.proxies("v")
        let run = try Self.runProbe(
            ProbePorts(
                direct: Self.hosts.indices.map { direct.port("u\($0)") },
                redirect: Self.hosts.indices.map { redirected.port("v\($0)") }, origin: origins.port("O")))
        let directEvents = try direct.finish()
        let redirectEvents = try redirected.finish()
        let originEvents = try origins.finish().filter { $0.event == "request" }
        #expect(run.status == 0, "the probe run failed: \(run.output.suffix(2000))")
        // Every probe request was sent or refused by Foundation, never by the guard.
        let lines = run.output.split(separator: "\n").filter { $0.hasPrefix("probe ") || $0.hasPrefix("redirect ") }
        #expect(lines.count == 2 * Self.hosts.count, "\(run.output.suffix(2000))")
        for line in lines {
            #expect(!line.contains("credentials-not-allowed") && !line.contains("host-invalid"), "\(line)")
        }
        try Self.check(directEvents, prefix: "u", answered: false, skipping: Self.foundationRefuses)
        // Only hosts with code points newer than Foundation's Unicode data may be refused.
        for index in Self.foundationRefuses {
            #expect(Self.hosts[index].why.contains("Unicode 17.0"), "Foundation refuses \(Self.hosts[index].why)")
        }
        // Redirects: every one was asked for; each followed one reached the canonical host.
        #expect(Set(originEvents.compactMap(\.path)) == Set(Self.hosts.indices.map { "/r\($0)" }))
        let notFollowed = Set(
            lines.filter { $0.hasPrefix("redirect ") && $0.hasSuffix(" status 302") }
                .compactMap { Int($0.split(separator: " ")[1]) })
        #expect(notFollowed.isSubset(of: Self.foundationRefuses), "\(lines.filter { $0.hasPrefix("redirect ") })")
        try Self.check(redirectEvents, prefix: "v", answered: false, skipping: notFollowed)
    }

    /// The second run: each request through its own proxy (set in `https_proxy` between
    /// requests; nothing else runs in this process), one `probe …` line per host; then each
    /// host as the `Location` of a 302 from the loopback origin (reached directly: `no_proxy`),
    /// one `redirect …` line per host.
    static func probe(_ ports: ProbePorts) async throws {
        setenv("no_proxy", "", 1)
        setenv("NO_PROXY", "", 1)
        let session = try GuardedURLSession(requestGuard: try requestGuard(), timeout: 20)
        defer { session.invalidate() }
        for (index, entry) in hosts.enumerated() {
            guard let url = URL(string: "https://\(entry.host)/probe") else {
                print("probe \(index) foundation-refuses")
                continue
            }
            setenv("https_proxy", "http://127.0.0.1:\(ports.direct[index])", 1)
            var request = URLRequest(url: url)
            if try carriesCredential(entry.host) { request.setValue("Bearer t", forHTTPHeaderField: "Authorization") }
            print("probe \(index) \(await outcome(of: request, with: session))")
        }
        setenv("no_proxy", "127.0.0.1", 1)
        for index in hosts.indices {
            setenv("https_proxy", "http://127.0.0.1:\(ports.redirect[index])", 1)
                guard let url = URL(string: "http://127.0.0.1:\(ports.origin)/r\(index)") else { continue }
            print("redirect \(index) \(await outcome(of: URLRequest(url: url), with: session))")
        }
    }

    /// `status N`, `denied …` or `transport …` for one request.
    static func outcome(of request: URLRequest, with session: GuardedURLSession) async -> String {
        do {
            let (_, response) = try await session.data(for: request)
            return "status \(response.statusCode)"
        } catch let denial as GuardDenial {
            return "denied \(denial)"
        } catch {
            return "transport \(type(of: error))"
        }
    }

    /// Runs this test binary again, filtered to ``urlSession()``, with ``probeVariable`` set.
    static func runProbe(_ ports: ProbePorts) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "CanonicalHostProxyTests/urlSession"]
        var environment = ProcessInfo.processInfo.environment
        environment[probeVariable] = String(decoding: try JSONEncoder().encode(ports), as: UTF8.self)
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }

    @Test("a policy for strasse.example gives no credential to straẞe.example, which is straße since UTS #46 15.1")
    func strasseIsNotStraße() async throws {
        var policy = GuardPolicy()
        policy.credentials.allowedBaseURLs = ["https://strasse.example/"]
        let requestGuard = try RequestGuard(policy: policy)
        let proxies = try Self.proxies("d")
        var configuration = GuardedHTTPClient.Configuration()
        configuration.proxy = .server(host: "127.0.0.1", port: proxies.port("d0"))
        let client = try GuardedHTTPClient(requestGuard: requestGuard, configuration: configuration)
        var request = HTTPRequest(method: .get, scheme: "https", authority: "stra\u{1E9E}e.example", path: "/")
        request.headerFields[.authorization] = "Bearer t"
        var outcome = ""
        do {
            outcome = "\(try await client.execute(request).status.code)"
        } catch {
            outcome = "\(error)"
        }
        try await client.shutdown()
        let events = try proxies.finish()
        #expect(outcome.hasPrefix("credentials-not-allowed"), "\(outcome)")
        #expect(events.isEmpty, "the refused request reached a proxy: \(events.compactMap(\.target))")
    }
}
