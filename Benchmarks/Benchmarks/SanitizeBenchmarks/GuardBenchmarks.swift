import Benchmark
import Foundation
import SanitizeKit

/// The request guard's per-request path: one `check` (or `sanitized`) per request, with a
/// policy compiled once in setup.
func registerGuardBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(3)
    )
    // A policy is written as its JSON file (docs/guard.md), the one promised way to state it.
    let policyJSON = #"""
        {"version": 1,
         "transport": {"httpExceptions": [{"domain": "legacy.example.org", "includesSubdomains": true}]},
         "credentials": {"additionalHeaderNames": ["X-Session-Token"],
                         "allowedBaseURLs": ["https://api.example.com/v1", "https://uploads.example.com/"]}}
        """#
    let headers = [
        HTTPHeaderField(name: "Authorization", value: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl"),
        HTTPHeaderField(name: "Accept", value: "application/json"),
        HTTPHeaderField(name: "Content-Type", value: "application/json; charset=utf-8"),
        HTTPHeaderField(name: "User-Agent", value: "ExampleApp/3.2 (iOS 18.1)"),
        HTTPHeaderField(name: "X-Request-Id", value: "9f3c2a1e-5b7d-4e8f-a0b1-c2d3e4f5a6b7"),
    ]

    Benchmark("Guard check: typical allowlisted request", configuration: configuration) { benchmark, requestGuard in
        for _ in benchmark.scaledIterations {
            blackHole(
                requestGuard.check(
                    url: "https://api.example.com/v1/users/42/orders?page=2", method: "GET", headers: headers))
        }
    } setup: {
        try RequestGuard(policy: GuardPolicy.decode(Data(policyJSON.utf8)))
    }

    Benchmark("Guard sanitized: credentials stripped for a foreign host", configuration: configuration) {
        benchmark, requestGuard in
        for _ in benchmark.scaledIterations {
            blackHole(requestGuard.sanitized(url: "https://cdn.example.net/assets/app.js", headers: headers))
        }
    } setup: {
        try RequestGuard(policy: GuardPolicy.decode(Data(policyJSON.utf8)))
    }

    Benchmark("Guard check: IDN host (IDNA + Punycode)", configuration: configuration) { benchmark, requestGuard in
        for _ in benchmark.scaledIterations {
            blackHole(requestGuard.check(url: "https://b\u{00FC}cher.example/katalog", headers: []))
        }
    } setup: {
        try RequestGuard(policy: GuardPolicy.decode(Data(policyJSON.utf8)))
    }

    Benchmark("Guard Basic credentials: build the header value", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            if let credentials = try? BasicCredentials(userID: "Aladdin", password: "open sesame") {
                blackHole(credentials.headerValue)
            }
        }
    }
}
