import Testing

@Suite("sanitize decode")
struct DecodeCommandTests {
    @Test("url and url-form")
    func decodes() throws {
        let url = try SanitizeProcess.run(["decode", "url"], input: "caf%C3%A9+x%2b\n%25%26\n")
        #expect(url.status == 0)
        #expect(url.output == "café+x+\n%&\n")
        let form = try SanitizeProcess.run(["decode", "url-form"], input: "a+b%2B%20c\n")
        #expect(form.status == 0)
        #expect(form.output == "a b+ c\n")
    }

    @Test(
        "malformed escapes, non-UTF-8 results and line feeds reject the line, with the byte offset",
        arguments: [
            ("ab%zz", "malformed percent escape at byte 2: '%' must be followed by two hex digits [malformed-percent-escape]"),
            ("%4", "malformed percent escape at byte 0: '%' must be followed by two hex digits [malformed-percent-escape]"),
            ("x%", "malformed percent escape at byte 1: '%' must be followed by two hex digits [malformed-percent-escape]"),
            ("ok%C3%28", "decoded bytes are not UTF-8 (escape at byte 2) [invalid-utf8]"),
            ("one%0Atwo", "decoded value contains a line feed (escape at byte 3) [line-feed]"),
        ])
    func rejects(input: String, reason: String) throws {
        let run = try SanitizeProcess.run(["decode", "url"], input: "fine\n\(input)\nalso%20fine\n")
        #expect(run.status == 1)
        #expect(run.output == "fine\n\nalso fine\n")
        #expect(run.stderr == "sanitize: line 2: \(reason)\n")
    }

    @Test("CR and NUL decode as they are (they do not end a line)")
    func carriageReturn() throws {
        let run = try SanitizeProcess.run(["decode", "url"], input: "a%0Db%00c\n")
        #expect(run.status == 0)
        #expect(run.stdout == [0x61, 0x0D, 0x62, 0x00, 0x63, 0x0A])
    }

    @Test("encode then decode through the binary gives back every line")
    func roundTrip() throws {
        let lines = ["a b&c=d+e#f%g", "café ☕ 👨‍👩‍👧", "'\"<>\\`{}|^", "\t\r", "plain"]
        let input = lines.joined(separator: "\n") + "\n"
        for (encodeKind, decodeKind) in [("url-component", "url"), ("url-query", "url"), ("url-form", "url-form"), ("url-path-segment", "url")] {
            let encoded = try SanitizeProcess.run(["encode", encodeKind], input: input)
            #expect(encoded.status == 0)
            let decoded = try SanitizeProcess.run(["decode", decodeKind], stdin: encoded.stdout)
            #expect(decoded.status == 0)
            #expect(decoded.output == input, "\(encodeKind)")
        }
    }
}
