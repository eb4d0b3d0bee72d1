@testable import SanitizeKit

/// libFuzzer entry point for `sanitize filter`'s record path, and above all its shape check:
/// the one-pass check that lets clean, valid records skip the general path.
///
/// The input is one record. Each contract runs twice: as written (the shape check is built
/// for it) and with `"allOf":[{}]` added at the root, which changes no result but is a keyword
/// the shape check does not read, so every record takes the general path. The sanitized
/// record and the violations must be the same both ways, and nothing may crash.
///
/// Without a contract (the default policy, where the check also runs), a record written as it
/// came must hold only string values that every policy step leaves as they are.
let contracts: [(checked: RecordFilter, general: RecordFilter)] = [
    #"""
    {"type":"object","properties":{
      "id":{"type":"integer","minimum":1},
      "name":{"type":"string","minLength":1,"maxLength":64,
              "x-sanitize":["trim","nfc","strip-controls","strip-bidi","strip-zero-width",{"truncate":{"graphemes":64}}]},
      "email":{"type":"string","format":"email","maxLength":254,"x-sanitize":["trim","lowercase-domain"]},
      "age":{"type":"integer","minimum":0,"maximum":150},
      "address":{"type":"object","properties":{
         "city":{"type":"string","maxLength":64,"x-sanitize":["trim","nfc","strip-controls"]},
         "postcode":{"type":"string","pattern":"^[A-Za-z0-9 -]{2,10}$","maxLength":10,"x-sanitize":["trim"]},
         "country":{"type":"string","pattern":"^[A-Z]{2}$"}},
       "required":["city","country"],"additionalProperties":false},
      "tags":{"type":"array","maxItems":16,"uniqueItems":true,
              "items":{"type":"string","maxLength":24,"x-sanitize":["trim","nfkc",{"strip":"sql"}]}},
      "password":{"type":"string","minLength":12,"writeOnly":true}},
     "required":["id","name","email"],"additionalProperties":false}
    """#,
    #"""
    {"type":["object","array"],"minProperties":1,"maxProperties":4,"minItems":1,"maxItems":3,
     "items":{"type":["string","integer","null","boolean"],"exclusiveMinimum":-3,"exclusiveMaximum":3,
              "pattern":"^[a-z]+[0-9]?$","x-sanitize":[{"strip":"shell"},{"truncate":{"bytes":6}}]},
     "properties":{"n":{"type":"number","minimum":0,"exclusiveMaximum":10},"s":{"type":"string","maxLength":3},
                   "e":{"enum":["a","é",""]},"c":{"const":"x"},
                   "o":{"properties":{"k":true,"f":false},"additionalProperties":true,"required":["k"]}}}
    """#,
].map { text in
    let schema = try! JSONValue(parsing: text)
    guard case .object(let members) = schema else { fatalError("a contract is an object") }
    let wrapped = JSONValue.object(members + [.init("allOf", .array([.object([])]))])
    let options = Contract.Options(assertFormats: true)
    return (try! RecordFilter(schema: schema, options: options), try! RecordFilter(schema: wrapped, options: options))
}

let policy = RecordFilter.defaultPolicy()

/// Every string value (not member names) of a JSON value.
func stringValues(_ value: JSONValue) -> [String] {
    var found: [String] = []
    var pending = [value]
    while let next = pending.popLast() {
        switch next {
        case .string(let text): found.append(text)
        case .array(let items): pending += items
        case .object(let members): pending += members.map(\.value)
        default: break
        }
    }
    return found
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let record = UnsafeRawBufferPointer(start: data, count: size)
    for (checked, general) in contracts {
        var first = RecordFilter.Workspace()
        var second = RecordFilter.Workspace()
        let a = checked.process(record, in: &first)
        let b = general.process(record, in: &second)
        if a.sanitized != b.sanitized || a.violations != b.violations {
            fatalError("the shape check changed a result: \(a.violations) against \(b.violations)")
        }
    }
    var workspace = RecordFilter.Workspace()
    let outcome = policy.process(record, in: &workspace)
    if outcome.isValid, let sanitized = outcome.sanitized, sanitized.elementsEqual(record) {
        guard let value = try? JSONValue(parsing: String(decoding: sanitized, as: UTF8.self)) else {
            fatalError("the policy passed a record that is not JSON")
        }
        for text in stringValues(value) {
            var stepped = text
            for step in policy.stringSteps { stepped = (try? step.apply(to: stepped)) ?? "" }
            if !stepped.utf8.elementsEqual(text.utf8) { fatalError("the policy passed a value a step changes: \(text.debugDescription)") }
        }
    }
    return 0
}
