import HTTPTypes
import SanitizeKit

/// docs/adapters.md: the core's calls on swift-http-types values (`request` about to be sent;
/// `fields` and `body` of an error response).
func httpTypesCalls(requestGuard: RequestGuard, request: HTTPRequest, fields: HTTPFields, body: [UInt8]) {
    print(requestGuard.check(request))      // HTTPRequest → GuardDecision (allow carries the canonical URL)
    print(requestGuard.sanitized(request))  // credentials removed off scope, canonical authority; or the denial
    print(requestGuard.canonical(request))  // the authority (and Host) the guard judged: send this
    print(ServerErrorMapper().message(status: 429, headers: fields, body: body, contentType: nil, locale: "en").text)
}
