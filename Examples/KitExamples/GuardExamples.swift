import Foundation
import SanitizeKit

/// docs/guard.md: `url` and `fields` a request the app is about to send; `currentURL` and
/// `locationURL` a redirect it received.
func guardExamples(url: String, fields: [HTTPHeaderField], currentURL: String, locationURL: String) throws {
    // Compile once (throws SanitizeError `policy-invalid` naming file and key), share everywhere.
    let requestGuard = try RequestGuard(contentsOf: URL(fileURLWithPath: "guard.json"))
    // or: RequestGuard.standard — the compiled-in default (https only, nobody gets credentials)

    // 1. Allow or deny, with a stable code and a sentence.
    switch requestGuard.check(url: "https://api.example.com/v1/me", method: "GET",
                              headers: [HTTPHeaderField(name: "Authorization", value: "Bearer …")]) {
    case .allow(let canonicalURL): print(canonicalURL)          // send the request to this URL
    case .deny(let reason): print(reason.code, reason.text)   // e.g. credentials-not-allowed
    }

    // 2. Or a cleaned copy: credential headers removed when the URL may not have them.
    if case .allow(let headers, let removed) = requestGuard.sanitized(url: url, headers: fields) {
        print(headers.map(\.name), removed)                     // send these headers; `removed` names the others
    }

    // 3. Redirects: same checks for the target; credentials survive only a same-origin redirect
    //    to an allowlisted URL. Resolve a relative Location against `from` first.
    let next = requestGuard.checkRedirect(from: currentURL, to: locationURL, headers: fields)
    print(next)

    // Basic credentials (RFC 7617), for a challenge's answer or a header of your own.
    let basic = try BasicCredentials(userID: "Aladdin", password: "open sesame").headerValue
    print(basic)                                                // "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="
}
