import Foundation
import SanitizeKit
import SanitizeTOML
import Testing

/// TOML read into the JSON data model: tables, arrays, scalars, dates as RFC 3339 strings, and
/// clear refusals (with line and column) for what is not TOML or what JSON cannot hold.
struct TOMLReaderTests {
    @Test(arguments: [
        ("a = 1\nb = -7\nc = 0x1F\nd = 1.5\ne = true\nf = \"x\"\n", #"{"a":1,"b":-7,"c":31,"d":1.5,"e":true,"f":"x"}"#),
        ("[tool.poetry]\nname = 'demo'\n[[bin]]\npath = \"a\"\n[[bin]]\npath = \"b\"\n", #"{"bin":[{"path":"a"},{"path":"b"}],"tool":{"poetry":{"name":"demo"}}}"#),
        ("x = [1, [\"two\", {k = 3}]]\ny.z = 'dotted'\n", #"{"x":[1,["two",{"k":3}]],"y":{"z":"dotted"}}"#),
        ("s = '''\nmulti [.{ line'''\nt = \"\"\"a.b\"\"\"\n", #"{"s":"multi [.{ line","t":"a.b"}"#),
        ("", "{}"),
        ("odt = 1979-05-27T07:32:00Z\n", #"{"odt":"1979-05-27T07:32:00Z"}"#),
        ("odt = 1979-05-27T00:32:00.999999-07:00\n", #"{"odt":"1979-05-27T00:32:00.999999-07:00"}"#),
        ("odt = 1979-05-27 07:32:00+05:30\n", #"{"odt":"1979-05-27T07:32:00+05:30"}"#),
        ("ldt = 1979-05-27T07:32:00\n", #"{"ldt":"1979-05-27T07:32:00"}"#),
        ("ld = 1979-05-27\nlt = 07:32:00.5\n", #"{"ld":"1979-05-27","lt":"07:32:00.5"}"#),
    ])
    func readsIntoTheJSONDataModel(_ toml: String, _ json: String) throws {
        #expect(try TOMLReader.read(Array(toml.utf8)) == JSONValue(parsing: json))
    }

    @Test(arguments: [
        ("a = 1\na = 2\n", 2),
        ("a = [1, 2\n", 1),
        ("a = \n", 1),
        ("[t]\nx = 1\n[t]\n", 3),
        ("key = \"unterminated\n", 1),
    ])
    func refusesWhatIsNotTOMLWithItsLine(_ toml: String, _ line: Int) {
        do {
            let value = try TOMLReader.read(Array(toml.utf8))
            Issue.record("read as \(value.jsonText)")
        } catch {
            #expect(error.code == .tomlInvalid, "\(error)")
            #expect(error.reason.hasPrefix("not valid TOML"), "\(error.reason)")
            #expect(error.location?.line == line, "\(error)")
            #expect(error.location?.column != nil, "\(error)")
        }
    }

    @Test(arguments: ["x = inf\n", "x = -inf\n", "x = nan\n"])
    func refusesNumbersJSONCannotHold(_ toml: String) {
        do {
            let value = try TOMLReader.read(Array(toml.utf8))
            Issue.record("read as \(value.jsonText)")
        } catch {
            #expect(error.code == .tomlInvalid)
            #expect(error.reason.contains("finite"))
        }
    }

    /// Hostile input: bad UTF-8, a NUL that would cut the C string short, and nesting deep
    /// enough to exhaust a recursive parser's stack, by every way TOML can nest.
    static let hostile: [(bytes: [UInt8], code: String)] = {
        var cases: [(bytes: [UInt8], code: String)] = []
        cases.append(([0x61, 0x20, 0x3D, 0x20, 0x22, 0xC3, 0x28, 0x22, 0x0A], "invalid-utf8"))
        cases.append((Array("a = 1\n".utf8) + [0] + Array("b = 2\n".utf8), "toml-invalid"))
        let dotted: String = "k" + String(repeating: ".k", count: 200_000) + " = 1\n"
        cases.append((Array(dotted.utf8), "limit-exceeded"))
        let header: String = "[" + [String](repeating: "t", count: 200_000).joined(separator: ".") + "]\nx = 1\n"
        cases.append((Array(header.utf8), "limit-exceeded"))
        let split: String = "[" + [String](repeating: "t", count: 300).joined(separator: ".") + "]\n"
            + [String](repeating: "u", count: 300).joined(separator: ".") + " = 1\n"
        cases.append((Array(split.utf8), "limit-exceeded"))
        cases.append((Array(("a = " + String(repeating: "[", count: 200_000)).utf8), "limit-exceeded"))
        cases.append((Array(("a = " + String(repeating: "{b = ", count: 200_000)).utf8), "limit-exceeded"))
        return cases
    }()

    @Test(arguments: 0..<7)
    func hostileInputIsRefusedWithoutCrashing(_ index: Int) {
        let (bytes, code) = Self.hostile[index]
        do {
            let value = try TOMLReader.read(bytes)
            Issue.record("read as \(value.jsonText.prefix(80))")
        } catch {
            #expect(error.code.rawValue == code, "\(error)")
        }
    }

    @Test func wideButShallowDocumentsAreRead() throws {
        // A long one-line array of floats: every dot counts toward nothing deeper.
        let floats = (0..<2000).map { "\($0).5" }.joined(separator: ", ")
        let value = try TOMLReader.read(Array("x = [\(floats)]\n".utf8))
        guard case .object(let members) = value, case .array(let items) = members.first?.value else {
            Issue.record("not an object holding an array: \(value.jsonText.prefix(80))")
            return
        }
        #expect(items.count == 2000)
    }

    @Test(arguments: [("pyproject.toml", true), ("Cargo.TOML", true), ("a.toml.json", false), ("a.yaml", false)])
    func tomlFilesAreKnownByTheirName(_ name: String, _ isTOML: Bool) {
        #expect(TOMLReader.isTOMLFile(name) == isTOML)
    }
}
