import Testing

@Suite("sanitize limit")
struct LimitCommandTests {
    @Test(
        "graphemes and bytes never split a character",
        arguments: [
            (["limit", "--graphemes", "1"], "👨‍👩‍👧👨‍👩‍👧\n🇪🇸🇫🇷\ne\u{301}x\nabc\n\n", "👨‍👩‍👧\n🇪🇸\ne\u{301}\na\n\n"),
            (["limit", "--bytes", "17"], "👨‍👩‍👧\nabc\n", "\nabc\n"),
            (["limit", "--bytes", "18"], "👨‍👩‍👧x\n", "👨‍👩‍👧\n"),
            (["limit", "--bytes", "7"], "🇪🇸🇫🇷\n", "\n"),
            (["limit", "--bytes", "8"], "🇪🇸🇫🇷\n", "🇪🇸\n"),
            (["limit", "--bytes", "2"], "aé\n", "a\n"),
            (["limit", "--bytes", "0"], "abc\n", "\n"),
        ])
    func limits(arguments: [String], input: String, expected: String) throws {
        let run = try SanitizeProcess.run(arguments, input: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output == expected)
    }

    @Test("invalid UTF-8 is rejected with its offset, even when short enough")
    func invalid() throws {
        let run = try SanitizeProcess.run(["limit", "--bytes", "100"], stdin: [0x61, 0x62, 0xFF, 0x0A, 0x6F, 0x6B, 0x0A])
        #expect(run.status == 1)
        #expect(run.output == "\nok\n")
        #expect(run.stderr == "sanitize: line 1: invalid UTF-8 at byte 2 [invalid-utf8]\n")
    }

    @Test("exactly one limit, not negative", arguments: [["limit"], ["limit", "--bytes", "1", "--graphemes", "1"], ["limit", "--bytes", "-1"]])
    func usage(arguments: [String]) throws {
        let run = try SanitizeProcess.run(arguments, input: "x\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
    }
}
