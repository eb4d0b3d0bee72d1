import Testing

@testable import SanitizeKit

/// The reusable per-thread validator agrees with `Contract.validate` on every input.
struct ContractValidatorTests {
    static let schema = #"""
        {"type":"object","properties":{"n":{"type":"integer","maximum":10},"s":{"type":"string","maxLength":3},
         "t":{"type":"array","items":{"type":"string"},"uniqueItems":true}},"required":["n"],"additionalProperties":false}
        """#

    @Test func agreesWithContractAcrossReuse() throws {
        let contract = try Contract(schema: Self.schema)
        var validator = contract.makeValidator()
        let inputs = [
            #"{"n":1}"#, #"{"n":11}"#, #"{"s":"abcd"}"#, "[1,", #"{"n":1,"t":["a","a"]}"#, #"{"n":2,"t":["a","b"],"s":"ab"}"#,
            #"{"n":1,"x":null}"#, "{}", #"{"n":1.0}"#, #"{"n":1.5}"#,
        ]
        for _ in 0..<3 {
            for input in inputs {
                var text = input
                let fromValidator = text.withUTF8 { validator.validate(UnsafeRawBufferPointer($0)) }
                let quick = text.withUTF8 { validator.isValid(UnsafeRawBufferPointer($0)) }
                let fromContract = contract.validate(input)
                #expect(fromValidator == fromContract, "\(input)")
                #expect(quick == fromContract.isValid, "\(input)")
            }
        }
    }

    @Test func revalidatesAfterAChange() throws {
        let contract = try Contract(schema: Self.schema)
        var validator = contract.makeValidator()
        var text = #"{"n":1,"s":"  abc  "}"#
        let first = text.withUTF8 { validator.validate(UnsafeRawBufferPointer($0)) }
        #expect(first.violations.map(\.code) == [.maxLength])
        validator.withDocument { document in
            if let node = document.member("s", of: document.root) { document.setString("abc", at: node) }
        }
        #expect(validator.revalidate().isValid)
        #expect(String(decoding: validator.document.serialized(), as: UTF8.self) == #"{"n":1,"s":"abc"}"#)
    }

    @Test(arguments: [("1.5", "1.5", 0), ("1e2", "100", 0), ("0.1", "0.2", -1), ("-3", "-2.5", -1), ("1e-400", "0", 1)])
    func exactDoubleAgreesWithDecimals(_ sample: (a: String, b: String, order: Int)) throws {
        let a = try #require(JSONDecimal(sample.a))
        let b = try #require(JSONDecimal(sample.b))
        #expect(JSONDecimal.compare(a, b) == sample.order)
        var left = sample.a
        var right = sample.b
        if let x = left.withUTF8({ JSONDecimal.exactDouble(UnsafeRawBufferPointer($0)) }),
            let y = right.withUTF8({ JSONDecimal.exactDouble(UnsafeRawBufferPointer($0)) })
        {
            #expect((x < y ? -1 : (x == y ? 0 : 1)) == sample.order)
        }
    }
}
