import Foundation
import Testing

/// `sanitize guard`, run as a user runs it: stdout, stderr and exit status.
@Suite("sanitize guard")
struct GuardCommandTests {
    static let examplePolicy = Fixtures.repositoryRoot.appendingPathComponent("Rules/policy/guard-example.json").path

    /// (arguments after `guard`, expected stdout, expected status), default policy.
    static let defaultPolicy: [([String], String, Int32)] = [
        (["https://example.com/"], "allow\n", 0),
        (["HTTPS://EXAMPLE.com./a?b"], "allow\n", 0),
        (["http://example.com/"], "deny: insecure-transport: http is not allowed for example.com (https only)\n", 1),
        (
            ["https://example.com/", "-H", "Authorization: Bearer x"],
            "deny: credentials-not-allowed: header \"Authorization\" may not be sent to https://example.com/ (not in the credential allowlist)\n",
            1
        ),
        (
            ["https://2130706433/"],
            "deny: loopback-not-allowed: 127.0.0.1 is a loopback address; the policy does not allow loopback\n", 1
        ),
        (
            ["https://[::ffff:127.0.0.1]/"],
            "deny: loopback-not-allowed: [::ffff:7f00:1] is a loopback address; the policy does not allow loopback\n", 1
        ),
        (
            ["https://user:pw@example.com/"],
            "deny: userinfo-not-allowed: URL contains userinfo (user:password@), which the policy does not allow\n", 1
        ),
        (["https:/example.com/"], "deny: url-ambiguous: https: must be followed by exactly \"//\" and a host\n", 1),
        (
            ["https://example.com\\@evil.com/"],
            "deny: url-ambiguous: URL contains a backslash (WHATWG reads it as '/', RFC 3986 forbids it)\n", 1
        ),
        (["example.com"], "deny: url-malformed: URL has no scheme; an absolute https URL is required\n", 1),
        (
            ["https://example.com/", "-H", "X-A: a\r\nX-B: b"],
            "deny: header-value-invalid: value of \"X-A\" contains CR or LF\n", 1
        ),
        (
            ["https://example.com/", "-H", "X-A: trailing "],
            "deny: header-value-invalid: value of \"X-A\" has trailing whitespace\n", 1
        ),
        (
            ["https://example.com/", "-H", "X A: v"],
            "deny: header-name-invalid: header name \"X A\" is not an RFC 9110 token\n", 1
        ),
        (["https://example.com/", "-X", "G ET"], "deny: method-invalid: method \"G ET\" is not a token\n", 1),
    ]

    @Test("default policy verdicts", arguments: defaultPolicy)
    func defaults(entry: ([String], String, Int32)) throws {
        let run = try SanitizeProcess.run(["guard"] + entry.0)
        #expect(run.output == entry.1, "\(entry.0)")
        #expect(run.status == entry.2, "\(entry.0): \(run.stderr)")
        #expect(run.stderr.isEmpty)
    }

    /// (arguments after `guard --policy guard-example.json`, expected stdout, expected status).
    static let examplePolicyRuns: [([String], String, Int32)] = [
        (["https://api.example.com/v1/me", "-H", "Authorization: Bearer t"], "allow\n", 0),
        (["https://API.example.com.:443/v1/me", "-H", "X-Session-Token: s"], "allow\n", 0),
        (
            ["https://api.example.com/v1/../admin", "-H", "Authorization: Bearer t"],
            "deny: credentials-not-allowed: header \"Authorization\" may not be sent to https://api.example.com/v1/../admin (not in the credential allowlist)\n",
            1
        ),
        (
            ["https://ap\u{0456}.example.com/v1/me", "-H", "Authorization: Bearer t"],
            "deny: credentials-not-allowed: header \"Authorization\" may not be sent to https://xn--ap-ioc.example.com/v1/me (not in the credential allowlist)\n",
            1
        ),
        (["http://www.legacy.example.org/"], "allow\n", 0),
        (["http://127.0.0.1:8080/api/x", "-H", "Cookie: a=b"], "allow\n", 0),
        (
            ["http://10.0.0.1/"],
            "deny: local-network-not-allowed: 10.0.0.1 is on a local network; the policy does not allow local networks\n",
            1
        ),
    ]

    @Test("a policy file with exceptions and an allowlist", arguments: examplePolicyRuns)
    func withPolicy(entry: ([String], String, Int32)) throws {
        let run = try SanitizeProcess.run(["guard", "--policy", Self.examplePolicy] + entry.0)
        #expect(run.output == entry.1, "\(entry.0)")
        #expect(run.status == entry.2, "\(entry.0): \(run.stderr)")
    }

