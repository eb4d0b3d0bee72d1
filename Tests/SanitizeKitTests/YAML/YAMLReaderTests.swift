import Foundation
import SanitizeKit
import SanitizeYAML
import Testing

/// YAML read into the JSON data model: YAML 1.2 core scalars, and clear refusals for what
/// JSON cannot hold.
struct YAMLReaderTests {
    @Test(arguments: [
        ("a: 1\nb: -007\nc: 0x1F\nd: 0o17\ne: 1.5\nf: .5\ng: 1e3\n", #"{"a":1,"b":-7,"c":31,"d":15,"e":1.5,"f":0.5,"g":1e3}"#),
        ("t: true\nf: FALSE\nn: ~\ne:\ns: yes\non: off\nd: 2024-01-02\n", #"{"t":true,"f":false,"n":null,"e":null,"s":"yes","on":"off","d":"2024-01-02"}"#),
        ("- 'quoted: 1'\n- \"true\"\n- [1, {x: y}]\n", #"["quoted: 1","true",[1,{"x":"y"}]]"#),
        ("base: &b {k: v}\nuse: *b\n", #"{"base":{"k":"v"},"use":{"k":"v"}}"#),
        ("", "null"),
        ("big: 99999999999999999999\n", #"{"big":99999999999999999999}"#),
    ])
    func readsIntoTheJSONDataModel(_ yaml: String, _ json: String) throws {
        #expect(try YAMLReader.read(yaml) == JSONValue(parsing: json))
    }

    /// The merge type's own example (yaml.org/type/merge): four spellings of one mapping, where
    /// keys written in the mapping win and earlier merged mappings win over later ones.
    @Test func readsMergeKeysAsTheMergeTypeSays() throws {
        let yaml = """
            - &CENTER { x: 1, y: 2 }
            - &LEFT { x: 0, y: 2 }
            - &BIG { r: 10 }
            - &SMALL { r: 1 }
            - x: 1
              y: 2
              r: 10
              label: center/big
            - << : *CENTER
              r: 10
              label: center/big
            - << : [ *CENTER, *BIG ]
              label: center/big
            - << : [ *BIG, *LEFT, *SMALL ]
              x: 1
              label: center/big
            """
        guard case .array(let items) = try YAMLReader.read(yaml), items.count == 8 else {
            Issue.record("not a sequence of eight")
            return
        }
        func sorted(_ value: JSONValue) -> [String: JSONValue] {
            guard case .object(let members) = value else { return [:] }
            return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
        }
        let expected = sorted(items[4])
        #expect(expected.count == 4)
        for item in items[5...] { #expect(sorted(item) == expected) }
        // A quoted "<<" is an ordinary string key.
        #expect(try YAMLReader.read("'<<': 1\n") == JSONValue(parsing: #"{"<<":1}"#))
    }

    @Test(arguments: [
        ("1: one\n", "not a string"),
        ("true: yes\n", "not a string"),
        ("? [a]\n: b\n", "not a string"),
        ("a: 1\na: 2\n", "duplicate"),
        ("x: .inf\n", "finite"),
        ("x: .nan\n", "finite"),
        ("base: &b {k: v}\nother:\n  <<: 5\n", "merge key (<<) takes a mapping"),
        ("base: &b {k: v}\nother:\n  <<: [*b, 5]\n", "merge key (<<) takes a mapping"),
        ("base: &b {k: v}\nother:\n  <<: *b\n  <<: *b\n", "duplicated key"),
        ("a: 1\n---\nb: 2\n", "more than one document"),
        ("a: [1, 2\n", "not valid YAML"),
        ("x: 0x1FFFFFFFFFFFFFFFFF\n", "64 bits"),
        ("i: !!int f7\n", "tagged int"),
        ("b: !!bool yes\n", "tagged bool"),
        ("n: !!null x\n", "tagged null"),
        ("f: !!float one\n", "finite"),
    ])
    func refusesWhatJSONCannotHold(_ yaml: String, _ reason: String) {
        do {
            let value = try YAMLReader.read(yaml)
            Issue.record("read as \(value.jsonText)")
        } catch {
            #expect(error.code == .yamlInvalid, "\(error)")
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    /// "Billion laughs": nine levels of nine aliases expand to 9^9 values; reading stops at
    /// the limit with an error, quickly, instead of building them.
    @Test func aliasBombStopsAtTheLimit() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            yaml += "a\(level): &a\(level) [\(Array(repeating: previous, count: 9).joined(separator: ", "))]\n"
        }
        do {
            _ = try YAMLReader.read(yaml)
            Issue.record("an alias bomb was expanded")
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.reason.contains("aliases"))
        }
    }

    @Test func deepNestingStopsAtTheDepthLimit() {
        let yaml = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: SanitizeError.self) { try YAMLReader.read(yaml, limits: JSONLimits(maxDepth: 100)) }
    }

    /// Error pointers escape keys by Unicode scalar (`JSONPointer.escape`): a `~` before a
    /// combining mark is one Swift `Character`, and a `Character`-wise replace would miss it.
    @Test func errorPointersEscapeEveryTilde() {
        let yaml = "\"a~\u{301}/b\":\n  1: x\n"
        do {
            let value = try YAMLReader.read(yaml)
            Issue.record("read as \(value.jsonText)")
        } catch {
            #expect(error.location?.pointer == "/a~0\u{301}~1b", "\(error)")
        }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: SanitizeError.self) { try YAMLReader.read([0x61, 0x3A, 0x20, 0xFF]) }
    }
}
