import Testing

@testable import SanitizeKit

/// Host canonicalization: case, trailing dots, IDNA, WHATWG IPv4 forms, IPv6 literals.
@Suite("Canonical hosts")
struct CanonicalHostTests {
    /// (host as written, canonical text, scope).
    static let valid: [(String, String, IPAddress.Scope)] = [
        ("example.com", "example.com", .publicNetwork),
        ("EXAMPLE.com.", "example.com", .publicNetwork),
        ("Example.COM", "example.com", .publicNetwork),
        ("a_b.example.com", "a_b.example.com", .publicNetwork),
        // IDN homographs: a Cyrillic а (U+0430) or Ukrainian і (U+0456) is not the Latin letter.
        ("p\u{0430}ypal.com", "xn--pypal-4ve.com", .publicNetwork),
        ("ap\u{0456}.example.com", "xn--ap-ioc.example.com", .publicNetwork),
        ("b\u{00FC}cher.example", "xn--bcher-kva.example", .publicNetwork),
        ("B\u{00DC}CHER.example", "xn--bcher-kva.example", .publicNetwork),
        ("bu\u{0308}cher.example", "xn--bcher-kva.example", .publicNetwork),  // NFC
        ("XN--BCHER-KVA.example", "xn--bcher-kva.example", .publicNetwork),
        (
            "\u{FF45}\u{FF58}\u{FF41}\u{FF4D}\u{FF50}\u{FF4C}\u{FF45}\u{FF0E}\u{FF43}\u{FF4F}\u{FF4D}", "example.com",
            .publicNetwork
        ),  // fullwidth
        ("example\u{3002}com", "example.com", .publicNetwork),  // ideographic full stop
        // UTS #46 mapping (issue #14): what browsers, node, curl and Foundation connect to.
        ("exa\u{200B}mple.com", "example.com", .publicNetwork),  // zero-width space is ignored
        ("exa\u{00AD}mple.com", "example.com", .publicNetwork),  // soft hyphen is ignored
        ("exa\u{2665}mple.com", "xn--example-qm7d.com", .publicNetwork),  // symbols are valid
        ("127.0.0.\u{B9}", "127.0.0.1", .loopback),  // superscript one
        ("169.254.169.\u{B2}\u{2075}\u{2074}", "169.254.169.254", .localNetwork),
        ("a.\u{2113}ocalhost", "a.localhost", .loopback),  // script small l
        ("\u{2460}\u{2461}\u{2466}.\u{24EA}.\u{24EA}.\u{2460}", "127.0.0.1", .loopback),  // circled digits
        ("stra\u{1E9E}e.example", "xn--strae-oqa.example", .publicNetwork),  // capital sharp s → ß (UTS #46 15.1)
        ("\u{FF10}x7f.1", "127.0.0.1", .loopback),  // fullwidth 0 in a hex IPv4 part
        ("\u{FF4C}\u{FF4F}\u{FF43}\u{FF41}\u{FF4C}\u{FF48}\u{FF4F}\u{FF53}\u{FF54}", "localhost", .loopback),
        ("printer.\u{1D5C5}ocal", "printer.local", .localNetwork),  // mathematical sans-serif l
        ("db.inter\u{2099}al", "db.internal", .localNetwork),  // subscript n
        // Names that point into this machine or a local network.
        ("localhost", "localhost", .loopback),
        ("LOCALHOST.", "localhost", .loopback),
        ("api.localhost", "api.localhost", .loopback),
        ("printer.local", "printer.local", .localNetwork),
        ("nas.home.arpa", "nas.home.arpa", .localNetwork),
        ("db.internal", "db.internal", .localNetwork),
        ("intranet", "intranet", .localNetwork),
        // WHATWG IPv4 spellings.
        ("127.0.0.1", "127.0.0.1", .loopback),
        ("2130706433", "127.0.0.1", .loopback),
        ("0x7f000001", "127.0.0.1", .loopback),
        ("0x7F.1", "127.0.0.1", .loopback),
        ("0177.0.0.1", "127.0.0.1", .loopback),
        ("017700000001", "127.0.0.1", .loopback),
        ("127.1", "127.0.0.1", .loopback),
        ("127.0.0.1.", "127.0.0.1", .loopback),
        ("\u{FF11}\u{FF12}\u{FF17}.0.0.1", "127.0.0.1", .loopback),  // fullwidth digits
        ("0", "0.0.0.0", .loopback),
        ("0x", "0.0.0.0", .loopback),
        ("10.1.2.3", "10.1.2.3", .localNetwork),
        ("167772161", "10.0.0.1", .localNetwork),
        ("192.168.1", "192.168.0.1", .localNetwork),
        ("172.16.0.1", "172.16.0.1", .localNetwork),
        ("172.32.0.1", "172.32.0.1", .publicNetwork),
        ("169.254.169.254", "169.254.169.254", .localNetwork),
        ("100.64.0.1", "100.64.0.1", .localNetwork),
        ("8.8.8.8", "8.8.8.8", .publicNetwork),
        ("0x8.0x8.0x8.0x8", "8.8.8.8", .publicNetwork),
        // IPv6 literals.
        ("[::1]", "[::1]", .loopback),
        ("[0:0:0:0:0:0:0:1]", "[::1]", .loopback),
        ("[::]", "[::]", .loopback),
        ("[::ffff:127.0.0.1]", "[::ffff:7f00:1]", .loopback),
        ("[::FFFF:7F00:1]", "[::ffff:7f00:1]", .loopback),
        ("[::127.0.0.1]", "[::7f00:1]", .loopback),
        ("[64:ff9b::7f00:1]", "[64:ff9b::7f00:1]", .loopback),
        ("[2002:7f00:1::]", "[2002:7f00:1::]", .loopback),
        ("[::ffff:10.0.0.1]", "[::ffff:a00:1]", .localNetwork),
        ("[fe80::1]", "[fe80::1]", .localNetwork),
        ("[fd12:3456::1]", "[fd12:3456::1]", .localNetwork),
        ("[ff02::1]", "[ff02::1]", .localNetwork),
        ("[::ffff:8.8.8.8]", "[::ffff:808:808]", .publicNetwork),
        ("[2001:db8:0:0:1:0:0:1]", "[2001:db8::1:0:0:1]", .publicNetwork),
        ("[2606:4700::1111]", "[2606:4700::1111]", .publicNetwork),
    ]

