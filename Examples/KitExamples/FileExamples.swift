import Foundation
import SanitizeKit

/// docs/files.md: `body` and its declared `mimeType` from a response or an upload; `store` and
/// `reject` are the app's.
func fileExamples(body: Data, mimeType: String?, store: (Data) -> Void, reject: (String) -> Void) throws {
    let inspector = FileInspector()                       // bound: 64 MiB
    let verdict = inspector.inspect(body, declaredType: mimeType)   // Data, [UInt8]: any bytes
    if verdict.isValid {
        store(body)
    } else {
        reject(verdict.description)                       // e.g. "png corrupt at byte 33: CRC mismatch in IDAT chunk"
    }

    // A file, read in bounded chunks (256 KiB window; skipped segments of a regular file are seeked over):
    let onDisk = try inspector.inspectFile(atPath: "upload.bin", declaredType: "png")
    print(onDisk)   // "png truncated at byte 1000: input ends inside chunk data"

    print(FileInspector.isClassicJPEG(body))   // the shallow check: >= 12 bytes, FF D8 ... FF D9
    // Inside the package (the CLI): inspect(descriptor:) for pipes, detectFormat(_:) by signature,
    // FileFormat(declaredType:) for a media type; they are `package`, not public (docs/API.md).
}
