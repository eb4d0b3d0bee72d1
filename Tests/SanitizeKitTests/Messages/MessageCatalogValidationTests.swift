import Foundation
import Testing

@testable import SanitizeKit

@Suite("Message catalogs: validation at load")
struct MessageCatalogValidationTests {
    struct BadCatalog: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var code: SanitizeError.Code
        var pointer: String?
        var line: Int?
        var testDescription: String { name }
    }

    static let cases: [BadCatalog] = [
        BadCatalog(
            name: "unknown placeholder",
            text: #"{"locale":"en","fallback":"Oops.","codes":{"greet":["Hello {user}.","Hello."]}}"#,
            code: .catalogUnknownPlaceholder, pointer: "/codes/greet"),
        BadCatalog(
            name: "unknown placeholder in the fallback",
            text: #"{"locale":"en","fallback":["Oops {detail}.","Oops."]}"#,
            code: .catalogUnknownPlaceholder, pointer: "/fallback"),
        BadCatalog(
            name: "duplicate code",
            text: "{\"locale\":\"en\",\"fallback\":\"Oops.\",\n\"codes\":{\n\"x\":\"A.\",\n\"x\":\"B.\"}}",
            code: .catalogDuplicateKey, pointer: "/codes/x", line: 4),
        BadCatalog(
            name: "duplicate status class spelled twice",
            text: #"{"locale":"en","fallback":"Oops.","statuses":{"4xx":"A.","4XX":"B."}}"#,
            code: .catalogDuplicateKey, pointer: "/statuses/4XX"),
        BadCatalog(
            name: "duplicate top-level key",
            text: #"{"locale":"en","fallback":"Oops.","fallback":"Again."}"#,
            code: .catalogDuplicateKey, pointer: "/fallback"),
        BadCatalog(
            name: "duplicate key with a slash is escaped in the pointer",
            text: #"{"locale":"en","fallback":"Oops.","problemTypes":{"https://a/b":"A.","https://a/b":"B."}}"#,
            code: .catalogDuplicateKey, pointer: "/problemTypes/https:~1~1a~1b"),
        BadCatalog(
            name: "missing fallback",
            text: #"{"locale":"en","codes":{"x":"A."}}"#,
            code: .catalogMissingFallback, pointer: "/fallback"),
        BadCatalog(
            name: "trailing comma", text: #"{"locale":"en","fallback":"Oops.",}"#, code: .catalogSyntax),
        BadCatalog(name: "not an object", text: #"["en"]"#, code: .catalogSyntax, pointer: ""),
        BadCatalog(
            name: "a single message with a placeholder",
            text: #"{"locale":"en","fallback":"Oops.","statuses":{"429":"Wait {retryAfter} s."}}"#,
            code: .catalogInvalidEntry, pointer: "/statuses/429"),
        BadCatalog(
            name: "last alternative with a placeholder",
            text: #"{"locale":"en","fallback":"Oops.","codes":{"x":["A.","B {field}."]}}"#,
            code: .catalogInvalidEntry, pointer: "/codes/x"),
        BadCatalog(
            name: "status out of range",
            text: #"{"locale":"en","fallback":"Oops.","statuses":{"600":"A."}}"#,
            code: .catalogInvalidEntry, pointer: "/statuses/600"),
        BadCatalog(
            name: "status not a number",
            text: #"{"locale":"en","fallback":"Oops.","statuses":{"not-found":"A."}}"#,
            code: .catalogInvalidEntry, pointer: "/statuses/not-found"),
        BadCatalog(
            name: "bidi override in a message",
            text: #"{"locale":"en","fallback":"Oops.","codes":{"x":"Pay \u202Eevil"}}"#,
            code: .catalogInvalidEntry, pointer: "/codes/x"),
        BadCatalog(
            name: "newline in a message",
            text: #"{"locale":"en","fallback":"Oops.\nSecond line."}"#,
            code: .catalogInvalidEntry, pointer: "/fallback"),
        BadCatalog(
            name: "unbalanced brace",
            text: #"{"locale":"en","fallback":"Oops.","codes":{"x":"A { B."}}"#,
            code: .catalogInvalidEntry, pointer: "/codes/x"),
        BadCatalog(
            name: "empty message",
            text: #"{"locale":"en","fallback":"Oops.","codes":{"x":""}}"#,
            code: .catalogInvalidEntry, pointer: "/codes/x"),
        BadCatalog(
            name: "message that is a number",
            text: #"{"locale":"en","fallback":"Oops.","codes":{"x":3}}"#,
            code: .catalogInvalidEntry, pointer: "/codes/x"),
        BadCatalog(
            name: "code with a space",
            text: #"{"locale":"en","fallback":"Oops.","codes":{"a b":"A."}}"#,
            code: .catalogInvalidEntry, pointer: "/codes/a b"),
        BadCatalog(
            name: "about:blank as a problem type",
            text: #"{"locale":"en","fallback":"Oops.","problemTypes":{"about:blank":"A."}}"#,
            code: .catalogInvalidEntry, pointer: "/problemTypes/about:blank"),
        BadCatalog(
            name: "unknown top-level key",
            text: #"{"locale":"en","fallback":"Oops.","status":{"404":"A."}}"#,
            code: .catalogInvalidEntry, pointer: "/status"),
        BadCatalog(
            name: "locale that disagrees with the file name",
            text: #"{"locale":"es","fallback":"Oops."}"#,
            code: .catalogLocale, pointer: "/locale"),
        BadCatalog(name: "no locale", text: #"{"fallback":"Oops."}"#, code: .catalogLocale, pointer: "/locale"),
    ]

    @Test("a bad catalog file is rejected with a code that names the file and key", arguments: cases)
    func rejects(bad: BadCatalog) throws {
        let error = try #require(throws: SanitizeError.self) {
            try MessageCatalog(sources: [(fileName: "en.json", bytes: Array(bad.text.utf8))])
        }
        #expect(error.code == bad.code, "\(error)")
        #expect(error.location?.file == "en.json")
        if let pointer = bad.pointer {
            #expect(error.location?.pointer == pointer, "\(error)")
            if !pointer.isEmpty { #expect(error.description.contains(pointer)) }
        }
        if let line = bad.line { #expect(error.location?.line == line) }
        #expect(error.description.hasPrefix("en.json:"))
    }

    @Test("the same catalogs load when the problems are fixed")
    func goodCatalogLoads() throws {
        let text = #"""
            {"locale":"en","fallback":["Oops ({status}).","Oops."],"codes":{"x":["A {{literal}} {field}.","A."]},
             "statuses":{"404":"Gone.","4xx":"Client."},"problemTypes":{"https://a/b":"P."}}
            """#
        let catalog = try MessageCatalog(sources: [(fileName: "en.json", bytes: Array(text.utf8))])
        #expect(
            catalog.message(for: [.code("x")], locale: "en", values: MessageValues(field: "name")).text
                == "A {literal} name.")
        #expect(catalog.message(for: [.code("x")], locale: "en").text == "A.")
        #expect(catalog.message(for: [], locale: "en", values: MessageValues(status: 418)).text == "Oops (418).")
    }

    @Test("a directory without the default locale's file is rejected")
    func missingDefaultLocale() throws {
        let directory = try Self.temporaryDirectory(files: ["es.json": #"{"locale":"es","fallback":"Uy."}"#])
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: SanitizeError.self) { try MessageCatalog(directory: directory.path) }
        #expect(error.code == .catalogLocale)
        #expect(error.reason.contains("en.json"))
    }

    @Test("a directory error names the file's path")
    func directoryErrorNamesPath() throws {
        let directory = try Self.temporaryDirectory(files: [
            "en.json": #"{"locale":"en","fallback":"Oops."}"#,
            "es.json": #"{"locale":"es","fallback":"Uy.","codes":{"x":"A.","x":"B."}}"#,
            "README.md": "not a catalog",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let error = try #require(throws: SanitizeError.self) { try MessageCatalog(directory: directory.path) }
        #expect(error.code == .catalogDuplicateKey)
        #expect(error.location?.file == directory.appendingPathComponent("es.json").path)
        #expect(error.location?.pointer == "/codes/x")
    }

    @Test("a missing directory is an io error")
    func missingDirectory() throws {
        let error = try #require(throws: SanitizeError.self) {
            try MessageCatalog(directory: "/nonexistent/messages-\(UUID().uuidString)")
        }
        #expect(error.code == .io)
    }

    @Test("a catalog file over the size limit is rejected before parsing")
    func oversizedFile() throws {
        let text = #"{"locale":"en","fallback":"Oops."}"#
        let error = try #require(throws: SanitizeError.self) {
            try MessageCatalog(
                sources: [(fileName: "en.json", bytes: Array(text.utf8))], limits: MessageLimits(maxCatalogBytes: 10))
        }
        #expect(error.code == .limitExceeded)
    }

    @Test("two files for one locale are rejected")
    func duplicateLocale() throws {
        let error = try #require(throws: SanitizeError.self) {
            try MessageCatalog(sources: [
                (fileName: "en.json", bytes: Array(#"{"locale":"en","fallback":"A."}"#.utf8)),
                (fileName: "EN.json", bytes: Array(#"{"locale":"EN","fallback":"B."}"#.utf8)),
            ])
        }
        #expect(error.code == .catalogLocale)
        #expect(error.location?.file == "EN.json")
    }

    static func temporaryDirectory(files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }
}
