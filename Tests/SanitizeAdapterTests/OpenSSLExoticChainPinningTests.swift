import Foundation
import HTTPTypes
import Logging
import SanitizeAsyncHTTPClient
import SanitizeKit
import SanitizePinning
import TestSupport
import Testing

/// The pinned transport of ``GuardedHTTPClient`` against chains holding certificates that
/// apple/swift-certificates cannot read (Ed448 and RSA-PSS keys, Ed448 and RSA-PSS
/// signatures), all made by `openssl` for the run and served by Python's `ssl` on loopback.
///
/// The chain the server sends is leaf, intermediate, then four extra certificates: the
/// intermediate's key certified again by an Ed448 root (an Ed448-signed cross-certificate)
/// and by an RSA-PSS root (an RSA-PSS-signed one), and those two roots themselves (Ed448 and
/// RSA-PSS keys). Pins are read from each validated certificate's own SubjectPublicKeyInfo,
/// so the pin openssl prints for a cross-certificate matches the validated intermediate that
/// holds the same key; the extra roots are on no validated path, so their pins never pass.
@Suite("Pinning chains with Ed448 and RSA-PSS certificates (openssl-made, real TLS server)", .integration, .serialized)
struct OpenSSLExoticChainPinningTests {
    /// The files of one run.
    struct Chains {
        let directory: URL
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    }

    static let made = Result { try Self.make() }

