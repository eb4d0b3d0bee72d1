/// A file format that the file checks recognize by its bytes.
///
/// The raw value is the name the `sanitize check image` command prints.
public enum FileFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// JPEG (ITU-T T.81 / ISO/IEC 10918-1), signature `FF D8 FF`.
    case jpeg
    /// PNG (ISO/IEC 15948, W3C PNG), signature `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// GIF (GIF87a and GIF89a), signature `GIF87a` or `GIF89a`.
    case gif
    /// WebP in its RIFF container (RFC 9649), `RIFF` size `WEBP`.
    case webp
    /// PDF (ISO 32000), signature `%PDF-`.
    case pdf
    /// None of the formats above.
    case unknown

    /// The format's name, as printed by the command line tool.
    public var description: String { rawValue }

    /// The format's registered media type (`image/jpeg`, …), or `nil` for ``unknown``.
    package var mediaType: String? {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .pdf: "application/pdf"
        case .unknown: nil
        }
    }

    /// Reads a declared type: a media type (`image/png`, `IMAGE/PNG; charset=x`), a file
    /// extension (`png`, `.PNG`) or a file name (`photo.jpg`).
    ///
    /// Case is ignored, as are media type parameters after `;` and surrounding white space.
    /// A declaration that names none of the supported formats gives `nil`.
    /// - Parameter declaredType: what a caller, an upload form or a `Content-Type` header claims.
    package init?(declaredType: String) {
        var text = Substring(declaredType.lowercased())
        if let semicolon = text.firstIndex(of: ";") { text = text[..<semicolon] }
        text = text.drop(while: { $0 == " " || $0 == "\t" })
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        if text.contains("/") {
            guard let format = Self.mediaTypes[String(text)] else { return nil }
            self = format
            return
        }
        if let dot = text.lastIndex(of: ".") { text = text[text.index(after: dot)...] }
        guard let format = Self.extensions[String(text)] else { return nil }
        self = format
    }

    /// Media types, including the common unregistered aliases, by format.
    private static let mediaTypes: [String: FileFormat] = [
        "image/jpeg": .jpeg, "image/jpg": .jpeg, "image/pjpeg": .jpeg,
        "image/png": .png, "image/x-png": .png, "image/apng": .png,
        "image/gif": .gif,
        "image/webp": .webp,
        "application/pdf": .pdf, "application/x-pdf": .pdf,
    ]

    /// File name extensions by format.
    private static let extensions: [String: FileFormat] = [
        "jpg": .jpeg, "jpeg": .jpeg, "jpe": .jpeg, "jfif": .jpeg, "pjpeg": .jpeg,
        "png": .png, "apng": .png,
        "gif": .gif,
        "webp": .webp,
        "pdf": .pdf,
    ]
}
