import Foundation
import Testing

@testable import SanitizeKit

/// A `type` violation's message names what the schema allows and what the value is, for every
/// set of type names a schema can list. The contract makes the messages of the masks its
/// schemas use (``ProgramBuffers/typeMismatchMessages``); the oracle here spells them from the
/// names alone.
struct TypeMessageTests {
    static let names = ["null", "boolean", "integer", "number", "string", "array", "object"]
    /// A value of each type, as JSON, with the name a message gives its type.
    static let samples = [
        ("null", "null"), ("true", "boolean"), ("7", "integer"), ("1.5", "number"), (#""s""#, "string"), ("[]", "array"),
        ("{}", "object"),
    ]

    /// What a message says a schema allows: its names in the order of ``names``, `integer` left
    /// out where `number` is listed (an integer is a number).
    static func allowed(_ listed: Set<String>) -> String {
        names.filter { listed.contains($0) && !($0 == "integer" && listed.contains("number")) }.joined(separator: " or ")
    }

    @Test("every set of type names, against a value of each type it refuses")
    func everySetOfNames() throws {
        var checked = 0
        for bits in 1..<(1 << Self.names.count) {
            let listed = Set(Self.names.indices.filter { bits & (1 << $0) != 0 }.map { Self.names[$0] })
            let list = Self.names.filter(listed.contains).map { #""\#($0)""# }.joined(separator: ",")
            let contract = try Contract(schema: #"{"type":[\#(list)]}"#)
            for (value, type) in Self.samples {
                let result = contract.validate(value)
                let accepted = listed.contains(type) || (type == "integer" && listed.contains("number"))
                #expect(result.isValid == accepted, "\(list): \(value)")
                if accepted { continue }
                #expect(result.violations.map(\.message) == ["expected \(Self.allowed(listed)), found \(type)"], "\(list): \(value)")
                checked += 1
            }
        }
        #expect(checked > 400)
    }

    @Test("draft-04: a number with a fraction or an exponent is refused where integers are, and called a number")
    func draft4IntegersBySyntax() throws {
        for (types, allowed) in [(#""integer""#, "integer"), (#"["integer","string"]"#, "integer or string")] {
            let contract = try Contract(schema: #"{"$schema":"http://json-schema.org/draft-04/schema#","type":\#(types)}"#)
            #expect(contract.validate("12").isValid)
            for value in ["1.0", "1e2", "12.5", "-0.0"] {
                #expect(contract.validate(value).violations.map(\.message) == ["expected \(allowed), found number"], "\(types): \(value)")
            }
            #expect(contract.validate("true").violations.map(\.message) == ["expected \(allowed), found boolean"])
        }
        // In later drafts 1.0 is an integer.
        #expect(try Contract(schema: #"{"type":"integer"}"#).validate("1.0").isValid)
    }
}
