import ArgumentParser
import Foundation
import SanitizeKit
import SanitizePinning
import X509

/// `sanitize pin`: the public-key pin of every certificate in PEM bundles or DER files.
///
/// Prints `FILE<TAB>sha256/BASE64` per certificate, in file and argument order: the
/// SHA-256 of the certificate's DER SubjectPublicKeyInfo (RFC 7469 §2.4), the value a guard
/// policy's `pins` list takes. A file that holds no certificate gets `sanitize: FILE: why`
/// on standard error and exit status 1; a file that cannot be read, exit status 2.
struct Pin: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the SHA-256 public-key pin of every certificate in PEM or DER files.",
        discussion: """
            Prints FILE<TAB>sha256/BASE64 for each certificate: the base64 SHA-256 of its \
            SubjectPublicKeyInfo, the form a guard policy's "pins" take (as OkHttp and \
            TrustKit write them). A PEM file may hold several certificates (a chain or \
            bundle); blocks other than CERTIFICATE are skipped. A tab, newline or backslash \
            in FILE is printed as \\t, \\n or \\\\.
            Exit status: 0 every file held a certificate, 1 some file held none (the reason \
            on standard error), 2 usage error or a file that could not be read.
            """
    )

    @Argument(help: ArgumentHelp("PEM bundles or DER certificate files.", valueName: "file"))
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one certificate file.") }
    }

    func run() throws {
        var output = OutputWriter(descriptor: 1)
        var empty = false
        var unreadable = false
        for file in files {
            let shown = RawArguments.displayName(file)
            let bytes: [UInt8]
            do {
                bytes = try Self.read(file, shown: shown)
            } catch {
                try output.flush()
                reportToStandardError("sanitize: \(shown): \(error.reason) [\(error.code)]")
                unreadable = true
                continue
            }
            let certificates: [Certificate]
            do {
                certificates = try CertificatePins.certificates(in: bytes)
            } catch {
                try output.flush()
                reportToStandardError("sanitize: \(shown): \(error.reason) [\(error.code)]")
                empty = true
                continue
            }
            for certificate in certificates {
                try output.write("\(shown)\t\(try CertificatePins.pin(of: certificate))\n")
            }
        }
        try output.flush()
        if unreadable { throw ExitCode(2) }
        if empty { throw ExitCode(1) }
    }

    /// The file's bytes (``CertificatePins`` refuses a file past its own size limit).
    private static func read(_ path: String, shown: String) throws(SanitizeError) -> [UInt8] {
        // File names are opened by their bytes, as every subcommand does (RawArguments).
        let descriptor = RawArguments.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SanitizeError(.io, "cannot open the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        return try FileBytes.read(descriptor: descriptor, path: shown, what: "certificate file")
    }
}
