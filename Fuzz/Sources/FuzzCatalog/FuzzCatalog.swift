@testable import SanitizeKit

/// libFuzzer entry point for message catalog loading and server error mapping.
///
/// The input is a catalog file (`en.json`), a NUL byte, then a server error body. A bad catalog
/// must be refused with a `SanitizeError`; the body is mapped with the loaded catalog (or the
/// built-in one) as JSON and as text, and must always give a message from the catalog.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let catalogBytes = Array(bytes[0..<split])
    let body = split < size ? Array(bytes[(split + 1)...]) : catalogBytes

    let catalog = (try? MessageCatalog(sources: [(fileName: "en.json", bytes: catalogBytes)])) ?? MessageCatalog.builtIn
    let mapper = ServerErrorMapper(catalog: catalog, clock: { 1_700_000_000 })
    let status = body.isEmpty ? nil : 400 + Int(body[0] % 200)
    for contentType in ["application/problem+json", "text/plain", nil] {
        let message = mapper.message(
            status: status, headers: ["Retry-After": String(decoding: body.prefix(40), as: UTF8.self)],
            body: body, contentType: contentType, locale: "es-MX")
        guard message.selectedBy == .fallback || catalog.contains(message.selectedBy) else {
            fatalError("the message was selected by \(message.selectedBy), which the catalog does not hold")
        }
    }
    _ = mapper.message(forCode: String(decoding: body.prefix(64), as: UTF8.self), locale: nil)
    return 0
}
