import Foundation

package import SanitizeKit

/// Builds guards from inline JSON policies for the tests.
package enum GuardPolicies {
    /// Decodes and compiles `json`; fails the test on error.
    package static func make(_ json: String) throws -> RequestGuard {
        try RequestGuard(policy: GuardPolicy.decode(Data(json.utf8)))
    }

    /// A policy with http exceptions, loopback over http, credentials for three base URLs.
    package static let scoped = """
        {
          "version": 1,
          "transport": {
            "httpExceptions": [
              {"domain": "example.org", "includesSubdomains": true},
              {"domain": "legacy.example.com", "includesSubdomains": false},
              {"domain": "b\u{00FC}cher.example", "includesSubdomains": false}
            ],
            "loopback": "allow-http",
            "localNetwork": "https-only"
          },
          "credentials": {
            "additionalHeaderNames": ["X-Session-Token"],
            "allowedBaseURLs": [
              "https://api.example.com/v1",
              "https://api2.example.com/",
              "http://127.0.0.1:8080/api",
              "https://b\u{00FC}cher.example"
            ]
          }
        }
        """
}

extension SanitizedRequest {
    /// The headers of an `allow`, or `nil`.
    package var allowedHeaders: [HTTPHeaderField]? {
        if case .allow(let headers, _) = self { return headers }
        return nil
    }

    /// The removed names of an `allow`, or `nil`.
    package var removedNames: [String]? {
        if case .allow(_, let removed) = self { return removed }
        return nil
    }

    /// The denial code, or `nil` for an `allow`.
    package var denialCode: GuardDenial.Code? {
        if case .deny(let reason) = self { return reason.code }
        return nil
    }
}

extension GuardDecision {
    /// The denial code, or `nil` for `allow`.
    package var denialCode: GuardDenial.Code? {
        if case .deny(let reason) = self { return reason.code }
        return nil
    }
}
