@testable import SanitizeKit

/// libFuzzer entry point for strict percent-decoding and the encoders.
///
/// Decoding may refuse the input (a malformed escape); when it succeeds, encoding the result
/// for the component context and decoding again must give the same bytes. Independently, the
/// raw input encoded for every URL context must decode back to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    for plusAsSpace in [false, true] {
        guard let decoded = try? PercentDecoding.decode(utf8: bytes, plusAsSpace: plusAsSpace) else { continue }
        let encoded = decoded.withUnsafeBytes { PercentEncoding.encode(utf8: $0, using: URLEncodingContext.component.encodeSet) }
        let again = try? encoded.withUnsafeBytes { try PercentDecoding.decode(utf8: $0) }
        guard again == decoded else { fatalError("decode → encode → decode changed the bytes") }
    }
    for context in URLEncodingContext.allCases {
        let encoded = PercentEncoding.encode(utf8: bytes, using: context.encodeSet)
        let decoded = try? encoded.withUnsafeBytes { try PercentDecoding.decode(utf8: $0, plusAsSpace: context == .form) }
        guard let decoded, decoded.elementsEqual(bytes) else {
            fatalError("encode for \(context) → decode changed the bytes")
        }
    }
    // The String entry points (which also check UTF-8) must not trap either.
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? PercentDecoding.decode(text)
    _ = try? PercentDecoding.decodeForm(text)
    return 0
}
