import Foundation
import SanitizeKit
import Testing

/// Every ```` ```swift ```` block of README.md and docs/*.md is a file under `Examples/` that the
/// package compiles against the public API alone (issue #30, point 9): the comment
/// `<!-- compiled: PATH -->` above the block names the file, and this suite holds the two
/// identical, byte for byte. Nothing else sits in the examples' folders, so no block leans on
/// context a reader cannot see.
@Suite("Docs: every Swift block is a compiled example file")
struct DocsSwiftExamplesTests {
    /// The folders of the example targets, each built with `packageAccess: false`.
    static let exampleFolders = ["Examples/KitExamples", "Examples/AdapterExamples"]

    /// The path a block's `<!-- compiled: PATH -->` comment names, if it has one.
    static func compiledPath(of block: MarkdownBlock) -> String? {
        let prefix = "<!-- compiled: "
        let suffix = " -->"
        guard block.lineAbove.hasPrefix(prefix), block.lineAbove.hasSuffix(suffix) else { return nil }
        return String(block.lineAbove.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// Every Swift block of the docs.
    static func swiftBlocks() throws -> [MarkdownBlock] {
        try DocumentationFiles.blocks().filter { $0.language == "swift" }
    }

    @Test("the block equals, byte for byte, the example file its comment names", arguments: try swiftBlocks())
    func blockEqualsExampleFile(block: MarkdownBlock) throws {
        let path = try #require(Self.compiledPath(of: block), "\(block): no <!-- compiled: PATH --> above the block")
        #expect(
            Self.exampleFolders.contains { path.hasPrefix($0 + "/") } && path.hasSuffix(".swift"),
            "\(block): \(path) is not a Swift file of an example target")
        let file = try String(contentsOf: TestPaths.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(block.text == file, "\(block) differs from \(path)")
    }

    @Test("every file of the example targets is shown by exactly one block")
    func everyExampleFileIsShown() throws {
        let shown = try Self.swiftBlocks().compactMap(Self.compiledPath(of:))
        #expect(Set(shown).count == shown.count, "a file is shown by two blocks: \(shown)")
        var files: [String] = []
        for folder in Self.exampleFolders {
            let names = try FileManager.default.contentsOfDirectory(
                atPath: TestPaths.repositoryRoot.appendingPathComponent(folder).path)
            files += names.map { folder + "/" + $0 }
        }
        #expect(files.sorted() == shown.sorted())
        #expect(shown.count >= 15, "the docs' Swift blocks went missing")
    }

    @Test("the example targets compile as a user's code would: packageAccess false")
    func exampleTargetsHaveNoPackageAccess() throws {
        let manifest = try String(
            contentsOf: TestPaths.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for folder in Self.exampleFolders {
            let path = try #require(manifest.range(of: "path: \"\(folder)\","), "\(folder) is not a target's path")
            let rest = manifest[path.upperBound...]
            let next = rest.range(of: "packageAccess: false")
            let close = rest.range(of: "\n        ),")
            #expect(next != nil && close != nil && next!.lowerBound < close!.lowerBound, "\(folder)")
        }
    }

    @Test("the README's guard policy for a signed-in app sends the token to its API only")
    func signedInPolicy() throws {
        let requestGuard = try RequestGuard(policy: .decode(Data(#"""
            {"version": 1, "credentials": {"allowedBaseURLs": ["https://api.example.com/"]}}
            """#.utf8)))
        let authorization = HTTPHeaderField(name: "Authorization", value: "Bearer t")
        let decision = requestGuard.check(url: "https://api.example.com/v1/users", headers: [authorization])
        #expect(decision.canonicalURL == "https://api.example.com/v1/users")
        #expect(!requestGuard.check(url: "https://evil.example/", headers: [authorization]).isAllowed)
        #expect(!RequestGuard.standard.check(url: "https://api.example.com/v1/users", headers: [authorization]).isAllowed)
    }
}
