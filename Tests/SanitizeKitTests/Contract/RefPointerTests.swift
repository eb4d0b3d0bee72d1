import Testing

@testable import SanitizeKit

/// A `$ref` fragment is a JSON Pointer (RFC 6901), resolved by the package's one pointer reader
/// (`JSONPointer`): escapes are read, and a malformed token names nothing.
@Suite("$ref fragments are RFC 6901 pointers")
struct RefPointerTests {
    static let defs = #""$defs":{"a/b":{"type":"integer"},"t~":{"type":"string"},"list":[{"type":"boolean"}]}"#

    @Test(
        "escaped tokens and array indices resolve",
        arguments: [
            ("#/$defs/a~1b", "1", "\"s\""), ("#/$defs/t~0", "\"s\"", "1"), ("#/$defs/list/0", "true", "1"),
            ("#/$defs/a%7E1b", "1", "\"s\""),
        ])
    func resolves(ref: String, valid: String, invalid: String) throws {
        let contract = try Contract(schema: #"{\#(Self.defs),"$ref":"\#(ref)"}"#)
        #expect(contract.validate(valid).isValid)
        #expect(!contract.validate(invalid).isValid)
    }

    @Test(
        "a token RFC 6901 does not allow names nothing",
        arguments: ["#/$defs/list/00", "#/$defs/list/+0", "#/$defs/list/-", "#/$defs/a~2b", "#/$defs/t~", "#/$defs/missing"])
    func refuses(ref: String) {
        #expect {
            _ = try Contract(schema: #"{\#(Self.defs),"$ref":"\#(ref)"}"#)
        } throws: { error in
            (error as? SanitizeError)?.code == .contractUnresolvedRef
        }
    }
}
