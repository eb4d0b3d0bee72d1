@testable import SanitizeKit

/// libFuzzer entry point for `x-sanitize` steps: parsing a step list and applying it.
///
/// The input is a JSON step list, a NUL byte, then a value. A bad list must be refused with a
/// `SanitizeError`; the steps are applied to the value as a string and, through the record
/// filter, to the value as a JSON record; neither may crash or hang. The truncation steps must
/// keep their bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let stepText = String(decoding: bytes[0..<split], as: UTF8.self)
    let valueBytes = split < size ? Array(bytes[(split + 1)...]) : []
    let value = String(decoding: valueBytes, as: UTF8.self)

    guard let list = try? JSONValue(parsing: stepText), let steps = try? SanitizeStep.list(list) else {
        // Still exercise the record filter's default policy on the value.
        _ = RecordFilter.defaultPolicy().process(valueBytes)
        return 0
    }
    var text = value
    for step in steps {
        guard let next = try? step.apply(to: text) else { break }
        if case .text(.truncateBytes(let limit)) = step, next.utf8.count > max(limit, 0) {
            fatalError("truncate to \(limit) bytes kept \(next.utf8.count)")
        }
        if case .text(.truncateGraphemes(let limit)) = step, next.count > max(limit, 0) {
            fatalError("truncate to \(limit) graphemes kept \(next.count)")
        }
        text = next
    }
    let filter = RecordFilter(stringSteps: steps)
    _ = filter.process(valueBytes)
    _ = filter.process(JSONValue.array([.string(value), .object([.init("k", .string(value))])]).serialized())
    return 0
}
