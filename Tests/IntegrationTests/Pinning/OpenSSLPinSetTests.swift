import Foundation
import Testing

/// `sanitize pin` against openssl's own pin pipeline on a set of certificates made by
/// `openssl` for the run: every key algorithm openssl puts in a certificate (Ed448, X25519,
/// X448, RSA-PSS keys with and without parameters, DSA, secp256k1, brainpoolP256r1, a
/// compressed P-256 point, explicit EC parameters, RSA 1024…) and a plain RSA key signed
/// with RSA-PSS. A pin is the SHA-256 of the SubjectPublicKeyInfo as the certificate holds it
/// (RFC 7469 §2.4), so every one of them pins, as openssl pins them.
///
/// Then what cannot be read: cut DER files, and bundles mixing good certificates with a
/// broken one, where each certificate gets its own line or its own error line; and file
/// names that are not UTF-8, opened by their bytes.
@Suite("sanitize pin against openssl: every key and signature algorithm, broken certificates", .integration, .serialized)
struct OpenSSLPinSetTests {
    /// One kind of certificate and the bash commands (see ``make()``) that write `NAME.pem`.
    struct Kind: Sendable, CustomTestStringConvertible {
        var name: String
        var commands: String
        var testDescription: String { name }
    }

    static let kinds: [Kind] = [
        Kind(name: "rsa2048", commands: "req rsa2048 -newkey rsa:2048"),
        Kind(name: "rsa1024", commands: "req rsa1024 -newkey rsa:1024"),
        Kind(name: "rsa-signed-with-pss", commands: "req rsa-signed-with-pss -newkey rsa:2048 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32"),
        Kind(name: "rsa-pss", commands: "req rsa-pss -newkey rsa-pss -pkeyopt rsa_keygen_bits:2048"),
        Kind(
            name: "rsa-pss-params",
            commands: "req rsa-pss-params -newkey rsa-pss -pkeyopt rsa_keygen_bits:2048 -pkeyopt rsa_pss_keygen_md:sha256"
                + " -pkeyopt rsa_pss_keygen_mgf1_md:sha256 -pkeyopt rsa_pss_keygen_saltlen:32"),
        Kind(name: "p256", commands: "req p256 -newkey ec -pkeyopt ec_paramgen_curve:P-256"),
        Kind(name: "p384", commands: "req p384 -newkey ec -pkeyopt ec_paramgen_curve:P-384"),
        Kind(name: "p521", commands: "req p521 -newkey ec -pkeyopt ec_paramgen_curve:P-521"),
        Kind(
            name: "p256-compressed",
            commands: "openssl ecparam -name prime256v1 -genkey -noout -out p.key"
                + " && openssl ec -in p.key -conv_form compressed -out p256-compressed.key && req p256-compressed -key p256-compressed.key"),
        Kind(name: "p256-explicit", commands: "req p256-explicit -newkey ec -pkeyopt ec_paramgen_curve:P-256 -pkeyopt ec_param_enc:explicit"),
        Kind(name: "secp256k1", commands: "req secp256k1 -newkey ec -pkeyopt ec_paramgen_curve:secp256k1"),
        Kind(name: "brainpoolP256r1", commands: "req brainpoolP256r1 -newkey ec -pkeyopt ec_paramgen_curve:brainpoolP256r1"),
        Kind(name: "ed25519", commands: "req ed25519 -newkey ed25519"),
        Kind(name: "ed448", commands: "req ed448 -newkey ed448"),
        Kind(name: "x25519", commands: "forced x25519 X25519"),
        Kind(name: "x448", commands: "forced x448 X448"),
        Kind(
            name: "dsa",
            commands: "openssl genpkey -genparam -algorithm DSA -pkeyopt dsa_paramgen_bits:2048 -out dsa.params && req dsa -newkey dsa:dsa.params"),
    ]

    /// The directory holding `NAME.pem` and `NAME.der` for every kind.
    static let made = Result { try make() }

