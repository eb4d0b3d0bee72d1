import SanitizeKit

let inspector = FileInspector()

/// libFuzzer entry point for the file signature and structure walk.
///
/// Every input gets a verdict; what must hold is no crash or hang, an offset inside the input,
/// and agreement between the detected format and the verdict's format when no type is declared.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let verdict = inspector.inspect(bytes)
    if let offset = verdict.offset, offset < 0 || offset > size {
        fatalError("verdict offset \(offset) outside the \(size) input bytes")
    }
    guard verdict.format == FileInspector.detectFormat(bytes) else {
        fatalError("verdict format \(verdict.format) differs from the detected format")
    }
    for format in FileFormat.allCases {
        if let type = format.mediaType {
            _ = inspector.inspect(bytes, declaredType: type)
        }
    }
    _ = FileInspector.isClassicJPEG(bytes)
    return 0
}