    /// Makes the root (P-256), the intermediate, the leaf, the Ed448 and RSA-PSS roots with
    /// their cross-certificates of the intermediate's key, and two leaves no verifier here can
    /// check: one under an Ed448 intermediate, one signed with RSA-PSS.
    static func make() throws -> Chains {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sanitize-exotic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = #"""
            set -e
            ca='basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n'
            server='subjectAltName=IP:127.0.0.1\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n'
            printf "$ca" > ca.ext; printf "$server" > server.ext
            root() { openssl req -x509 -nodes -days 3 -subj "/CN=$1" -keyout "$1.key" -out "$1.pem" \
                -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign "${@:2}"; }
            # sign NAME ISSUER EXTFILE [openssl x509 options]: NAME.csr signed into NAME-by-ISSUER.pem
            sign() { openssl x509 -req -days 2 -in "$1.csr" -CA "$2.pem" -CAkey "$2.key" -set_serial "0x$(openssl rand -hex 8)" \
                -extfile "$3" -out "$1-by-$2.pem" "${@:4}"; }
            csr() { openssl req -new -key "$1.key" -subj "/CN=$2" -out "$1.csr"; }
            root R -newkey ec -pkeyopt ec_paramgen_curve:P-256
            root E -newkey ed448
            root P -newkey rsa-pss -pkeyopt rsa_keygen_bits:2048
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out I.key; csr I "exotic intermediate"
            sign I R ca.ext; sign I E ca.ext; sign I P ca.ext; cp I-by-R.pem I.pem
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out L.key; csr L localhost
            sign L I server.ext
            cat L-by-I.pem I-by-R.pem I-by-E.pem I-by-P.pem E.pem P.pem > chain.pem
            # A leaf under an Ed448 intermediate (signed by R), and an RSA leaf R2 signs with RSA-PSS.
            openssl genpkey -algorithm ED448 -out J.key; csr J "ed448 intermediate"; sign J R ca.ext; cp J-by-R.pem J.pem
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out M.key; csr M localhost; sign M J server.ext
            cat M-by-J.pem J-by-R.pem > ed448-chain.pem
            root R2 -newkey rsa:2048
            openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out N.key; csr N localhost
            sign N R2 server.ext -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32
            cat N-by-R2.pem R2.pem > pss-chain.pem
            """#
        try TestPKI.run("/bin/bash", ["-c", script], in: directory)
        return Chains(directory: directory)
    }

    static func client(trusting roots: [String], pins: [SPKIPin], logs: CapturedLogs) throws -> GuardedHTTPClient {
        var policy = GuardPolicy(transport: TransportPolicy(loopback: .httpsOnly))
        policy.pins = [PinnedHost(host: "127.0.0.1", pins: pins)]
        let trusted = try roots.flatMap { try CertificatePins.certificates(in: Array(try Data(contentsOf: URL(fileURLWithPath: $0)))) }
        return try GuardedHTTPClient(
            requestGuard: try RequestGuard(policy: policy),
            configuration: .init(timeoutSeconds: 20, trustRoots: trusted, logger: logs.logger))
    }

    static func pin(_ path: String) throws -> SPKIPin {
        try #require(SPKIPin(try TestPKI.opensslPin(ofCertificate: path)))
    }

    /// Sends one GET per client to server `S` and returns the outcomes (`200`, or `refused` for a
    /// handshake that failed) and the events. With `holdingPool`, every thread of the
    /// cooperative pool is held while the requests run (``CooperativePoolHold``), as synchronous
    /// tests hold it in a full run.
    static func run(
        chain: String, key: String, clients: [(String, GuardedHTTPClient)], holdingPool: Bool = false
    ) async throws -> (statuses: [String: String], events: [RecordingServers.Event]) {
        let servers = try RecordingServers([.init(name: "S", cert: chain, key: key)])
        let port = servers.port("S")
        var statuses: [String: String] = [:]
        func send() async {
            for (path, client) in clients {
                let request = HTTPRequest(method: .get, scheme: "https", authority: "127.0.0.1:\(port)", path: path)
                do {
                    statuses[path] = "\(try await client.execute(request).status.code)"
                } catch {
                    #expect(error.code == .transportFailed, "\(path): \(error)")
                    statuses[path] = "refused"
                }
            }
        }
        if holdingPool {
            let executor = PoolFreeExecutor()
            let probeRan: Bool
            do {
                probeRan = try await withTaskExecutorPreference(executor) {
                    let hold = try CooperativePoolHold()
                    defer { hold.release() }
                    await send()
                    return hold.probeRan
                }
            } catch {
                // Clients dropped without `shutdown()` stop the test process (AsyncHTTPClient asserts).
                for (_, client) in clients { try? await client.shutdown() }
                try? await executor.shutdown()
                throw error
            }
            try await executor.shutdown()
            #expect(!probeRan, "the cooperative pool was not held during the requests")
        } else {
            await send()
        }
        for (_, client) in clients { try await client.shutdown() }
        return (statuses, try servers.finish())
    }

    @Test(
        "the pin openssl prints for an Ed448- or RSA-PSS-signed certificate of a validated key matches; extras do not break the chain (also with every cooperative thread held)",
        arguments: [false, true])
    func crossCertificatesMatch(holdingPool: Bool) async throws {
        let chains = try Self.made.get()
        let ed448Signed = try Self.pin(chains.path("I-by-E.pem"))
        let pssSigned = try Self.pin(chains.path("I-by-P.pem"))
        // The same key: openssl's pins of the three certificates of the intermediate agree.
        #expect(ed448Signed == (try Self.pin(chains.path("I-by-R.pem"))) && pssSigned == ed448Signed)
        let other = try Self.pin(chains.path("R2.pem"))
        let leafPin = try Self.pin(chains.path("L-by-I.pem"))
        let logs = CapturedLogs()
        let roots = [chains.path("R.pem")]
        let (statuses, events) = try await Self.run(
            chain: chains.path("chain.pem"), key: chains.path("L.key"),
            clients: [
                ("/ed448-signed", try Self.client(trusting: roots, pins: [other, ed448Signed], logs: logs)),
                ("/leaf", try Self.client(trusting: roots, pins: [leafPin, other], logs: logs)),
            ], holdingPool: holdingPool)
        #expect(statuses == ["/ed448-signed": "200", "/leaf": "200"], "\(logs.messages(atLeast: .notice))")
        #expect(events.filter { $0.event == "request" }.compactMap(\.path).sorted() == ["/ed448-signed", "/leaf"])
        // The four certificates swift-certificates cannot read were left out of path building, each said.
        let skipped = logs.messages(atLeast: .notice).filter { $0.contains("is left out of path building") }
        #expect(skipped.count == 8, "\(skipped)")
        #expect(skipped.contains { $0.hasPrefix("TLS: certificate 5 presented by 127.0.0.1 is left out of path building: ") })
    }

    @Test("a presented Ed448 or RSA-PSS root on no validated path never satisfies a pin")
    func unvalidatedExtrasNeverMatch() async throws {
        let chains = try Self.made.get()
        let ed448Root = try Self.pin(chains.path("E.pem"))
        let pssRoot = try Self.pin(chains.path("P.pem"))
        #expect(ed448Root != pssRoot)
        let logs = CapturedLogs()
        let (statuses, events) = try await Self.run(
            chain: chains.path("chain.pem"), key: chains.path("L.key"),
            clients: [("/extras", try Self.client(trusting: [chains.path("R.pem")], pins: [ed448Root, pssRoot], logs: logs))])
        #expect(statuses == ["/extras": "refused"])
        #expect(!events.contains { $0.event == "request" })
        #expect(logs.messages(atLeast: .error).contains { $0.contains("no certificate presented by 127.0.0.1") })
    }

    @Test("a chain no verifier here can check is refused by ordinary trust, whatever its pins", arguments: ["ed448", "pss"])
    func uncheckableChainsFailClosed(kind: String) async throws {
        let chains = try Self.made.get()
        let chain = chains.path("\(kind)-chain.pem")
        let key = chains.path(kind == "ed448" ? "M.key" : "N.key")
        let roots = [chains.path("R.pem"), chains.path("R2.pem")]
        // Every certificate of the chain pinned: ordinary trust still comes first.
        let pins = try (kind == "ed448" ? ["M-by-J.pem", "J-by-R.pem"] : ["N-by-R2.pem", "R2.pem"]).map { try Self.pin(chains.path($0)) }
        let logs = CapturedLogs()
        let (statuses, events) = try await Self.run(
            chain: chain, key: key, clients: [("/\(kind)", try Self.client(trusting: roots, pins: pins, logs: logs))])
        #expect(statuses == ["/\(kind)": "refused"])
        #expect(!events.contains { $0.event == "request" })
        // Both leaves carry a signature swift-certificates cannot check (Ed448, RSA-PSS).
        let warnings = logs.messages(atLeast: .warning)
        #expect(warnings.contains { $0.hasPrefix("TLS: ordinary trust evaluation cannot read the leaf certificate of 127.0.0.1: ") }, "\(warnings)")
    }
}