    @Test("--strip prints the headers to send and reports what it removed")
    func strip() throws {
        let run = try SanitizeProcess.run([
            "guard", "--policy", Self.examplePolicy, "--strip", "https://evil.example.net/v1",
            "-H", "Accept: */*", "-H", "Authorization: Bearer t", "-H", "cookie: a=b", "-H", "X-Trace: 1",
        ])
        #expect(run.status == 0)
        #expect(run.output == "allow\nAccept: */*\nX-Trace: 1\n")
        #expect(
            run.stderr
                == "sanitize: removed credential header Authorization\nsanitize: removed credential header cookie\n")
    }

    @Test("--strip still denies what removing headers cannot fix")
    func stripDenies() throws {
        let run = try SanitizeProcess.run(["guard", "--strip", "http://example.com/", "-H", "Authorization: x"])
        #expect(run.status == 1)
        #expect(run.output == "deny: insecure-transport: http is not allowed for example.com (https only)\n")
    }

    @Test("a policy with an unknown key is a configuration error (exit 2) naming file and key")
    func typoPolicy() throws {
        let path = Fixtures.url("guard/typo-policy.json").path
        let run = try SanitizeProcess.run(["guard", "--policy", path, "https://example.com/"])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(
            run.stderr
                == "sanitize: \(path):5:5 byte 63 at /transport/alowUserinfo: unknown key \"alowUserinfo\" in \"/transport\" of the guard policy file (allowed: httpExceptions, loopback, localNetwork, allowUserinfo, minimumTLSVersion, requiresForwardSecrecy, tlsExceptions, allowUnenforcedTLSFloor) [policy-invalid]\n"
        )
    }

    @Test("--explain prints the TLS requirements of the host: the policy's, or the most specific tlsExceptions entry's")
    func explainTLSRequirements() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("guard-tls-\(UUID().uuidString).json")
        try Data(
            #"""
            {"version": 1, "transport": {"minimumTLSVersion": "1.3", "tlsExceptions": [
              {"domain": "legacy.example", "includesSubdomains": true, "minimumTLSVersion": "1.0", "requiresForwardSecrecy": false},
              {"domain": "new.legacy.example", "includesSubdomains": false, "minimumTLSVersion": "1.2"}
            ]}}
            """#.utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = [
            ("https://API.example.com/", "tls>=1.3 forward-secrecy=required tls-source=policy"),
            ("https://a.b.LEGACY.example./", "tls>=1.0 forward-secrecy=not-required tls-source=exception:legacy.example"),
            ("https://new.legacy.example/", "tls>=1.2 forward-secrecy=required tls-source=exception:new.legacy.example"),
        ]
        for (url, tls) in expected {
            let run = try SanitizeProcess.run(["guard", "--policy", file.path, "--explain", url])
            #expect(run.status == 0, "\(url): \(run.stderr)")
            #expect(run.output.hasPrefix("allow\tscheme=https host="), "\(url)")
            #expect(run.output.hasSuffix(" scope=public \(tls)\n"), "\(url): \(run.output)")
        }
        let bad = Data(#"{"version": 1, "transport": {"minimumTLSVersion": "1.1"}}"#.utf8)
        try bad.write(to: file)
        let refused = try SanitizeProcess.run(["guard", "--policy", file.path, "https://example.com/"])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "sanitize: \(file.path):1:51 byte 50 at /transport/minimumTLSVersion: \"/transport/minimumTLSVersion\" must be one of \"1.2\", \"1.3\", not \"1.1\" [policy-invalid]\n"
        )
    }

    @Test("a missing policy file is exit 2")
    func missingPolicy() throws {
        let run = try SanitizeProcess.run(["guard", "--policy", "/nonexistent/policy.json", "https://example.com/"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("sanitize: /nonexistent/policy.json: cannot read the guard policy: No such file or directory [io]"))
    }

    @Test("a header without a colon is a usage error (exit 2)")
    func badHeaderOption() throws {
        let run = try SanitizeProcess.run(["guard", "https://example.com/", "-H", "NoColon"])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.stderr.contains("has no ':'"))
    }

    /// (arguments after `guard`, expected stdout, expected status): issue #14's hosts,
    /// `--explain` and `--redirect-from`.
    static let explained: [([String], String, Int32)] = [
        (
            ["--explain", "https://127.0.0.\u{B9}/"],
            "deny: loopback-not-allowed: 127.0.0.1 is a loopback address; the policy does not allow loopback"
                + "\tscheme=https host=127.0.0.1 port=443 path=/ class=loopback scope=loopback tls>=1.2 forward-secrecy=required tls-source=policy\n", 1
        ),
        (
            ["--explain", "https://169.254.169.\u{B2}\u{2075}\u{2074}/latest/meta-data/"],
            "deny: local-network-not-allowed: 169.254.169.254 is on a local network; the policy does not allow local networks"
                + "\tscheme=https host=169.254.169.254 port=443 path=/latest/meta-data class=link-local scope=local-network tls>=1.2 forward-secrecy=required tls-source=policy\n",
            1
        ),
        (
            ["--explain", "https://[64:ff9b::7f00:1]/"],
            "deny: loopback-not-allowed: [64:ff9b::7f00:1] is an IPv6 transition address embedding a loopback address; "
                + "the policy does not allow loopback"
                + "\tscheme=https host=[64:ff9b::7f00:1] port=443 path=/ class=transition:loopback scope=loopback tls>=1.2 forward-secrecy=required tls-source=policy\n", 1
        ),
        (
            ["--explain", "HTTPS://B\u{00DC}CHER.example:443/a/./b/../c"],
            "allow\tscheme=https host=xn--bcher-kva.example port=443 path=/a/c class=public scope=public tls>=1.2 forward-secrecy=required tls-source=policy\n", 0
        ),
        (["--explain", "ftp://x/"], "deny: scheme-not-allowed: scheme \"ftp\" is not allowed; only https (and http by exception)\tunreadable\n", 1),
        (["--redirect-from", "https://a.example/", "https://b.example/", "-H", "Authorization: t"], "allow\n", 0),
        (
            ["--redirect-from", "https://a.example/", "https://127.0.0.1/"],
            "deny: loopback-not-allowed: 127.0.0.1 is a loopback address; the policy does not allow loopback\n", 1
        ),
    ]

    @Test("--explain and --redirect-from", arguments: explained)
    func explainAndRedirect(entry: ([String], String, Int32)) throws {
        let run = try SanitizeProcess.run(["guard"] + entry.0)
        #expect(run.output == entry.1, "\(entry.0)")
        #expect(run.status == entry.2, "\(entry.0): \(run.stderr)")
    }

    @Test("--redirect-from reports the credential headers it removes")
    func redirectReportsRemoved() throws {
        let run = try SanitizeProcess.run(
            ["guard", "--redirect-from", "https://a.example/", "https://b.example/", "-H", "Cookie: c"])
        #expect(run.output == "allow\n")
        #expect(run.stderr == "sanitize: removed credential header Cookie\n")
    }

    @Test("without a URL: one JSON request per line, one verdict line each")
    func jsonLines() throws {
        let input = """
            {"url": "https://example.com/"}
            {"url": "https://a.\u{2113}ocalhost/"}
            {"url": "https://example.com/", "headers": [["X-Auth-Token", "t"]]}
            not json
            {"url": "https://example.com/", "verb": "GET"}
            {"url": "https://example.com/b", "redirectFrom": "https://example.com/a", "headers": [["Cookie", "c"]]}
            {"url": "https://example.com/", "method": "G ET"}

            """
        let run = try SanitizeProcess.run(["guard"], input: input)
        #expect(
            run.output == """
                allow
                deny: loopback-not-allowed: a.localhost is a loopback address; the policy does not allow loopback
                deny: credentials-not-allowed: header "X-Auth-Token" may not be sent to https://example.com/ (not in the credential allowlist)
                invalid
                invalid
                allow (removed: Cookie)
                deny: method-invalid: method "G ET" is not a token

                """)
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                sanitize: line 4: not a JSON object: invalid literal, expected null [request-invalid]
                sanitize: line 5: unknown key "verb"; the keys are url, method, headers, redirectFrom [request-invalid]

                """)
        let explained = try SanitizeProcess.run(["guard", "--explain"], input: #"{"url": "https://[::127.0.0.1]/"}"# + "\n")
        #expect(explained.output.hasSuffix("\tscheme=https host=[::7f00:1] port=443 path=/ class=transition:loopback scope=loopback tls>=1.2 forward-secrecy=required tls-source=policy\n"))
        let allAllowed = try SanitizeProcess.run(["guard"], input: #"{"url": "https://example.com/"}"# + "\n")
        #expect(allAllowed.output == "allow\n")
        #expect(allAllowed.status == 0)
    }

    @Test("a request line is strict JSON: a trailing comma or a repeated key is invalid, not guessed at")
    func jsonLinesStrict() throws {
        let input = """
            {"url": "https://example.com/",}
            {"url": "https://example.com/", "url": "http://127.0.0.1/"}
            ["https://example.com/"]
            {"url": "https://example.com/"}

            """
        let run = try SanitizeProcess.run(["guard"], input: input)
        #expect(run.output == "invalid\ninvalid\ninvalid\nallow\n")
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                sanitize: line 1: not a JSON object: expected a string key but found '}' [request-invalid]
                sanitize: line 2: not a JSON object: duplicate key "url" [request-invalid]
                sanitize: line 3: not a JSON object [request-invalid]

                """)
    }

    @Test("--strip or --header without a URL is a usage error")
    func stdinModeUsage() throws {
        let run = try SanitizeProcess.run(["guard", "--strip"], input: "")
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
    }
}
