/// Percent-encoding (WHATWG URL Standard §1.3, "UTF-8 percent-encode"; RFC 3986 §2.1).
///
/// ```swift
/// PercentEncoding.encode("a b&c", using: .component)        // a%20b%26c
/// PercentEncoding.encode("a b", for: .form)                 // a+b
/// ```
public enum PercentEncoding {
    /// Percent-encodes the UTF-8 bytes of `text` that are in `set`, with upper-case hex.
    /// - Parameters:
    ///   - text: the value.
    ///   - set: the bytes to encode.
    /// - Returns: the encoded text (printable ASCII only).
    public static func encode(_ text: String, using set: PercentEncodeSet) -> String {
        UTF8Bytes.with(text) { UTF8Bytes.string(encode(utf8: $0, using: set)) }
    }

    /// Percent-encodes `text` for a place in a URL.
    /// - Parameters:
    ///   - text: the value.
    ///   - context: where the value goes.
    /// - Returns: the encoded text.
    public static func encode(_ text: String, for context: URLEncodingContext) -> String {
        encode(text, using: context.encodeSet)
    }

    /// Percent-encodes bytes: every byte in `set` becomes `%XX`, a space becomes `+` when the
    /// set says so. Callers handing in non-UTF-8 bytes get them encoded byte for byte.
    /// - Parameters:
    ///   - bytes: the value, normally UTF-8: `[UInt8]`, `Data`, `String.UTF8View`, any collection of bytes.
    ///   - set: the bytes to encode.
    /// - Returns: the encoded bytes.
    @inlinable
    public static func encode(utf8 bytes: some Collection<UInt8>, using set: PercentEncodeSet) -> [UInt8] {
        ContiguousInput.with(bytes) { encode(utf8: $0, using: set) }
    }

    /// Percent-encodes bytes: every byte in `set` becomes `%XX`, a space becomes `+` when the
    /// set says so. Callers handing in non-UTF-8 bytes get them encoded byte for byte.
    /// - Parameters:
    ///   - bytes: the value, normally UTF-8.
    ///   - set: the bytes to encode.
    /// - Returns: the encoded bytes.
    @usableFromInline
    package static func encode(utf8 bytes: UnsafeRawBufferPointer, using set: PercentEncodeSet) -> [UInt8] {
        var output: [UInt8] = []
        PercentEncoder.cached(for: set).encode(bytes, appendingTo: &output)
        return output
    }

    /// Percent-encodes bytes, appending to `output` (reuse one array across calls to avoid an
    /// allocation per value).
    /// - Parameters:
    ///   - bytes: the value, normally UTF-8.
    ///   - set: the bytes to encode.
    ///   - output: where the encoded bytes are appended.
    package static func encode(utf8 bytes: UnsafeRawBufferPointer, using set: PercentEncodeSet, into output: inout [UInt8]) {
        PercentEncoder.cached(for: set).encode(bytes, appendingTo: &output)
    }
}

/// The encoding loop: a 256-entry table over bytes, output sized for the worst case.
package struct PercentEncoder: Sendable {
    let table: [UInt8]

    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
    private static let contexts: [PercentEncodeSet: PercentEncoder] = {
        var map: [PercentEncodeSet: PercentEncoder] = [:]
        for context in URLEncodingContext.allCases {
            map[context.encodeSet] = PercentEncoder(table: context.encodeSet.table)
        }
        return map
    }()

    /// A prepared encoder for `set` (the named contexts are built once).
    package static func cached(for set: PercentEncodeSet) -> PercentEncoder {
        contexts[set] ?? PercentEncoder(table: set.table)
    }

    func encode(_ bytes: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) {
        var nonASCII = false
        UTF8Bytes.append(to: &output, capacity: maxEncodedCount(bytes.count)) { out in
            write(encoding: bytes, to: out, nonASCII: &nonASCII)
        }
    }

    /// The most bytes the encoded form of `count` input bytes can take.
    package func maxEncodedCount(_ count: Int) -> Int {
        3 * count
    }

    /// Writes the encoded form of `bytes` to `out`, which has room for
    /// ``maxEncodedCount(_:)`` bytes, and returns how many it wrote; `nonASCII` is set when
    /// the bytes hold a byte of 0x80 or more (so that ASCII text needs no UTF-8 validation).
    package func write(
        encoding bytes: UnsafeRawBufferPointer, to out: UnsafeMutablePointer<UInt8>, nonASCII: inout Bool
    ) -> Int {
        let count = bytes.count
        var seen: UInt8 = 0
        let written = table.withUnsafeBufferPointer { table in
            Self.hex.withUnsafeBufferPointer { hex in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return 0 }
                let map = table.baseAddress.unsafelyUnwrapped
                let digits = hex.baseAddress.unsafelyUnwrapped
                var w = 0
                for i in 0..<count {
                    let byte = base[i]
                    seen |= byte
                    let action = map[Int(byte)]
                    if action == 0 {
                        out[w] = byte
                        w += 1
                    } else if action == 1 {
                        out[w] = 0x25
                        out[w + 1] = digits[Int(byte >> 4)]
                        out[w + 2] = digits[Int(byte & 0x0F)]
                        w += 3
                    } else {
                        out[w] = 0x2B
                        w += 1
                    }
                }
                return w
            }
        }
        nonASCII = seen >= 0x80
        return written
    }
}
