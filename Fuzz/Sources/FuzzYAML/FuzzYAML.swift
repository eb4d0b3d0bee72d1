import Foundation
@testable import SanitizeKit
import SanitizeYAML

/// libFuzzer entry point for the YAML reader and OpenAPI documents.
///
/// The input is YAML text. Reading may throw a `SanitizeError` (bad YAML, a non-string key, an
/// alias bomb past the limit); it must never crash or hang. A value it returns must survive a
/// round trip through JSON text unchanged, and, when it is an object with
/// `components/schemas`, compiling its first component as an OpenAPI contract (3.0 and 3.1)
/// and validating the document against it must not crash either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
    guard let value = try? YAMLReader.read(bytes, limits: JSONLimits(maxDepth: 64)) else { return 0 }
    let text = value.serialized()
    guard let again = try? JSONValue(parsing: String(decoding: text, as: UTF8.self), limits: JSONLimits(maxDepth: 80)), again == value else {
        fatalError("a YAML value does not survive a round trip through JSON: \(String(decoding: text, as: UTF8.self))")
    }
    guard case .object(let schemas)? = value["components"]?["schemas"], let first = schemas.first else { return 0 }
    for version in ["3.0.3", "3.1.0"] {
        var members: [JSONValue.Member] = [.init("openapi", .string(version))]
        if case .object(let rest) = value { members += rest.filter { $0.key != "openapi" } }
        guard let contract = try? Contract(openAPI: .object(members), component: first.key) else { continue }
        _ = contract.validate(Data(text))
    }
    return 0
}
