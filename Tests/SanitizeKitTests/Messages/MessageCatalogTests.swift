import Foundation
import Testing

@testable import SanitizeKit

@Suite("Message catalogs: the shipped files and the compiled-in copy")
struct MessageCatalogTests {
    static let rulesDirectory = Fixtures.repositoryRoot.appendingPathComponent("Rules/messages")

    /// The generic codes that docs/messages.md and Rules/messages/README.md promise.
    static let genericCodes = [
        "auth.required", "auth.expired", "auth.invalid-credentials", "auth.forbidden", "validation.failed",
        "validation.field", "not-found", "conflict", "gone", "payment-required", "quota-exceeded", "rate-limited",
        "too-large", "unsupported-media-type", "precondition-failed", "locked", "maintenance", "unavailable",
        "server-error", "bad-response", "timeout", "network", "offline", "cancelled",
    ]

    /// The common 4xx and 5xx statuses of the IANA HTTP Status Code Registry (RFC 9110 §15 and
    /// the RFCs it lists) that the catalogs must cover.
    static let commonStatuses =
        [
            400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 421, 422, 423,
            424, 425, 426, 428, 429, 431, 451,
        ]
        + [500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511]

    @Test("the compiled-in catalog equals Rules/messages byte for byte", arguments: ["en.json", "es.json"])
    func compiledInMatchesRules(fileName: String) throws {
        let onDisk = try Data(contentsOf: Self.rulesDirectory.appendingPathComponent(fileName))
        let compiled = try #require(DefaultMessageCatalogs.sources.first { $0.fileName == fileName })
        #expect(compiled.bytes == Array(onDisk))
    }

    @Test("every file in Rules/messages has a compiled-in copy")
    func everyRulesFileIsCompiledIn() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.rulesDirectory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names == DefaultMessageCatalogs.sources.map(\.fileName).sorted())
    }

    @Test("Rules/messages loads as a directory and holds en and es")
    func rulesDirectoryLoads() throws {
        let catalog = try MessageCatalog(directory: Self.rulesDirectory.path)
        #expect(catalog.locales == ["en", "es"])
        #expect(catalog.defaultLocale == "en")
        #expect(MessageCatalog.builtIn.locales == ["en", "es"])
    }

    @Test("every shipped locale covers the generic codes", arguments: ["en", "es"])
    func genericCodesCovered(locale: String) {
        let catalog = MessageCatalog.builtIn
        for code in Self.genericCodes {
            let message = catalog.message(for: [.code(code)], locale: locale)
            #expect(message.selectedBy == .code(code), "\(locale) lacks \(code)")
            #expect(message.locale == locale, "\(code) in \(locale) came from \(message.locale)")
        }
    }

    @Test("every shipped locale covers the common 4xx and 5xx statuses", arguments: ["en", "es"])
    func statusesCovered(locale: String) {
        let catalog = MessageCatalog.builtIn
        for status in Self.commonStatuses {
            let message = catalog.message(for: [.status(status)], locale: locale)
            #expect(message.selectedBy == .status(status), "\(locale) lacks \(status)")
            #expect(message.locale == locale)
        }
        #expect(catalog.message(for: [.statusClass(4)], locale: locale).selectedBy == .statusClass(4))
        #expect(catalog.message(for: [.statusClass(5)], locale: locale).selectedBy == .statusClass(5))
    }

    @Test("es has exactly the keys of en, and its texts are its own")
    func spanishMirrorsEnglish() throws {
        let catalog = MessageCatalog.builtIn
        let english = try #require(catalog.byLocale["en"])
        let spanish = try #require(catalog.byLocale["es"])
        #expect(Set(english.codes.keys) == Set(spanish.codes.keys))
        #expect(Set(english.statuses.keys) == Set(spanish.statuses.keys))
        #expect(Set(english.problemTypes.keys) == Set(spanish.problemTypes.keys))
        for code in english.codes.keys {
            #expect(english.codes[code] != spanish.codes[code], "\(code) is not translated")
        }
    }

    @Test("the generic fallback is used when nothing matches")
    func fallback() {
        let en = MessageCatalog.builtIn.message(for: [.code("no-such-code"), .status(299)], locale: "en")
        #expect(en == UserMessage(text: "Something went wrong. Please try again.", selectedBy: .fallback, locale: "en"))
        let es = MessageCatalog.builtIn.message(for: [], locale: "es")
        #expect(es == UserMessage(text: "Algo salió mal. Vuelve a intentarlo.", selectedBy: .fallback, locale: "es"))
    }

    @Test("Rules/messages/README.md documents exactly the generic codes this test requires")
    func documentedGenericCodes() throws {
        let readme = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Rules/messages/README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Generic codes").dropFirst().first)
        let body = section.drop { $0 != "\n" }  // after the heading line
        let list = try #require(body.components(separatedBy: "— plus").first)
        let documented = list.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        #expect(documented.sorted() == Self.genericCodes.sorted())
    }
}
