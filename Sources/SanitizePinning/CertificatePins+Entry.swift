public import SanitizeKit

extension CertificatePins {
    /// One certificate of a file: where it is, and its pin or why it has none.
    public struct Entry: Sendable, Hashable {
        /// Its 1-based position among the file's certificates (a DER file holds one).
        public let number: Int
        /// The 1-based line of its `-----BEGIN CERTIFICATE-----` line; `nil` for DER.
        public let line: Int?
        /// Its pin, or the `certificate-invalid` error saying why it could not be read.
        public let pin: Result<SPKIPin, SanitizeError>

        /// `certificate N` or `certificate N (line L)`: how messages name it.
        public var place: String {
            line.map { "certificate \(number) (line \($0))" } ?? "certificate \(number)"
        }
    }
}
