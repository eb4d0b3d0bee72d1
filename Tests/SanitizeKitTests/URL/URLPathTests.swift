import SanitizeKit
import Testing

@Suite("URL path segments and paths that cannot climb out of their base")
struct URLPathTests {
    @Test(
        "segments: dots and the empty value are refused, everything else is encoded",
        arguments: [
            ("a b", "a%20b"), ("a.b", "a.b"), ("...", "..."), (".a", ".a"), ("%2e", "%252e"),
            ("%2e%2E", "%252e%252E"), ("a/b", "a%2Fb"), ("..\\", "..%5C"), (". ", ".%20"),
            ("\t..", "%09.."), ("?x#y", "%3Fx%23y"),
        ])
    func segment(input: String, expected: String) throws {
        #expect(try URLPath.encodeSegment(input) == expected)
    }

    @Test("refused segments", arguments: [("", "empty-path-segment"), (".", "dot-segment"), ("..", "dot-segment")])
    func refusedSegment(input: String, code: String) {
        #expect(throws: SanitizeError.self) { try URLPath.encodeSegment(input) }
        do {
            _ = try URLPath.encodeSegment(input)
        } catch {
            #expect(error.code.rawValue == code)
        }
    }

    @Test("an empty segment is accepted when allowed; dots never are")
    func allowingEmpty() throws {
        #expect(try URLPath.encodeSegment("", allowingEmpty: true) == "")
        #expect(throws: SanitizeError.self) { try URLPath.encodeSegment("..", allowingEmpty: true) }
        #expect(try URLPath.encodePath("a//b/", allowingEmptySegments: true) == "a//b/")
    }

    @Test(
        "paths: each segment encoded, / kept",
        arguments: [("docs/a b/1.txt", "docs/a%20b/1.txt"), ("a/%2e%2e/b", "a/%252e%252e/b"), ("a\\b", "a%5Cb")])
    func path(input: String, expected: String) throws {
        #expect(try URLPath.encodePath(input) == expected)
    }

    @Test(
        "refused paths name the segment's byte offset in the input",
        arguments: [("../x", 0), ("a/./b", 2), ("a b/..", 4), ("/a", 0), ("a/", 2), ("a//b", 2), ("é/..", 3)])
    func refusedPath(input: String, offset: Int) {
        do {
            _ = try URLPath.encodePath(input)
            Issue.record("\(input) was accepted")
        } catch {
            #expect(error.location?.byteOffset == offset)
            #expect(error.reason.hasPrefix("the segment at byte \(offset): "))
        }
    }

    @Test("over every candidate, exactly the dot and empty segments are refused", .corpus(.naughtyStrings))
    func refusedExactly() {
        for (value, segment, path) in URLPathCandidates.encoded {
            let dangerous: Set<Substring> = ["", ".", ".."]
            #expect((segment == nil) == dangerous.contains(Substring(value)), "\(value)")
            let pieces = value.split(separator: "/", omittingEmptySubsequences: false)
            #expect((path == nil) == pieces.contains(where: dangerous.contains), "\(value)")
        }
    }

    @Test("the x-sanitize steps refuse too: url-path-segment, url-path, shell-refuse-options")
    func steps() throws {
        #expect(throws: SanitizeError.self) { try TextStep(name: "encode-url-path-segment").apply(to: "..") }
        #expect(throws: SanitizeError.self) { try TextStep(name: "encode-url-path").apply(to: "a/../b") }
        #expect(try TextStep(name: "encode-url-path").apply(to: "a b/c") == "a%20b/c")
        #expect(throws: SanitizeError.self) { try TextStep(name: "encode-shell-refuse-options").apply(to: "-rf") }
        #expect(try TextStep(name: "encode-shell").apply(to: "-rf") == "'-rf'")
        let step = try SanitizeStep(try JSONValue(parsing: #"{"encode": "url-path-segment"}"#))
        #expect(throws: SanitizeError.self) { try step.apply(to: ".") }
    }
}
