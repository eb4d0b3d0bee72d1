import Foundation
@testable import SanitizeKit

/// libFuzzer entry point for schema compilation and validation, both fuzzed at once.
///
/// The default dialect is chosen from the input's length, so every dialect is fuzzed.
/// The input is a schema, a NUL byte, then an instance (without a NUL the schema is validated
/// against itself). Compiling may throw a `SanitizeError` for a bad schema; compiling and
/// validating must never crash or hang, and the two validation entry points must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let schema = Data(bytes[0..<split])
    let instance = split < size ? UnsafeRawBufferPointer(rebasing: bytes[(split + 1)...]) : UnsafeRawBufferPointer(rebasing: bytes[0..<split])

    var options = Contract.Options()
    options.assertFormats = size & 1 == 0
    // Every dialect in turn (a schema's own `$schema` still wins).
    options.defaultDraft = Draft.allCases[(size >> 1) % Draft.allCases.count]
    guard let contract = try? Contract(schema: schema, options: options) else { return 0 }
    let result = contract.validate(instance)
    if let document = try? JSONDocument(parsing: instance) {
        guard contract.isValid(document) == result.isValid else {
            fatalError("isValid and validate disagree")
        }
        _ = contract.sanitizeSteps(for: document)
    } else if result.isValid {
        fatalError("an instance that is not JSON was called valid")
    }
    _ = result.basicOutput
    return 0
}