    static func make() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sanitize-pinset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // req NAME OPTIONS: a self-signed certificate; forced NAME ALGORITHM: a key that cannot
        // sign (X25519, X448), certified by an Ed25519 key with -force_pubkey.
        let script = """
            set -e
            req() { openssl req -x509 -nodes -days 2 -subj "/CN=$1" -keyout "$1.key" -out "$1.pem" "${@:2}"; }
            forced() { openssl genpkey -algorithm "$2" -out "$1.key" && openssl pkey -in "$1.key" -pubout -out "$1.pub" \
              && openssl genpkey -algorithm ED25519 -out signer.key \
              && openssl x509 -new -days 2 -subj "/CN=$1" -force_pubkey "$1.pub" -key signer.key -out "$1.pem"; }
            \(kinds.map(\.commands).joined(separator: "\n"))
            for name in \(kinds.map(\.name).joined(separator: " ")); do openssl x509 -in "$name.pem" -outform DER -out "$name.der"; done
            """
        let run = try ExternalTool.run("bash", ["-c", script], in: directory)
        guard run.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: run.stderr]) }
        return directory
    }

    /// openssl's pin of a certificate file (PEM or DER): RFC 7469 §A's pipeline.
    static func opensslPin(_ file: URL) throws -> String {
        let form = file.pathExtension == "der" ? "DER" : "PEM"
        let run = try ExternalTool.run(
            "sh",
            ["-c", "openssl x509 -inform \(form) -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform DER"
                + " | openssl dgst -sha256 -binary | base64", "sh", file.path])
        try #require(run.status == 0, "\(run.stderr)")
        return "sha256/" + run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func write(_ bytes: [UInt8], _ name: String, in directory: URL) throws -> URL {
        let file = directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    @Test("every key and signature algorithm pins as openssl pins it, from PEM and from DER", arguments: kinds)
    func pinsAsOpenSSL(kind: Kind) throws {
        let directory = try Self.made.get()
        let pem = directory.appendingPathComponent("\(kind.name).pem")
        let der = directory.appendingPathComponent("\(kind.name).der")
        let expected = try Self.opensslPin(pem)
        #expect(expected.count == 51)
        #expect(try Self.opensslPin(der) == expected)
        let run = try SanitizeProcess.run(["pin", "\(kind.name).pem", "\(kind.name).der"], in: directory)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.output == "\(kind.name).pem\t\(expected)\n\(kind.name).der\t\(expected)\n")
    }

    @Test("the whole set as one bundle, with text and non-UTF-8 bytes between blocks: one line per certificate, in order")
    func wholeSetAsOneBundle() throws {
        let directory = try Self.made.get()
        var bundle: [UInt8] = Array("# a bundle\r\n".utf8)
        var expected = ""
        for kind in Self.kinds {
            let pem = directory.appendingPathComponent("\(kind.name).pem")
            bundle += Array("subject=CN = \(kind.name) \u{E4}\n".utf8) + [0xE4, 0x0A]  // Latin-1 ä: not UTF-8
            bundle += Array(try Data(contentsOf: pem))
            expected += "bundle.pem\t\(try Self.opensslPin(pem))\n"
        }
        _ = try Self.write(bundle, "bundle.pem", in: directory)
        let run = try SanitizeProcess.run(["pin", "bundle.pem"], in: directory)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(run.output == expected)
        #expect(Set(run.lines).count == Self.kinds.count)
    }

    /// The lines of a PEM file, and the DER of one of the set.
    static func pemLines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: try made.get().appendingPathComponent("\(name).pem"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    static func der(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: try made.get().appendingPathComponent("\(name).der")))
    }

    /// A CERTIFICATE block around any bytes.
    static func block(_ bytes: [UInt8]) -> [String] {
        let base64 = Data(bytes).base64EncodedString()
        var lines = ["-----BEGIN CERTIFICATE-----"]
        var index = base64.startIndex
        while index < base64.endIndex {
            let next = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[index..<next]))
            index = next
        }
        return lines + ["-----END CERTIFICATE-----"]
    }

    @Test(
        "a bundle mixing good certificates and a broken one: each good one prints, the broken one gets one error line",
        arguments: [
            "cut-der", "not-base64", "bad-padding", "no-end-line", "wrong-end-label", "spki-not-certificate", "trailing-byte",
            "no-spki",
        ])
    func mixedBundle(broken: String) throws {
        let directory = try Self.made.get()
        let first = try Self.pemLines("ed448")
        let last = try Self.pemLines("rsa-pss")
        let der = try Self.der("brainpoolP256r1")
        let bad: [String]
        let reason: String
        switch broken {
        case "cut-der":
            bad = Self.block(Array(der.prefix(der.count / 2)))
            reason = "not DER (\(der.count / 2) bytes): truncated: the data ends inside an element"
        case "not-base64":
            bad = Self.block(der).enumerated().map { $0.offset == 2 ? "Proc-Type: 4,ENCRYPTED" : $0.element }
            reason = "the PEM block has a line that is not base64 at line \(first.count + 3)"
        case "bad-padding":
            var lines = Self.block(der)
            lines[lines.count - 2] += "A"
            bad = lines
            reason = "the PEM block is not valid base64 (length or padding)"
        case "no-end-line":
            bad = Array(Self.block(der).dropLast())
            reason = "the PEM block has no END line before the BEGIN line at line \(first.count + bad.count + 1)"
        case "wrong-end-label":
            bad = Self.block(der).dropLast() + ["-----END PRIVATE KEY-----"]
            reason = "the PEM block ends with an END PRIVATE KEY line at line \(first.count + bad.count)"
        case "spki-not-certificate":
            // A SubjectPublicKeyInfo (what `openssl pkey -pubout` writes) in a CERTIFICATE block.
            let spki = try ExternalTool.run("openssl", ["pkey", "-in", "ed448.key", "-pubout", "-outform", "DER"], in: directory)
            bad = Self.block(spki.stdout)
            reason = "the certificate SEQUENCE holds 2 elements, not 3 (TBSCertificate, signature algorithm, signature)"
        case "trailing-byte":
            bad = Self.block(der + [0x00])
            reason = "not DER (\(der.count + 1) bytes): malformed (trailing unparsed data is present)"
        default:
            // Well-formed DER shaped as a certificate whose TBSCertificate stops after the subject:
            // SEQUENCE { SEQUENCE { INTEGER 1, SEQUENCE ×4 (signature, issuer, validity, subject) }, SEQUENCE, BIT STRING }
            let tbs: [UInt8] = [0x30, 0x0B, 0x02, 0x01, 0x01, 0x30, 0x00, 0x30, 0x00, 0x30, 0x00, 0x30, 0x00]
            bad = Self.block([0x30, UInt8(tbs.count + 5)] + tbs + [0x30, 0x00, 0x03, 0x01, 0x00])
            reason = "the TBSCertificate ends before its subjectPublicKeyInfo"
        }
        let lines = first + bad + last
        _ = try Self.write(Array((lines.joined(separator: "\n") + "\n").utf8), "mixed-\(broken).pem", in: directory)
        let run = try SanitizeProcess.run(["pin", "mixed-\(broken).pem"], in: directory)
        let name = "mixed-\(broken).pem"
        #expect(
            run.output
                == "\(name)\t\(try Self.opensslPin(directory.appendingPathComponent("ed448.pem")))\n"
                + "\(name)\t\(try Self.opensslPin(directory.appendingPathComponent("rsa-pss.pem")))\n")
        #expect(run.stderr == "sanitize: \(name): certificate 2 (line \(first.count + 1)): \(reason) [certificate-invalid]\n")
        #expect(run.status == 1)
    }

    @Test("a bundle of an RSA and an Ed448 certificate pins both (it gave no pin at all)")
    func mixedRSAEd448Bundle() throws {
        let directory = try Self.made.get()
        let text = try (Self.pemLines("rsa2048") + Self.pemLines("ed448")).joined(separator: "\n") + "\n"
        _ = try Self.write(Array(text.utf8), "mixed-rsa-ed448-bundle.pem", in: directory)
        let run = try SanitizeProcess.run(["pin", "mixed-rsa-ed448-bundle.pem"], in: directory)
        #expect(run.status == 0 && run.stderr == "")
        #expect(
            run.lines == [
                "mixed-rsa-ed448-bundle.pem\t\(try Self.opensslPin(directory.appendingPathComponent("rsa2048.pem")))",
                "mixed-rsa-ed448-bundle.pem\t\(try Self.opensslPin(directory.appendingPathComponent("ed448.pem")))",
            ])
    }

    @Test("a cut DER file: one line naming the file, the certificate and what is wrong; never an internal error")
    func cutDER() throws {
        let directory = try Self.made.get()
        let der = try Self.der("p256")
        for length in [1, 2, 3, 4, 10, der.count / 2, der.count - 1] {
            _ = try Self.write(Array(der.prefix(length)), "cut.der", in: directory)
            let run = try SanitizeProcess.run(["pin", "cut.der"], in: directory)
            #expect(run.status == 1)
            #expect(run.output == "")
            #expect(
                run.stderr == "sanitize: cut.der: certificate 1: not DER (\(length) bytes): truncated: the data ends inside an element [certificate-invalid]\n",
                "cut at \(length)")
            #expect(!run.stderr.contains("ASN1Error") && !run.stderr.contains(".swift"))
        }
        _ = try Self.write([], "empty.der", in: directory)
        let empty = try SanitizeProcess.run(["pin", "empty.der", "p256.der"], in: directory)
        #expect(empty.status == 1)
        #expect(empty.stderr == "sanitize: empty.der: file is empty: no certificate [no-certificate]\n")
        #expect(empty.output == "p256.der\t\(try Self.opensslPin(directory.appendingPathComponent("p256.der")))\n")
    }

    @Test("file names that are not UTF-8 are opened by their bytes and shown escaped")
    func nonUTF8FileNames() throws {
        let directory = try Self.made.get()
        let run = try ShellProcess.run(
            """
            cd '\(directory.path)' && cp ed448.pem $'\\xff-ed448.pem' && cp dsa.der $'caf\\xe9.der' \
            && "$SANITIZE" pin $'\\xff-ed448.pem' $'caf\\xe9.der'
            """)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(
            run.stdout
                == "\\xFF-ed448.pem\t\(try Self.opensslPin(directory.appendingPathComponent("ed448.pem")))\n"
                + "caf\\xE9.der\t\(try Self.opensslPin(directory.appendingPathComponent("dsa.der")))\n")
        let missing = try ShellProcess.run("cd '\(directory.path)' && \"$SANITIZE\" pin $'\\xfemissing.pem'")
        #expect(missing.status == 2)
        #expect(missing.stderr == "sanitize: \\xFEmissing.pem: cannot open the file: No such file or directory [io]\n")
    }
}
