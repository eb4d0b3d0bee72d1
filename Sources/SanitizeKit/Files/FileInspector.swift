/// Judges a received or uploaded file by its bytes: which format it really is, and whether
/// it is complete, cut short, followed by extra bytes, corrupt, or not what it claims.
///
/// Detection uses the signature (magic bytes); then one structural walker per format reads
/// the file's own framing (JPEG markers and segment lengths, PNG chunks and CRCs, GIF blocks,
/// WebP RIFF chunks, the PDF header and trailer) without decoding pixels. Work is linear in
/// the input and no input can make it crash. Input past ``maxBytes`` is never read (one byte
/// is probed on a pipe to tell whether more follows).
///
/// ```swift
/// let inspector = FileInspector()
/// let verdict = try inspector.inspectFile(atPath: "upload.bin", declaredType: "image/png")
/// if !verdict.isValid { print(verdict) }   // "jpeg mismatch: declared image/png …"
/// ```
public struct FileInspector: Sendable {
    /// The default bound: 64 MiB.
    public static let defaultMaxBytes = 64 << 20

    /// No byte at or past this offset is read; an input that needs more gets
    /// ``FileVerdict/Kind/tooLarge``.
    package var maxBytes: Int

    /// The read window for descriptor and file input; tests shrink it so that every field
    /// straddles a window edge somewhere.
    package var readBufferSize = ByteReader.defaultBufferSize

    /// Creates an inspector.
    /// - Parameter maxBytes: the bound in bytes (default ``defaultMaxBytes``; negative counts as 0).
    public init(maxBytes: Int = FileInspector.defaultMaxBytes) {
        self.maxBytes = max(0, maxBytes)
    }

    /// Judges bytes in memory.
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - declaredType: a media type or file extension the file claims, if any; when it names
    ///     another format (or no supported one) the verdict is ``FileVerdict/Kind/mismatch``.
    /// - Returns: the verdict.
    package func inspect(_ bytes: UnsafeRawBufferPointer, declaredType: String? = nil) -> FileVerdict {
        var reader = ByteReader(bytes: bytes, limit: maxBytes)
        do {
            return try judge(&reader, declaredType: declaredType)
        } catch {
            // Memory input cannot fail to read; keep a verdict anyway rather than trap.
            return FileVerdict(format: .unknown, kind: .corrupt, reason: error.reason)
        }
    }

    /// Judges bytes in memory: an upload, a response body, a file read whole.
    /// - Parameters:
    ///   - bytes: the whole file: `[UInt8]`, `Data`, any collection of bytes (contiguous ones
    ///     are read in place).
    ///   - declaredType: a media type or file extension the file claims, if any.
    /// - Returns: the verdict.
    public func inspect(_ bytes: some Collection<UInt8>, declaredType: String? = nil) -> FileVerdict {
        ContiguousInput.with(bytes) { inspect($0, declaredType: declaredType) }
    }

    /// Judges what an open descriptor holds from its current offset, reading in bounded
    /// chunks (and seeking over skipped segments of a regular file). The caller keeps
    /// ownership of the descriptor.
    /// - Parameters:
    ///   - descriptor: a readable descriptor: a regular file, a pipe, standard input.
    ///   - declaredType: a media type or file extension the file claims, if any.
    /// - Returns: the verdict.
    /// - Throws: ``SanitizeError`` with code `io` when reading fails.
    package func inspect(descriptor: Int32, declaredType: String? = nil) throws(SanitizeError) -> FileVerdict {
        var reader = ByteReader(descriptor: descriptor, limit: maxBytes, bufferSize: readBufferSize)
        return try judge(&reader, declaredType: declaredType)
    }

    /// Judges the file at `path`, reading it in bounded chunks.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - declaredType: a media type or file extension the file claims, if any.
    /// - Returns: the verdict.
    /// - Throws: ``SanitizeError`` with code `io` (and the path) when the file cannot be opened or read.
    public func inspectFile(atPath path: String, declaredType: String? = nil) throws(SanitizeError) -> FileVerdict {
        let descriptor: Int32
        do throws(SystemCalls.Failure) {
            descriptor = try SystemCalls.openForReading(path)
        } catch {
            throw SanitizeError(.io, "cannot open: \(error.text)", at: .init(file: path))
        }
        defer { SystemCalls.close(descriptor) }
        do {
            return try inspect(descriptor: descriptor, declaredType: declaredType)
        } catch {
            throw SanitizeError(error.code, error.reason, at: .init(file: path))
        }
    }

    /// The format the first bytes announce, without any structural check.
    /// - Parameter bytes: the file, or at least its first 12 bytes: `[UInt8]`, `Data`, any
    ///   collection of bytes (only the first 12 are read).
    /// - Returns: the format, or ``FileFormat/unknown``.
    package static func detectFormat(_ bytes: some Collection<UInt8>) -> FileFormat {
        ContiguousInput.with(bytes.prefix(MagicBytes.prefixLength)) { prefix in
            if case .format(let format) = MagicBytes.detect(prefix) { return format }
            return .unknown
        }
    }

