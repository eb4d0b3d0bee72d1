@testable import SanitizeKit

let inspector = FileInspector()

/// libFuzzer entry point for the file signature and structure walk.
///
/// Every input gets a verdict; what must hold is no crash or hang, an offset inside the input,
/// and agreement with the signature's format whenever the signature names one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let verdict = inspector.inspect(bytes)
    if let offset = verdict.offset, offset < 0 || offset > size {
        fatalError("verdict offset \(offset) outside the \(size) input bytes")
    }
    // A short prefix (`RIFF` without `WEBP` yet) may already give a truncated verdict for a
    // format that signature detection does not name; a named signature must agree.
    let detected = FileInspector.detectFormat(bytes)
    guard detected == .unknown || verdict.format == detected else {
        fatalError("verdict format \(verdict.format) differs from the detected format \(detected)")
    }
    for format in FileFormat.allCases {
        if let type = format.mediaType {
            _ = inspector.inspect(bytes, declaredType: type)
        }
    }
    _ = FileInspector.isClassicJPEG(bytes)
    return 0
}
