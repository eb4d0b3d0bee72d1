/// Path segments and relative paths that a URL parser cannot resolve out of the path they
/// are appended to.
///
/// Percent-encoding with the path-segment set (``URLEncodingContext/pathSegment``) makes any
/// value one segment, but three values stay dangerous whatever the encoding: `..` (the
/// parent), `.` (the same directory) and the empty segment (`/files/` instead of
/// `/files/NAME`). The WHATWG URL Standard (§4.4, "single-dot URL path segment" and
/// "double-dot URL path segment") also reads `%2e`, `.%2e`, `%2e.` and `%2e%2e`, in any case,
/// as dot segments, and URLSession, browsers, node and curl resolve them. These functions
/// encode like the path-segment set and then refuse an encoded segment that is a dot segment
/// or empty, so their output, appended to `https://host/base/`, always stays under `/base/`.
///
/// ```swift
/// try URLPath.encodeSegment("a b")        // a%20b
/// try URLPath.encodeSegment("..")         // throws dot-segment
/// try URLPath.encodePath("docs/a b/1.txt") // docs/a%20b/1.txt
/// try URLPath.encodePath("docs/../etc")   // throws dot-segment (byte 5)
/// ```
public enum URLPath {
    /// The set each segment is encoded with: ``URLEncodingContext/pathSegment``'s.
    static let segmentSet = URLEncodingContext.pathSegment.encodeSet
    /// The set of a whole path: the segment set without `/`, which separates segments.
    static let pathSet = URLEncodingContext.pathSegment.encodeSet.removing("/")

    /// Percent-encodes `text` as one path segment and refuses the segments no encoding makes
    /// safe (WHATWG URL §4.4 dot segments, and the empty segment unless allowed).
    /// - Parameters:
    ///   - text: the value.
    ///   - allowingEmpty: accept the empty value (it yields an empty segment, `/base/`).
    /// - Returns: the encoded segment.
    /// - Throws: ``SanitizeError`` `dot-segment` for `.` or `..`, `empty-path-segment` for
    ///   the empty value.
    public static func encodeSegment(_ text: String, allowingEmpty: Bool = false) throws(SanitizeError) -> String {
        let encoded = PercentEncoding.encode(text, using: segmentSet)
        let problem = UTF8Bytes.with(encoded) { bytes in
            Result { () throws(SanitizeError) in try checkSegment(bytes, at: 0, allowingEmpty: allowingEmpty) }
        }
        try problem.get()
        return encoded
    }

    /// Percent-encodes `text` as a relative path: the segments between its `/`s are each
    /// encoded as by ``encodeSegment(_:allowingEmpty:)`` and joined by `/`.
    /// - Parameters:
    ///   - text: the path, such as `docs/a b/1.txt` (a leading, trailing or doubled `/` makes
    ///     an empty segment).
    ///   - allowingEmptySegments: accept empty segments.
    /// - Returns: the encoded path.
    /// - Throws: ``SanitizeError`` `dot-segment` or `empty-path-segment`, with the byte offset
    ///   of the segment in `text`.
    public static func encodePath(_ text: String, allowingEmptySegments: Bool = false) throws(SanitizeError) -> String {
        let encoded = PercentEncoding.encode(text, using: pathSet)
        let problem = UTF8Bytes.with(encoded) { bytes in
            Result { () throws(SanitizeError) in try checkPath(bytes, allowingEmpty: allowingEmptySegments) }
        }
        try problem.get()
        return encoded
    }

    /// Checks an already encoded segment.
    /// - Parameters:
    ///   - encoded: the segment as ``encodeSegment(_:allowingEmpty:)`` encodes it.
    ///   - offset: the byte offset reported for it.
    ///   - allowingEmpty: accept the empty segment.
    /// - Throws: ``SanitizeError`` `dot-segment` or `empty-path-segment`.
    ///   - inPath: say which segment of a path (by its byte offset) is refused.
    package static func checkSegment(
        _ encoded: UnsafeRawBufferPointer, at offset: Int, allowingEmpty: Bool, inPath: Bool = false
    ) throws(SanitizeError) {
        let place = inPath ? "the segment at byte \(offset): " : ""
        if encoded.isEmpty && !allowingEmpty {
            throw SanitizeError(
                .emptyPathSegment,
                "\(place)an empty path segment (the URL would name the parent path itself, /base/)",
                at: .init(byteOffset: offset))
        }
        if let kind = dotSegmentKind(encoded) {
            let text = String(decoding: encoded, as: UTF8.self)
            throw SanitizeError(
                .dotSegment,
                "\(place)'\(text)' is a \(kind)-dot segment: URL parsers resolve it to \(kind == "double" ? "the parent path" : "the same path") (WHATWG URL §4.4)",
                at: .init(byteOffset: offset))
        }
    }

    /// Checks every `/`-separated segment of an already encoded path. Encoding never turns a
    /// byte into `/`, so the encoded segments start at the same offsets as the input's as
    /// long as no byte before them was encoded; the offset reported is the input's.
    package static func checkPath(_ encoded: UnsafeRawBufferPointer, allowingEmpty: Bool) throws(SanitizeError) {
        var start = 0
        var inputOffset = 0  // the segment's offset in the unencoded value
        var index = 0
        while true {
            if index == encoded.count || encoded[index] == 0x2F {
                let segment = UnsafeRawBufferPointer(rebasing: encoded[start..<index])
                try checkSegment(segment, at: inputOffset, allowingEmpty: allowingEmpty, inPath: true)
                inputOffset += inputLength(ofEncoded: segment) + 1
                if index == encoded.count { return }
                start = index + 1
            }
            index += 1
        }
    }

    /// `"single"` or `"double"` when `segment` is a WHATWG single-dot (`.`, `%2e`) or
    /// double-dot (`..`, `.%2e`, `%2e.`, `%2e%2e`) path segment, ASCII case-insensitively.
    package static func dotSegmentKind(_ segment: UnsafeRawBufferPointer) -> String? {
        var dots = 0
        var index = 0
        while index < segment.count {
            if segment[index] == 0x2E {
                index += 1
            } else if index + 2 < segment.count, segment[index] == 0x25, segment[index + 1] == 0x32,
                segment[index + 2] | 0x20 == 0x65
            {
                index += 3
            } else {
                return nil
            }
            dots += 1
            if dots > 2 { return nil }
        }
        switch dots {
        case 1: return "single"
        case 2: return "double"
        default: return nil
        }
    }

    /// How many input bytes an encoded run stands for (`%XX` is one byte).
    private static func inputLength(ofEncoded segment: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var index = 0
        while index < segment.count {
            index += segment[index] == 0x25 ? 3 : 1
            count += 1
        }
        return count
    }
}
