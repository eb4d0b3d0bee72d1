import Testing

@testable import SanitizeKit

@Suite("Locale fallback")
struct LocaleFallbackTests {
    @Test(
        "candidates truncate one subtag at a time (RFC 4647 §3.4)",
        arguments: [
            ("es-MX", ["es-mx", "es"]),
            ("es_MX.UTF-8@euro", ["es-mx", "es"]),
            ("zh-Hant-TW", ["zh-hant-tw", "zh-hant", "zh"]),
            ("de-DE-u-co-phonebk", ["de-de", "de"]),
            ("en-US-x-twain", ["en-us", "en"]),
            ("es-419", ["es-419", "es"]),
            ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", ["fr-ch", "fr", "en", "de"]),
            ("en;q=0.1, es", ["es", "en"]),
            ("es;q=0, en", ["en"]),
            ("und", []), ("*", []), ("C", []), ("POSIX", []), ("", []), ("e", []), ("123", []),
            ("es-MX-toolongsubtag", []), ("<script>", []), ("es--MX", []),
        ])
    func candidates(request: String, expected: [String]) {
        #expect(LocaleFallback.candidates(for: request) == expected)
    }

    @Test(
        "the message locale follows es-MX → es → en, and garbage ends at en",
        arguments: [
            ("es-MX", "es"), ("ES", "es"), ("es_ES.UTF-8", "es"), ("en-GB", "en"), ("fr", "en"), ("und", "en"),
            ("\u{0}\u{202E}", "en"), (String(repeating: "es-", count: 500), "en"), ("pt-BR, es;q=0.5", "es"),
        ])
    func chain(request: String, locale: String) {
        #expect(MessageCatalog.builtIn.message(for: [.code("not-found")], locale: request).locale == locale)
    }

    @Test("nil locale uses the default")
    func nilLocale() {
        #expect(MessageCatalog.builtIn.message(for: [.status(404)], locale: nil).locale == "en")
    }

    @Test("a regional file overrides key by key and falls back to its language, then to en")
    func regionalOverride() throws {
        let catalog = try MessageCatalog(sources: [
            (
                fileName: "en.json",
                bytes: Array(#"{"locale":"en","fallback":"Oops.","codes":{"a":"A.","b":"B.","c":"C."}}"#.utf8)
            ),
            (
                fileName: "es.json",
                bytes: Array(#"{"locale":"es","fallback":"Uy.","codes":{"a":"A es.","b":"B es."}}"#.utf8)
            ),
            (
                fileName: "es-MX.json",
                bytes: Array(#"{"locale":"es-MX","fallback":"Órale.","codes":{"a":"A mx."}}"#.utf8)
            ),
        ])
        #expect(catalog.locales == ["en", "es", "es-MX"])
        #expect(
            catalog.message(for: [.code("a")], locale: "es-MX")
                == UserMessage(text: "A mx.", selectedBy: .code("a"), locale: "es-MX"))
        #expect(
            catalog.message(for: [.code("b")], locale: "es-MX")
                == UserMessage(text: "B es.", selectedBy: .code("b"), locale: "es"))
        #expect(
            catalog.message(for: [.code("c")], locale: "es-MX")
                == UserMessage(text: "C.", selectedBy: .code("c"), locale: "en"))
        #expect(
            catalog.message(for: [.code("z")], locale: "es-MX")
                == UserMessage(text: "Órale.", selectedBy: .fallback, locale: "es-MX"))
        #expect(catalog.message(for: [.code("z")], locale: "es-AR").text == "Uy.")
    }

    @Test(
        "a locale resolved once gives the same messages as the request string",
        arguments: [
            ("es-MX", ["es", "en"]), ("es", ["es", "en"]), ("ES", ["es", "en"]), ("en", ["en"]), ("fr", ["en"]),
            (nil, ["en"]),
        ] as [(String?, [String])])
    func resolvedLocale(request: String?, chain: [String]) {
        let catalog = MessageCatalog.builtIn
        let resolved = catalog.locale(for: request)
        #expect(resolved.chain == chain)
        let mapper = ServerErrorMapper()
        for status in [404, 429, 503, 299] {
            #expect(
                mapper.message(status: status, body: [UInt8](), contentType: nil, locale: resolved)
                    == mapper.message(status: status, body: [UInt8](), contentType: nil, locale: request))
        }
        #expect(
            mapper.message(forCode: "network", locale: resolved) == mapper.message(forCode: "network", locale: request))
    }
}
