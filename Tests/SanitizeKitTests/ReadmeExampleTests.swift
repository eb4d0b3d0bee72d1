import Foundation
import SanitizeKit
import Testing

/// The README's library example is `Examples/ReadmeExample/main.swift`, which the package's
/// `ReadmeExample` target compiles on every build: this keeps the two copies identical.
@Suite("README library example")
struct ReadmeExampleTests {
    @Test("the README's swift block under ## Library equals the compiled example byte for byte")
    func readmeMatchesExample() throws {
        let readme = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Examples/ReadmeExample/main.swift"), encoding: .utf8)
        let library = try #require(readme.range(of: "\n## Library\n"))
        let open = try #require(readme.range(of: "```swift\n", range: library.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex))
        #expect(String(readme[open.upperBound..<close.lowerBound]) + "\n" == example)
    }

    @Test("the README's guard policy for a signed-in app sends the token to its API only")
    func signedInPolicy() throws {
        let requestGuard = try RequestGuard(policy: .decode(Data(#"""
            {"version": 1, "credentials": {"allowedBaseURLs": ["https://api.example.com/"]}}
            """#.utf8)))
        let authorization = HTTPHeaderField(name: "Authorization", value: "Bearer t")
        #expect(requestGuard.check(url: "https://api.example.com/v1/users", headers: [authorization]).isAllowed)
        #expect(!requestGuard.check(url: "https://evil.example/", headers: [authorization]).isAllowed)
        #expect(!RequestGuard.standard.check(url: "https://api.example.com/v1/users", headers: [authorization]).isAllowed)
    }
}
