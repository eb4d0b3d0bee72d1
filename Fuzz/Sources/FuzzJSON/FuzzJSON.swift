@testable import SanitizeKit

/// libFuzzer entry point for the JSON parser.
///
/// Any input may be rejected with a `SanitizeError`; what must hold is that nothing crashes,
/// and that a document that parses comes back equal after writing and parsing again, both
/// through ``JSONDocument/serialized(node:)`` (escapes kept as written) and through
/// ``JSONValue/serialized()`` (minimal escaping).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard let document = try? JSONDocument(parsing: bytes) else { return 0 }
    let value = JSONValue(document)

    let written = document.serialized()
    guard let reparsed = try? JSONDocument(parsing: written) else {
        fatalError("the document writer produced JSON that does not parse: \(String(decoding: written, as: UTF8.self))")
    }
    guard JSONValue(reparsed) == value else {
        fatalError("document round trip changed the value: \(String(decoding: written, as: UTF8.self))")
    }

    let minimal = value.serialized()
    guard let again = try? JSONValue(parsing: String(decoding: minimal, as: UTF8.self)), again == value else {
        fatalError("value round trip changed the value: \(String(decoding: minimal, as: UTF8.self))")
    }
    // Every node can be visited without trapping.
    for node in 0..<document.nodeCount {
        _ = document.string(node)
        _ = document.double(node)
        _ = document.rawBytes(node)
    }
    return 0
}
