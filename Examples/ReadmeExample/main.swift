import Foundation
import SanitizeKit

// Before send
let literal = try SQL.quoteLiteral("O'Reilly", dialect: .postgres)   // 'O''Reilly'
let argument = try Shell.quote("it's $HOME")                          // 'it'\''s $HOME'
let segment = try URLPath.encodeSegment(fileName)                     // refuses "..", "." and ""
let query = PercentEncoding.encode("a b&c=d", for: .query)            // a%20b%26c%3Dd
let name = TextHygiene.truncate(TextHygiene.stripBidiControls(TextHygiene.nfc(raw)), maxGraphemes: 64)
let email = EmailValidator(mode: .rfc5321).validate(address)          // .valid or .invalid(reason)

// RequestGuard.standard sends credentials nowhere; a signed-in app names its API
// in a policy (the JSON of docs/guard.md, usually a file: RequestGuard(contentsOf:)):
let requestGuard = try RequestGuard(policy: .decode(Data(#"""
    {"version": 1, "credentials": {"allowedBaseURLs": ["https://api.example.com/"]}}
    """#.utf8)))
let authorization = HTTPHeaderField(name: "Authorization", value: "Bearer \(token)")
switch requestGuard.check(url: url, method: "GET", headers: [authorization]) {
case .allow: send()
case .deny(let reason): log(reason.code.rawValue)                     // e.g. credentials-not-allowed
}

// After receive
let contract = try Contract(contentsOf: URL(fileURLWithPath: "user.schema.json"))
let result = contract.validate(responseBody)          // violations: JSON Pointer, keyword, stable code
let user = try contract.decode(User.self, from: responseBody)   // validate (format asserted), then JSONDecoder
let verdict = FileInspector().inspect(upload, declaredType: "image/png")   // valid, truncated, …
let message = ServerErrorMapper().message(status: 429, headers: [:], body: body,
                                          contentType: "application/json", locale: "es-MX")
label.text = message.text                              // never the server's own text

// Pipelines in-process: the engine of `sanitize filter`
let filter = try RecordFilter(contractAt: URL(fileURLWithPath: "user.schema.json"))
var workspace = RecordFilter.Workspace()               // buffers reused record after record (one per thread)
let outcome = filter.process(line.utf8, in: &workspace)   // sanitizedText + violations
let clean = try filter.decode(User.self, from: responseBody)   // x-sanitize steps, validate, then decode
