import ArgumentParser
import Foundation
import SanitizeKit
#if Pinning
    import SanitizePinning
#endif

/// `sanitize pin`: the public-key pin of every certificate in PEM bundles or DER files.
///
/// Prints `FILE<TAB>sha256/BASE64` per certificate, in file and argument order: the
/// SHA-256 of the certificate's DER SubjectPublicKeyInfo (RFC 7469 §2.4), the value a guard
/// policy's `pins` list takes, whatever the key's algorithm. Each certificate is read on its
/// own: one that cannot be read gets `sanitize: FILE: certificate N (line L): why [code]` on
/// standard error and the others still print. A file that holds no certificate gets
/// `sanitize: FILE: why [no-certificate]`; both mean exit status 1. A file that cannot be
/// read, exit status 2. File names are opened by their bytes (``RawArguments``).
///
/// Built only with the package's `Pinning` trait (on by default), which links SanitizePinning;
/// `scripts/run` builds `sanitize` without it, and then `pin` is a configuration error saying so.
struct Pin: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Print the SHA-256 public-key pin of every certificate in PEM or DER files.",
        discussion: """
            Prints FILE<TAB>sha256/BASE64 for each certificate: the base64 SHA-256 of its \
            SubjectPublicKeyInfo, the form a guard policy's "pins" take (as OkHttp and \
            TrustKit write them). A PEM file may hold several certificates (a chain or \
            bundle); blocks other than CERTIFICATE are skipped. Every key algorithm pins \
            (the SubjectPublicKeyInfo is hashed as the certificate holds it). A certificate \
            that cannot be read gets one line on standard error naming the file, the \
            certificate's number and line, and what is wrong; the others still print. A tab, newline or backslash \
            in FILE is printed as \\t, \\n or \\\\.
            Exit status: 0 every certificate printed its pin, 1 some certificate could not be \
            read or some file held none (the reason on standard error), 2 usage error or a \
            file that could not be read.
            """
    )

    @Argument(help: ArgumentHelp("PEM bundles or DER certificate files.", valueName: "file"))
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one certificate file.") }
    }

    func run() throws {
        #if Pinning
            try printPins()
        #else
            throw SanitizeError(
                .configuration,
                "pin is not in this build: sanitize was built without the Pinning trait (scripts/run builds only"
                    + " what filter needs); scripts/build-cli builds it whole")
        #endif
    }
}

#if Pinning
extension Pin {
    func printPins() throws {
        var output = OutputWriter(descriptor: 1)
        var invalid = false
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
            let entries: [CertificatePins.Entry]
            do {
                entries = try CertificatePins.pins(in: bytes)
            } catch {
                try output.flush()
                reportToStandardError("sanitize: \(shown): \(error.reason) [\(error.code)]")
                invalid = true
                continue
            }
            for entry in entries {
                switch entry.pin {
                case .success(let pin):
                    try output.write("\(shown)\t\(pin)\n")
                case .failure(let error):
                    try output.flush()
                    reportToStandardError("sanitize: \(shown): \(entry.place): \(error.reason) [\(error.code)]")
                    invalid = true
                }
            }
        }
        try output.flush()
        if unreadable { throw ExitCode(2) }
        if invalid { throw ExitCode(1) }
    }

    /// The file's bytes (``CertificatePins`` refuses a file past its own size limit).
    private static func read(_ path: String, shown: String) throws(SanitizeError) -> [UInt8] {
        // File names are opened by their bytes, as every subcommand does (RawArguments).
        let descriptor = try RawArguments.openForReading(path) { SanitizeError(.io, "cannot open the file: \($0)") }
        defer { SystemCalls.close(descriptor) }
        return try FileBytes.read(descriptor: descriptor, path: shown, what: "certificate file")
    }
}

#endif

/// `pin`'s file names are opened by their bytes, so a name that is not UTF-8 is no usage error.
extension Pin: ReadsArgumentsAsBytes {
    var byteArguments: [String] { files }
}
