import Testing

@testable import SanitizeKit

/// JSONTestSuite-style cases (`y_` must parse, `n_` must be rejected), written for this parser.
struct JSONParserTests {
    static let accepted: [(name: String, text: String)] = [
        ("y_empty_object", "{}"), ("y_empty_array", "[]"), ("y_scalar_number", "1"),
        ("y_scalar_string", #""a""#), ("y_null", "null"), ("y_true_ws", " \t\r\ntrue \n"),
        ("y_negative_zero", "-0"), ("y_exp", "1E+2"), ("y_frac_exp", "-0.5e-10"),
        ("y_big_int", "123456789012345678901234567890"), ("y_escapes", #""\"\\\/\b\f\n\r\t""#),
        ("y_unicode_escape", #""\u00e9\u4e2d""#), ("y_surrogate_pair", #""\ud83d\ude00""#),
        ("y_utf8_multibyte", "\"é中😀\""), ("y_nested", #"{"a":[1,{"b":null}],"c":{}}"#),
        ("y_del_char", "\"\u{7F}\""),
        ("y_long_ascii_then_escape", #""abcdefghijklmnopqrstuvwxyz\"0123456789abcdef""#),
        ("y_long_then_utf8", "\"abcdefghijklmnop日本語abcdefghijklmnop😀\""), ("y_keys_differ_by_escape", #"{"a":1,"\u0062":2}"#),
    ]

    static let rejected: [(name: String, text: String, code: SanitizeError.Code)] = [
        ("n_empty", "", .jsonSyntax), ("n_trailing_comma_array", "[1,]", .jsonSyntax),
        ("n_trailing_comma_object", #"{"a":1,}"#, .jsonSyntax), ("n_leading_zero", "012", .jsonSyntax),
        ("n_leading_zero_negative", "-01", .jsonSyntax), ("n_plus", "+1", .jsonSyntax),
        ("n_dot_only", "1.", .jsonSyntax), ("n_leading_dot", ".5", .jsonSyntax), ("n_exp_only", "1e", .jsonSyntax),
        ("n_hex", "0x10", .jsonSyntax), ("n_trailing_garbage", "[] x", .jsonSyntax), ("n_two_values", "1 2", .jsonSyntax),
        ("n_single_quote", "['a']", .jsonSyntax), ("n_unquoted_key", "{a:1}", .jsonSyntax),
        ("n_control_in_string", "\"a\u{01}b\"", .jsonSyntax),
        ("n_control_after_16", "\"abcdefghijklmnop\u{1F}q\"", .jsonSyntax),
        ("n_unterminated_long", "\"abcdefghijklmnopqrstuvwxyz", .jsonSyntax), ("n_tab_in_string", "\"a\tb\"", .jsonSyntax),
        ("n_bad_escape", #""\x""#, .jsonSyntax), ("n_short_unicode", #""\u12""#, .jsonSyntax),
        ("n_lone_high_surrogate", #""\ud800""#, .jsonLoneSurrogate),
        ("n_lone_low_surrogate", #""\udc00""#, .jsonLoneSurrogate),
        ("n_high_then_plain", #""\ud800\u0041""#, .jsonLoneSurrogate),
        ("n_unterminated", #""abc"#, .jsonSyntax), ("n_unclosed_array", "[1", .jsonSyntax),
        ("n_unclosed_object", #"{"a":1"#, .jsonSyntax), ("n_colon_missing", #"{"a" 1}"#, .jsonSyntax),
        ("n_nan", "NaN", .jsonSyntax), ("n_infinity", "-Infinity", .jsonSyntax), ("n_truth", "tru", .jsonSyntax),
        ("n_comment", "[1]//", .jsonSyntax), ("n_duplicate_key", #"{"a":1,"a":2}"#, .jsonDuplicateKey),
        ("n_duplicate_key_escaped", #"{"a":1,"\u0061":2}"#, .jsonDuplicateKey),
        ("n_mismatched_bracket", "[1}", .jsonSyntax),
    ]

    @Test(arguments: accepted)
    func accepts(_ sample: (name: String, text: String)) throws {
        let document = try JSONDocument(parsing: sample.text)
        #expect(document.nodeCount > 0, "\(sample.name)")
    }

    @Test(arguments: rejected)
    func rejects(_ sample: (name: String, text: String, code: SanitizeError.Code)) {
        do {
            _ = try JSONDocument(parsing: sample.text)
            Issue.record("\(sample.name) was accepted")
        } catch {
            #expect(error.code == sample.code, "\(sample.name): \(error)")
        }
    }

    /// Invalid UTF-8 (RFC 3629 §4): overlong, surrogate, beyond U+10FFFF, stray continuation.
    @Test(arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82], [0xFF]] as [[UInt8]])
    func rejectsInvalidUTF8(_ sequence: [UInt8]) {
        let bytes: [UInt8] = [0x22] + sequence + [0x22]
        do {
            _ = try JSONDocument(parsing: bytes)
            Issue.record("accepted \(sequence)")
        } catch {
            #expect(error.code == .invalidUTF8)
        }
    }

    @Test func errorsCarryLineColumnAndOffset() {
        do {
            _ = try JSONDocument(parsing: "{\n  \"a\": [1,]\n}")
            Issue.record("accepted a trailing comma")
        } catch {
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 11)
            #expect(error.location?.byteOffset == 12)
        }
    }

    @Test func deepNestingIsACleanError() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONDocument(parsing: deep)
            Issue.record("accepted 100 000 levels")
        } catch {
            #expect(error.code == .jsonTooDeep)
        }
        let limits = JSONLimits(maxDepth: 200_000)
        let document = try? JSONDocument(parsing: deep, limits: limits)
        #expect(document?.nodeCount == 100_000)
        #expect(document.map { $0.serialized().count } == 200_000)
    }

    @Test func depthLimitIsExact() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONDocument(parsing: ok).nodeCount == 512)
        let over = "[" + ok + "]"
        #expect(throws: SanitizeError.self) { try JSONDocument(parsing: over) }
    }

    /// The parser reserves node slots before it starts (a quarter of the text's length, or what
    /// the document already holds) and parses again with twice as many when a text fills them.
    /// Texts with more nodes than the first reservation, valid and cut short, parse as they
    /// would with room to spare, and a document reused after a larger one holds exactly the
    /// nodes of a fresh parse.
    @Test func textsThatFillTheReservedNodesParseTheSame() throws {
        // One node per two bytes, the most a valid text has.
        let count = 1_000
        let flat = try JSONDocument(parsing: "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]")
        #expect(flat.nodeCount == count + 1 && flat.count(0) == count && flat.after(0) == count + 1)
        #expect((1...count).allSatisfy { flat.kind($0) == .number && flat.after($0) == $0 + 1 })
        // Cut short: every byte opens a node; the error is where it is with room to spare.
        let open = String(repeating: "[", count: 300)
        do {
            _ = try JSONDocument(parsing: open, limits: JSONLimits(maxDepth: 512))
            Issue.record("accepted an unclosed text")
        } catch {
            #expect(error.code == .jsonSyntax && error.location?.byteOffset == 300, "\(error)")
        }
        // A small text parsed into a document that held a large one: node for node a fresh parse.
        let small = #"{"a":[1,"x",{"b":null}],"c":true}"#
        var reused = try JSONDocument(parsing: "[" + Array(repeating: #"{"k":[0]}"#, count: 500).joined(separator: ",") + "]")
        try Array(small.utf8).withUnsafeBytes { try reused.reparse($0) }
        let fresh = try JSONDocument(parsing: small)
        #expect(reused.nodeCount == fresh.nodeCount)
        for node in 0..<fresh.nodeCount {
            let (a, b) = (reused.nodes[node], fresh.nodes[node])
            #expect(
                a.kind == b.kind && a.flags == b.flags && a.start == b.start && a.end == b.end && a.count == b.count && a.next == b.next,
                "node \(node)")
        }
    }

    @Test func duplicateKeysCanBeAllowed() throws {
        let document = try JSONDocument(parsing: #"{"a":1,"a":2}"#, limits: JSONLimits(duplicateKeys: .allow))
        #expect(document.member("a", of: document.root).flatMap(document.numberText) == "2")
    }

    @Test func duplicateKeysInLargeObjects() {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(throws: SanitizeError.self) { try JSONDocument(parsing: "{\(members),\"k7\":0}") }
        #expect((try? JSONDocument(parsing: "{\(members)}")) != nil)
    }

    /// Small objects first go through a fingerprint set; whatever it answers, a duplicate is
    /// found exactly when a set of the keys says so (seeded random keys from a tiny alphabet,
    /// so equal lengths, first and last bytes and duplicates are all common).
    @Test func duplicateKeysInSmallObjectsAgreeWithASet() {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        // (as written in JSON, as decoded)
        let alphabet = [("a", "a"), ("b", "b"), ("ab", "ab"), ("ba", "ba"), ("\\u0061", "a"), ("", ""), ("aa", "aa"),
                        ("bb", "bb"), ("aba", "aba"), ("é", "é")]
        var duplicates = 0
        for _ in 0..<5_000 {
            let pieces = (0..<(2 + next(15))).map { _ in (0..<(1 + next(3))).map { _ in alphabet[next(alphabet.count)] } }
            let keys = pieces.map { $0.map(\.0).joined() }
            let decoded = pieces.map { $0.map(\.1).joined() }
            let expectDuplicate = Set(decoded).count != decoded.count
            let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
            do {
                _ = try JSONDocument(parsing: text)
                #expect(!expectDuplicate, "\(text)")
            } catch {
                #expect(expectDuplicate && error.code == .jsonDuplicateKey, "\(text)")
                duplicates += 1
            }
        }
        #expect(duplicates > 500 && duplicates < 4_500)
    }

    @Test func readsValues() throws {
        let document = try JSONDocument(parsing: #" { "s" : "a\nb\u00e9" , "n" : 1.50e3 , "t":true, "z":null, "l":[1,2,3] } "#)
        let root = document.root
        #expect(document.kind(root) == .object)
        #expect(document.count(root) == 5)
        #expect(document.member("s", of: root).flatMap(document.string) == "a\nbé")
        #expect(document.member("n", of: root).flatMap(document.numberText) == "1.50e3")
        #expect(document.member("t", of: root).flatMap(document.bool) == true)
        #expect(document.member("z", of: root).map(document.kind) == .null)
        #expect(document.member("l", of: root).map(document.elements)?.count == 3)
        #expect(document.member("missing", of: root) == nil)
    }
}

struct JSONWriterTests {
    @Test(arguments: [
        (" { \"a\" : [ 1 , 2.50 , {} , [ ] ] , \"b\" : { \"c\" : null } } ", #"{"a":[1,2.50,{},[]],"b":{"c":null}}"#),
        ("[ \"x\\u0041\" , true , false ]", #"["x\u0041",true,false]"#),
        ("  12e5 ", "12e5"),
        (#"{"k":{"k":{"k":[[{}]]}}}"#, #"{"k":{"k":{"k":[[{}]]}}}"#),
    ])
    func writesMinimalJSON(_ sample: (input: String, output: String)) throws {
        let document = try JSONDocument(parsing: sample.input)
        #expect(String(decoding: document.serialized(), as: UTF8.self) == sample.output)
    }

    @Test func replacesStrings() throws {
        var document = try JSONDocument(parsing: #"{"name":"  Ada ","tags":["x"],"n":1}"#)
        let name = try #require(document.member("name", of: document.root))
        document.setString("Ada \"L\"\n", at: name)
        #expect(document.string(name) == "Ada \"L\"\n")
        #expect(String(decoding: document.serialized(), as: UTF8.self) == #"{"name":"Ada \"L\"\n","tags":["x"],"n":1}"#)
        let reparsed = try JSONDocument(parsing: document.serialized())
        #expect(reparsed.member("name", of: reparsed.root).flatMap(reparsed.string) == "Ada \"L\"\n")
    }

    @Test func valueRoundTrip() throws {
        let text = #"{"a":[1,"é\u0001",null,true],"b":{"c":-0.0e1}}"#
        let value = try JSONValue(parsing: text)
        #expect(value["b"]?["c"] == .number("-0.0e1"))
        #expect(value.jsonText == #"{"a":[1,"é\u0001",null,true],"b":{"c":-0.0e1}}"#)
        #expect(try JSONValue(parsing: value.jsonText) == value)
    }
}

/// The eight-byte string scan finds a special byte at every lane of a word.
struct JSONStringScanTests {
    @Test(arguments: Array(0..<24))
    func specialByteAtEveryOffset(_ offset: Int) throws {
        var plain = Array(repeating: UInt8(ascii: "a"), count: 24)
        plain[offset] = 0x01
        #expect(throws: SanitizeError.self) { try JSONDocument(parsing: [0x22] + plain + [0x22]) }
        plain[offset] = 0xFF
        #expect(throws: SanitizeError.self) { try JSONDocument(parsing: [0x22] + plain + [0x22]) }
        plain[offset] = UInt8(ascii: "\"")
        #expect(throws: SanitizeError.self) { try JSONDocument(parsing: [0x22] + plain + [0x22]) }
        let text = String(repeating: "b", count: offset) + "\\n" + String(repeating: "c", count: 24 - offset)
        let document = try JSONDocument(parsing: "\"\(text)\"")
        #expect(document.string(document.root) == String(repeating: "b", count: offset) + "\n" + String(repeating: "c", count: 24 - offset))
    }
}
