import Foundation

/// A test CA and server certificates made by `openssl` in a temporary directory: the CA is
/// EC P-256; leaves are RSA 2048, EC P-256 or Ed25519, for `localhost` and `127.0.0.1`.
struct TestPKI {
    /// The key types of the leaves.
    enum KeyType: String, CaseIterable, Sendable {
        case rsa2048, ecP256, ed25519

        var genpkeyArguments: [String] {
            switch self {
            case .rsa2048: ["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"]
            case .ecP256: ["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"]
            case .ed25519: ["-algorithm", "ED25519"]
            }
        }
    }

    /// One leaf's files.
    struct Leaf {
        /// The leaf certificate alone (PEM).
        var certificate: String
        /// The leaf then the CA (PEM), what the server sends.
        var chain: String
        /// The private key (PEM).
        var key: String
    }

    let directory: URL
    var caCertificate: String { directory.appendingPathComponent("ca.pem").path }

    /// Makes the CA.
    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sanitize-pki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.openssl(
            in: directory, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", "ca.key", "-out", "ca.pem", "-days", "3", "-subj", "/CN=swift-sanitize test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    }

    /// Makes a leaf of `type` named `name`, signed by the CA.
    func leaf(_ type: KeyType, name: String? = nil) throws -> Leaf {
        let base = name ?? type.rawValue
        try Self.openssl(in: directory, ["genpkey"] + type.genpkeyArguments + ["-out", "\(base).key"])
        try Self.openssl(in: directory, "req", "-new", "-key", "\(base).key", "-out", "\(base).csr", "-subj", "/CN=localhost")
        let extensions = """
            subjectAltName=DNS:localhost,IP:127.0.0.1
            basicConstraints=critical,CA:FALSE
            keyUsage=critical,digitalSignature\(type == .rsa2048 ? ",keyEncipherment" : "")
            extendedKeyUsage=serverAuth

            """
        try extensions.write(to: directory.appendingPathComponent("\(base).ext"), atomically: true, encoding: .utf8)
        try Self.openssl(
            in: directory, "x509", "-req", "-in", "\(base).csr", "-CA", "ca.pem", "-CAkey", "ca.key",
            "-CAcreateserial", "-out", "\(base).pem", "-days", "2", "-extfile", "\(base).ext")
        let leafText = try String(contentsOf: directory.appendingPathComponent("\(base).pem"), encoding: .utf8)
        let caText = try String(contentsOf: directory.appendingPathComponent("ca.pem"), encoding: .utf8)
        try (leafText + caText).write(
            to: directory.appendingPathComponent("\(base)-chain.pem"), atomically: true, encoding: .utf8)
        return Leaf(
            certificate: directory.appendingPathComponent("\(base).pem").path,
            chain: directory.appendingPathComponent("\(base)-chain.pem").path,
            key: directory.appendingPathComponent("\(base).key").path)
    }

    /// The pin of a PEM certificate file by the pipeline of RFC 7469 §A / OkHttp's docs:
    /// `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    static func opensslPin(ofCertificate path: String) throws -> String {
        let script =
            "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der"
            + " | openssl dgst -sha256 -binary | base64"
        let output = try run("/bin/sh", ["-c", script, "sh", path], in: nil)
        return "sha256/" + output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult
    static func openssl(in directory: URL, _ arguments: String...) throws -> String {
        try openssl(in: directory, arguments)
    }

    @discardableResult
    static func openssl(in directory: URL, _ arguments: [String]) throws -> String {
        try run("/usr/bin/env", ["openssl"] + arguments, in: directory)
    }

    /// Runs a tool, returns its standard output; throws when it exits with another status than 0.
    static func run(_ executable: String, _ arguments: [String], in directory: URL?) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = try output.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments) failed"])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
