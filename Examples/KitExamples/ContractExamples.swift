import Foundation
import SanitizeKit

/// docs/contracts.md: `responseBody` from a server, `schemaURL` a contract file, `line` one NDJSON record.
func contractExamples(responseBody: Data, schemaURL: URL, line: [UInt8]) throws {
    let contract = try Contract(schema: """
        {"type": "object",
         "properties": {"id": {"type": "integer", "minimum": 1},
                        "name": {"type": "string", "maxLength": 24},
                        "token": {"type": "string", "writeOnly": true}},
         "required": ["id", "name"], "additionalProperties": false}
        """)

    let result = contract.validate(#"{"id": 0, "name": "Ada"}"#)
    print(result.isValid)                          // false
    print(result.violations[0].code.rawValue)      // "minimum" (codes are promised by their text)
    print(result.violations[0].instanceLocation)   // "/id"
    print(result.violations[0].keywordLocation)    // "/properties/id/minimum"
    print(result.basicOutput.jsonText)             // {"valid":false,"errors":[{"keywordLocation":…}]}

    struct User: Codable { let id: Int; let name: String }
    let user = try contract.decode(User.self, from: responseBody)  // validates, then JSONDecoder
    // With the contract's x-sanitize steps first (trim, nfc, …), as `sanitize filter` runs them:
    let clean = try RecordFilter(contractAt: schemaURL).decode(User.self, from: responseBody)
    let body = try contract.encode(User(id: 1, name: "Ada"))        // JSONEncoder, then validates
    print(user.name, clean.name, body.count)

    // Many instances on one thread: reuse buffers (no allocation per valid record once warm).
    var validator = contract.makeValidator()
    let ok = validator.isValid(line)   // line: [UInt8], Data, a String's .utf8: any bytes
    print(ok)
}