    /// The classic, shallow JPEG test: at least 12 bytes, starting `FF D8` and ending `FF D9`.
    ///
    /// It is what many upload handlers do; it accepts a JPEG with junk in the middle and
    /// rejects a valid JPEG followed by a newline. ``inspect(_:declaredType:)`` is the real check.
    /// - Parameter bytes: the whole file: `[UInt8]`, `Data`, any collection of bytes.
    /// - Returns: whether the three conditions hold.
    @inlinable
    public static func isClassicJPEG(_ bytes: some Collection<UInt8>) -> Bool {
        ContiguousInput.with(bytes) { isClassicJPEG($0) }
    }

    /// The classic, shallow JPEG test: at least 12 bytes, starting `FF D8` and ending `FF D9`.
    ///
    /// It is what many upload handlers do; it accepts a JPEG with junk in the middle and
    /// rejects a valid JPEG followed by a newline. ``inspect(_:declaredType:)``
    /// is the real check.
    /// - Parameter bytes: the whole file.
    /// - Returns: whether the three conditions hold.
    @usableFromInline
    package static func isClassicJPEG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        MagicBytes.isClassicJPEG(bytes)
    }

    /// Detects, checks the declaration, walks, and classifies how the walk ended.
    private func judge(_ reader: inout ByteReader, declaredType: String?) throws(SanitizeError) -> FileVerdict {
        do {
            return try walkAndClassify(&reader, declaredType: declaredType)
        } catch {
            if case .io(let failure) = error { throw failure }
            return FileVerdict(format: .unknown, kind: .corrupt, reason: "internal: unexpected stop")
        }
    }

    private func walkAndClassify(_ reader: inout ByteReader, declaredType: String?) throws(WalkStop) -> FileVerdict {
        let detection = MagicBytes.detect(try reader.prefix(MagicBytes.prefixLength))
        let format: FileFormat
        switch detection {
        case .format(let detected), .prefix(let detected): format = detected
        case .none: format = .unknown
        }
        if let declaredType {
            let declared = FileFormat(declaredType: declaredType)
            guard declared == format, format != .unknown else {
                let claim = declared.map { "\(declaredType) (\($0))" } ?? "\(declaredType) (not a supported format)"
                return FileVerdict(
                    format: format, kind: .mismatch, reason: "declared \(claim), but the bytes are \(format)", offset: 0
                )
            }
        }
        let walk: (inout ByteReader) throws(WalkStop) -> Void
        switch detection {
        case .none:
            if try reader.isAtEnd() {
                if try reader.continuesPastLimit() {
                    return FileVerdict(
                        format: .unknown, kind: .tooLarge, reason: "larger than the \(maxBytes)-byte bound", offset: 0)
                }
                return FileVerdict(format: .unknown, kind: .truncated, reason: "empty input", offset: 0)
            }
            return FileVerdict(
                format: .unknown, kind: .corrupt, reason: "no JPEG, PNG, GIF, WebP or PDF signature", offset: 0)
        case .prefix, .format:
            switch format {
            case .jpeg: walk = JPEGWalker.walk
            case .png: walk = PNGWalker.walk
            case .gif: walk = GIFWalker.walk
            case .webp: walk = WebPWalker.walk
            case .pdf: walk = PDFWalker.walk
            case .unknown: return FileVerdict(format: .unknown, kind: .corrupt, reason: "no signature", offset: 0)
            }
        }
        do {
            try walk(&reader)
        } catch .endOfInput(let offset) {
            if try reader.continuesPastLimit() {
                return FileVerdict(
                    format: format, kind: .tooLarge,
                    reason: "larger than the \(maxBytes)-byte bound, reached inside \(reader.context)", offset: offset)
            }
            return FileVerdict(
                format: format, kind: .truncated, reason: "input ends inside \(reader.context)", offset: offset)
        } catch .corrupt(let offset, let reason) {
            return FileVerdict(format: format, kind: .corrupt, reason: reason, offset: offset)
        } catch .trailingData(let offset) {
            return FileVerdict(
                format: format, kind: .trailingData, reason: "bytes follow the end of the \(format)", offset: offset)
        }
        let end = reader.position
        let atEnd = try reader.isAtEnd()
        var beyond = false
        if atEnd { beyond = try reader.continuesPastLimit() }
        if !atEnd || beyond {
            return FileVerdict(
                format: format, kind: .trailingData, reason: "bytes follow the end of the \(format)", offset: end)
        }
        return FileVerdict(format: format, kind: .valid)
    }
}

extension WalkStop {
    /// A description for the rare paths that must turn a stop into text.
    var reason: String {
        switch self {
        case .endOfInput(let offset): "input ends at byte \(offset)"
        case .corrupt(_, let reason): reason
        case .trailingData(let offset): "trailing data at byte \(offset)"
        case .io(let error): error.reason
        }
    }
}
