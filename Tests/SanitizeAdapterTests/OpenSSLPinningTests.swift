import Foundation
import HTTPTypes
import Logging
import SanitizeAsyncHTTPClient
import SanitizeKit
import SanitizePinning
import TestSupport
import Testing
import X509

/// TLS public-key pinning against real TLS servers (Python's `ssl`, certificates made by
/// `openssl` for each run): the pinned transport of ``GuardedHTTPClient`` on every leaf key
/// type, and `sanitize pin` against openssl's own pin pipeline.
@Suite("Pinning with openssl-made certificates and a real TLS server", .integration, .serialized)
struct OpenSSLPinningTests {
    static let pki = Result { try TestPKI() }

    /// A pin that no key has.
    static func bogus(_ seed: UInt8) -> SPKIPin { SPKIPin(digest: [UInt8](repeating: seed, count: 32))! }

    static func client(pins: [PinnedHost], pki: TestPKI, logs: CapturedLogs) throws -> GuardedHTTPClient {
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .httpsOnly))
        policy.pins = pins
        let ca = try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: pki.caCertificate))))
        return try GuardedHTTPClient(
            requestGuard: try RequestGuard(policy: policy),
            configuration: .init(timeoutSeconds: 20, trustRoots: ca, logger: logs.logger))
    }

    static func get(_ client: GuardedHTTPClient, port: Int, path: String) async -> Result<GuardedResponse, GuardedClientError> {
        let request = HTTPRequest(method: .get, scheme: "https", authority: "127.0.0.1:\(port)", path: path)
        do {
            return .success(try await client.execute(request))
        } catch {
            return .failure(error)
        }
    }

    @Test("sanitize pin prints openssl's pin for every key type, and CertificatePins agrees", arguments: TestPKI.KeyType.allCases)
    func pinCommandAgreesWithOpenSSL(type: TestPKI.KeyType) throws {
        let pki = try Self.pki.get()
        let leaf = try pki.leaf(type, name: "pin-\(type.rawValue)")
        let expectedLeaf = try TestPKI.opensslPin(ofCertificate: leaf.certificate)
        let expectedCA = try TestPKI.opensslPin(ofCertificate: pki.caCertificate)
        #expect(expectedLeaf.count == 51 && expectedLeaf != expectedCA)

        let run = try SanitizeBinary.run(["pin", leaf.chain])
        #expect(run.status == 0)
        #expect(run.stdout == "\(leaf.chain)\t\(expectedLeaf)\n\(leaf.chain)\t\(expectedCA)\n")

        // DER input reads the same key.
        let der = pki.directory.appendingPathComponent("pin-\(type.rawValue).der").path
        try TestPKI.openssl(in: pki.directory, "x509", "-in", leaf.certificate, "-outform", "DER", "-out", der)
        let derRun = try SanitizeBinary.run(["pin", der])
        #expect(derRun.stdout == "\(der)\t\(expectedLeaf)\n")

        let library = try CertificatePins.pins(in: Array(try Data(contentsOf: URL(fileURLWithPath: leaf.chain))))
        #expect(try library.map { try $0.pin.get().description } == [expectedLeaf, expectedCA])
    }

    @Test("sanitize pin: a file with no certificate exits 1 with the reason; others still print")
    func pinCommandNoCertificate() throws {
        let pki = try Self.pki.get()
        let leaf = try pki.leaf(.ecP256, name: "pin-empty")
        let run = try SanitizeBinary.run(["pin", leaf.key, leaf.certificate])
        #expect(run.status == 1)
        #expect(run.stdout == "\(leaf.certificate)\t\(try TestPKI.opensslPin(ofCertificate: leaf.certificate))\n")
        #expect(run.stderr.contains("\(leaf.key): no CERTIFICATE block (found: PRIVATE KEY) [no-certificate]"))

        let garbage = pki.directory.appendingPathComponent("garbage.der").path
        try Data([0x30, 0x82, 0xFF, 0xFF, 0x01]).write(to: URL(fileURLWithPath: garbage))
        let bad = try SanitizeBinary.run(["pin", garbage])
        #expect(bad.status == 1 && bad.stdout.isEmpty)
        #expect(
            bad.stderr
                == "sanitize: \(garbage): certificate 1: not DER (5 bytes): truncated: the data ends inside an element [certificate-invalid]\n")

        let missing = try SanitizeBinary.run(["pin", pki.directory.appendingPathComponent("absent.pem").path])
        #expect(missing.status == 2 && missing.stderr.contains("[io]"))
    }

    @Test("right pin: 200; wrong pins: handshake fails, no request byte reaches the server", arguments: TestPKI.KeyType.allCases)
    func rightAndWrongPins(type: TestPKI.KeyType) async throws {
        let pki = try Self.pki.get()
        let leaf = try pki.leaf(type, name: "server-\(type.rawValue)")
        let leafPin = try #require(SPKIPin(try TestPKI.opensslPin(ofCertificate: leaf.certificate)))
        let servers = try RecordingServers([.init(name: "S", cert: leaf.chain, key: leaf.key)])
        let logs = CapturedLogs()

        let right = try Self.client(
            pins: [PinnedHost(host: "127.0.0.1", pins: [leafPin, Self.bogus(1)])], pki: pki, logs: logs)
        let wrong = try Self.client(
            pins: [PinnedHost(host: "127.0.0.1", pins: [Self.bogus(2), Self.bogus(3)])], pki: pki, logs: logs)
        let backup = try Self.client(
            pins: [PinnedHost(host: "127.0.0.1", pins: [Self.bogus(4), leafPin])], pki: pki, logs: logs)

        let refused = await Self.get(wrong, port: servers.port("S"), path: "/wrong")
        let ok = await Self.get(right, port: servers.port("S"), path: "/right")
        let viaBackup = await Self.get(backup, port: servers.port("S"), path: "/backup")
        for client in [right, wrong, backup] { try await client.shutdown() }
        let events = try servers.finish()

        #expect(try ok.get().status == .ok)
        #expect(try ok.get().body == Array("ok".utf8))
        #expect(try viaBackup.get().status == .ok)
        guard case .failure(let error) = refused else {
            Issue.record("a wrong pin must refuse the connection")
            return
        }
        #expect(error.code == .transportFailed)
        #expect(logs.messages(atLeast: .error).contains { $0.contains("no certificate presented by 127.0.0.1") })
        let paths = events.filter { $0.event == "request" }.compactMap(\.path)
        #expect(paths.sorted() == ["/backup", "/right"])
        #expect(events.contains { $0.event == "tls-failed" })
    }

    @Test("a pin of the CA (not the leaf) also passes: any certificate of the validated chain")
    func caPinMatches() async throws {
        let pki = try Self.pki.get()
        let leaf = try pki.leaf(.ecP256, name: "server-ca-pin")
        let caPin = try #require(SPKIPin(try TestPKI.opensslPin(ofCertificate: pki.caCertificate)))
        let servers = try RecordingServers([.init(name: "S", cert: leaf.chain, key: leaf.key)])
        let client = try Self.client(
            pins: [PinnedHost(host: "127.0.0.1", pins: [Self.bogus(5), caPin])], pki: pki, logs: CapturedLogs())
        let result = await Self.get(client, port: servers.port("S"), path: "/ca")
        try await client.shutdown()
        _ = try servers.finish()
        #expect(try result.get().status == .ok)
    }

    @Test("an expired pin set falls back to ordinary trust with a warning, and never widens it")
    func expiredPins() async throws {
        let pki = try Self.pki.get()
        let leaf = try pki.leaf(.rsa2048, name: "server-expired")
        let stranger = try TestPKI()  // another CA: ordinary trust must refuse its leaf
        let strangeLeaf = try stranger.leaf(.ecP256, name: "stranger")
        let servers = try RecordingServers([
            .init(name: "S", cert: leaf.chain, key: leaf.key),
            .init(name: "X", cert: strangeLeaf.chain, key: strangeLeaf.key),
        ])
        let logs = CapturedLogs()
        let expired = [
            PinnedHost(host: "127.0.0.1", pins: [Self.bogus(6), Self.bogus(7)], expires: Date(timeIntervalSinceNow: -60))
        ]
        let client = try Self.client(pins: expired, pki: pki, logs: logs)
        let trusted = await Self.get(client, port: servers.port("S"), path: "/expired")
        let untrusted = await Self.get(client, port: servers.port("X"), path: "/stranger")
        try await client.shutdown()
        let events = try servers.finish()

        #expect(try trusted.get().status == .ok)
        #expect(logs.messages(atLeast: .warning).contains { $0.contains("pins for 127.0.0.1 expired at") })
        guard case .failure(let error) = untrusted else {
            Issue.record("an unknown CA must still be refused when the pins have expired")
            return
        }
        #expect(error.code == .transportFailed)
        #expect(!events.contains { $0.server == "X" && $0.event == "request" })
    }
}
