import Foundation
import SanitizeKit
#if canImport(FoundationNetworking)
    import FoundationNetworking  // URLSession on Linux
#endif

// What the app has in hand: values a user typed, a token, a server's answers.
let raw = "  Ada Lovelace "
let address = "ada@example.com"
let fileName = "report 2024.pdf"
let token = "token"
let responseBody = Data(#"{"id":1,"name":"Ada","email":"ada@example.com"}"#.utf8)
let upload: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
let errorBody = Array(#"{"code":"rate-limited"}"#.utf8)
let record = #"{"id":1,"name":" Ada ","email":"ada@example.com"}"#
struct User: Decodable { var id: Int; var name: String; var email: String }

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
switch requestGuard.check(url: "https://api.example.com/v1/users", method: "GET", headers: [authorization]) {
case .allow(let canonicalURL):                                        // send to the URL the guard judged
    var request = URLRequest(url: URL(string: canonicalURL)!)
    request.setValue(authorization.value, forHTTPHeaderField: authorization.name)
    let (data, _) = try await URLSession.shared.data(for: request)
    print(data.count)
case .deny(let reason):
    print(reason.code.rawValue)                                       // e.g. credentials-not-allowed
}

// After receive
let contract = try Contract(contentsOf: URL(fileURLWithPath: "user.schema.json"))
let result = contract.validate(responseBody)          // violations: JSON Pointer, keyword, stable code
let user = try contract.decode(User.self, from: responseBody)   // validate (format asserted), then JSONDecoder
let verdict = FileInspector().inspect(upload, declaredType: "image/png")   // valid, truncated, …
let message = ServerErrorMapper().message(status: 429, headers: [:], body: errorBody,
                                          contentType: "application/json", locale: "es-MX")
print(message.text)                                    // never the server's own text

// Pipelines in-process: the engine of `sanitize filter`
let filter = try RecordFilter(contractAt: URL(fileURLWithPath: "user.schema.json"))
var workspace = RecordFilter.Workspace()               // buffers reused record after record (one per thread)
let outcome = filter.process(record.utf8, in: &workspace)   // sanitizedText + violations
let clean = try filter.decode(User.self, from: responseBody)   // x-sanitize steps, validate, then decode
print(literal, argument, segment, query, name, email, result.isValid, user.name, verdict, outcome.isValid, clean.name)