    @Test("canonical form and network scope", arguments: valid)
    func canonical(entry: (String, String, IPAddress.Scope)) throws {
        let host = try CanonicalHost.parse(Substring(entry.0)).get()
        #expect(host.text == entry.1, "\(entry.0)")
        #expect(host.scope == entry.2, "\(entry.0)")
    }

    /// (host as written, denial code).
    static let invalid: [(String, GuardDenial.Code)] = [
        ("", .urlMalformed),
        ("example..com", .hostInvalid),
        ("example.com..", .hostInvalid),
        (".example.com", .hostInvalid),
        ("exa!mple.com", .hostInvalid),
        ("exam\u{202E}elp.com", .hostInvalid),  // right-to-left override
        ("a\u{5D0}.com", .hostInvalid),  // an L and an R letter in one label (RFC 5893 rule 5)
        ("a\u{200D}b.com", .hostInvalid),  // zero width joiner without a virama
        ("%65xample.com", .urlAmbiguous),
        ("%31%32%37.0.0.1", .urlAmbiguous),
        ("256.0.0.1", .hostInvalid),
        ("1.2.3.4.5", .hostInvalid),
        ("1.2.3.09", .hostInvalid),
        ("example.123", .hostInvalid),
        ("4294967296", .hostInvalid),
        ("0x100000000", .hostInvalid),
        ("[::1", .hostInvalid),
        ("[1::2::3]", .hostInvalid),
        ("[::1%25eth0]", .hostInvalid),
        ("[12345::]", .hostInvalid),
        ("[::ffff:127.0.0.01]", .hostInvalid),
        ("[1:2:3:4:5:6:7:8:9]", .hostInvalid),
        (String(repeating: "a", count: 64) + ".com", .hostInvalid),
        ("xn--a.com", .hostInvalid),
    ]

    @Test("hosts that are refused", arguments: invalid)
    func refused(entry: (String, GuardDenial.Code)) {
        switch CanonicalHost.parse(Substring(entry.0)) {
        case .success(let host): Issue.record("\(entry.0) was accepted as \(host)")
        case .failure(let denial): #expect(denial.code == entry.1, "\(entry.0): \(denial)")
        }
    }

    /// (rule domain, includesSubdomains, candidate host, matches).
    static let matching: [(String, Bool, String, Bool)] = [
        ("example.com", false, "example.com", true),
        ("example.com", false, "EXAMPLE.com.", true),
        ("example.com", false, "www.example.com", false),
        ("example.com", true, "www.example.com", true),
        ("example.com", true, "a.b.EXAMPLE.COM.", true),
        ("example.com", true, "notexample.com", false),
        ("example.com", true, "example.com.evil.net", false),
        ("paypal.com", true, "p\u{0430}ypal.com", false),
        ("paypal.com", true, "www.p\u{0430}ypal.com", false),
        ("b\u{00FC}cher.example", false, "xn--bcher-kva.example", true),
        ("xn--bcher-kva.example", true, "shop.B\u{00DC}CHER.example", true),
        ("127.0.0.1", false, "2130706433", true),
        ("127.0.0.1", false, "127.0.0.2", false),
        ("[::1]", false, "[0::1]", true),
    ]

    @Test("host rules match whole labels of canonical hosts", arguments: matching)
    func matches(entry: (String, Bool, String, Bool)) throws {
        let rule = try HostMatcher(domain: entry.0, includesSubdomains: entry.1)
        let candidate = try CanonicalHost.parse(Substring(entry.2)).get()
        #expect(rule.matches(candidate) == entry.3, "\(entry.0) vs \(entry.2)")
    }

    @Test("a bare IPv6 address is not a host in a rule: brackets are required")
    func bareIPv6() {
        #expect(throws: SanitizeError.self) { try HostMatcher(domain: "::1", includesSubdomains: false) }
    }

    @Test("an IP address rule cannot include subdomains")
    func ipWithSubdomains() {
        #expect(throws: SanitizeError.self) { try HostMatcher(domain: "10.0.0.1", includesSubdomains: true) }
    }
}

extension CanonicalHostTests {
    /// A-labels written directly must be what IDNA would produce from their Unicode form.
    static let aLabels: [(String, Bool)] = [
        ("xn--bcher-kva.example", true),
        ("xn--pypal-4ve.com", true),
        ("xn--a.com", false),  // decodes to U+0080, a control
        ("xn--.com", false),
        ("xn--abc-.com", false),  // no non-ASCII in it
        ("xn--Bcher-kva.example", true),  // lowercased first, then valid
    ]

    @Test("A-labels are checked, not taken on trust", arguments: aLabels)
    func aLabel(entry: (String, Bool)) {
        let result = CanonicalHost.parse(Substring(entry.0))
        switch result {
        case .success: #expect(entry.1, "\(entry.0) accepted")
        case .failure(let denial): #expect(!entry.1 && denial.code == .hostInvalid, "\(entry.0): \(denial)")
        }
    }
}
