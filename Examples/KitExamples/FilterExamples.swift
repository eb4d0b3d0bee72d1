import Foundation
import SanitizeKit

/// docs/filter.md: `line` one NDJSON record, `body` a response; `send` and `log` are the app's.
func filterExamples(line: [UInt8], body: Data, send: ([UInt8]) -> Void, log: ([Violation]) -> Void) throws {
    struct User: Decodable { var id: Int; var name: String; var email: String }

    let filter = try RecordFilter(contractAt: URL(fileURLWithPath: "user.schema.json"))
    var workspace = RecordFilter.Workspace()           // one per thread, reused across records
    let outcome = filter.process(line, in: &workspace)  // line: [UInt8], Data or text.utf8
    if let sanitized = outcome.sanitized { send(sanitized) } else { log(outcome.violations) }
    print(outcome.sanitizedText ?? "")                  // the record as a String
    let user = try filter.decode(User.self, from: body) // sanitize, validate, then JSONDecoder
    print(user.name)

    // Without a contract: steps on every string value.
    let hygiene = try RecordFilter.policy(fromJSON: #"{"stringSteps":["trim","nfc",{"truncate":{"graphemes":64}}]}"#)
    print(hygiene.process(line, in: &workspace).isValid)
}
