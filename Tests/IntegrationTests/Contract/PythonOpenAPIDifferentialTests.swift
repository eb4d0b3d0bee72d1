import Foundation
import Testing

import SanitizeKit
import SanitizeYAML

/// Real OpenAPI documents as Python's OpenAPI tools read them (openapi-spec-validator 0.9 over
/// PyYAML, openapi-schema-validator 0.9): the same YAML document with unquoted response codes
/// reads to the same value, and `readOnly`/`writeOnly` by direction give the same verdicts as
/// `OAS30WriteValidator` (requests), `OAS30ReadValidator` (responses) and `OAS30Validator`
/// (no direction). One `python3` process judges each batch (scripts/test installs both).
@Suite("Differential: OpenAPI documents vs Python openapi-spec-validator / openapi-schema-validator", .integration)
struct PythonOpenAPIDifferentialTests {
    /// Writes the shared tasks document (`OpenAPIFixtures.tasksAPI`) to a fresh file.
    static func documentFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tasks-\(UUID().uuidString).yaml")
        try Data(OpenAPIFixtures.tasksAPI.utf8).write(to: url)
        return url
    }

    /// The value with every object's members sorted by key, for comparing documents whose
    /// readers keep different member orders.
    static func sorted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): return .object(members.map { .init($0.key, sorted($0.value)) }.sorted { $0.key < $1.key })
        case .array(let items): return .array(items.map(sorted))
        default: return value
        }
    }

    /// Reads the document as openapi-spec-validator does (`read_from_filename`: PyYAML's safe
    /// loader, then a JSON round trip, which makes integer keys strings), validates it against
    /// the OpenAPI 3.0 schema, and prints it as JSON.
    static let reader = """
        import json, sys
        from openapi_spec_validator import validate
        from openapi_spec_validator.readers import read_from_filename
        spec, _ = read_from_filename(sys.argv[1])
        validate(spec)
        print(json.dumps(spec))
        """

    @Test func unquotedResponseCodesReadAsPythonReadsThem() throws {
        let url = try Self.documentFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let run = try ExternalTool.run("python3", ["-c", Self.reader, url.path])
        try #require(run.status == 0, "python3 with openapi-spec-validator failed (scripts/test installs it): \(run.stderr)")
        let theirs = try JSONValue(parsing: run.output.trimmingCharacters(in: .whitespacesAndNewlines))
        let file = try OpenAPIDocumentFile(contentsOf: url)
        #expect(Self.sorted(file.document) == Self.sorted(theirs))
        // Each key Python turned into a string is one warning of ours.
        #expect(file.warnings.compactMap(\.location?.pointer) == OpenAPIFixtures.tasksAPIIntegerKeys)
        for pointer in OpenAPIFixtures.tasksAPIIntegerKeys {
            #expect(JSONPointer(parsing: pointer)?.resolve(in: theirs) != nil, "\(pointer) is not in Python's document")
        }
    }

    /// Reads `{"document": path, "cases": [{"component": name, "instances": [...]}]}`; prints
    /// per case three lines of `1`/`0`: write (request), read (response), plain (no direction).
    static let judge = """
        import json, sys
        from openapi_schema_validator import OAS30WriteValidator, OAS30ReadValidator, OAS30Validator, oas30_format_checker
        from openapi_spec_validator.readers import read_from_filename
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT4
        batch = json.load(sys.stdin)
        spec, _ = read_from_filename(batch["document"])
        registry = Registry().with_resource("urn:doc", Resource.from_contents(spec, default_specification=DRAFT4))
        for case in batch["cases"]:
            schema = {"$ref": "urn:doc#/components/schemas/" + case["component"]}
            for cls in (OAS30WriteValidator, OAS30ReadValidator, OAS30Validator):
                validator = cls(schema, registry=registry, format_checker=oas30_format_checker)
                print("".join("1" if validator.is_valid(i) else "0" for i in case["instances"]))
        """

    /// Every combination of absent, valid and invalid values for the members of `choices`.
    static func combinations(_ choices: [(String, [JSONValue?])]) -> [JSONValue] {
        var result: [[JSONValue.Member]] = [[]]
        for (key, values) in choices {
            result = result.flatMap { members in values.map { value in value.map { members + [.init(key, $0)] } ?? members } }
        }
        return result.map(JSONValue.object)
    }

    /// The instances judged, per component of the tasks document. `reminder_time` holds only
    /// `HH:MM:SS` values: see `timeFormatDivergesOnlyWhereThePythonValidatorReadsDraft03`.
    static let cases: [(component: String, instances: [JSONValue])] = [
        (
            "User",
            combinations([
                ("gid", [nil, .string("12"), .string("x")]),
                ("name", [nil, .string("Ada"), .string("")]),
                ("email", [nil, .string("ada@example.com"), .string("not-an-email")]),
                ("password", [nil, .string("correct horse"), .string("short")]),
                ("extra", [nil, .number("1")]),
            ])
        ),
        (
            "Task",
            combinations([
                ("gid", [nil, .string("1"), .number("1")]),
                ("name", [nil, .string("t")]),
                ("due_on", [nil, .null, .string("2024-02-29"), .string("2024-02-30")]),
                ("reminder_time", [nil, .string("17:00:00"), .number("1700")]),
            ])
        ),
        ("Error", combinations([("message", [nil, .string("bad"), .null])])),
    ]

    @Test func directionAgreesWithOpenAPISchemaValidator() throws {
        let url = try Self.documentFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let batch = JSONValue.object([
            .init("document", .string(url.path)),
            .init(
                "cases",
                .array(Self.cases.map { .object([.init("component", .string($0.component)), .init("instances", .array($0.instances))]) })),
        ])
        let run = try ExternalTool.run("python3", ["-c", Self.judge], stdin: batch.serialized())
        try #require(run.status == 0, "python3 with openapi-schema-validator failed (scripts/test installs it): \(run.stderr)")
        let lines = run.output.split(separator: "\n").map { Array($0) }
        try #require(lines.count == Self.cases.count * 3)
        let document = try OpenAPIDocumentFile(contentsOf: url).document
        let directions: [(Contract.Direction?, String)] = [(.request, "OAS30WriteValidator"), (.response, "OAS30ReadValidator"), (nil, "OAS30Validator")]
        var differences = [0, 0, 0]
        for (caseIndex, item) in Self.cases.enumerated() {
            for (directionIndex, (direction, oracle)) in directions.enumerated() {
                let contract = try Contract(openAPI: document, component: item.component, direction: direction)
                let verdicts = lines[caseIndex * 3 + directionIndex]
                try #require(verdicts.count == item.instances.count)
                for (index, instance) in item.instances.enumerated() {
                    let ours = contract.validate(instance.jsonText).isValid
                    let theirs = verdicts[index] == "1"
                    #expect(ours == theirs, "\(item.component) \(instance.jsonText) as \(oracle): ours \(ours), theirs \(theirs)")
                }
                // The directions disagree with each other on enough instances to mean something.
                if directionIndex < 2 {
                    let plain = try Contract(openAPI: document, component: item.component)
                    differences[directionIndex] += item.instances.filter {
                        contract.validate($0.jsonText).isValid != plain.validate($0.jsonText).isValid
                    }.count
                }
            }
        }
        // 12 each (6 User and 6 Task instances valid with no direction, invalid in one).
        #expect(differences[0] >= 10 && differences[1] >= 10, "\(differences)")
    }

    /// `format: time` in a 3.0 document: an annotation here (see docs/contracts.md). The
    /// Python validator's `oas30_format_checker` starts from every format jsonschema knows,
    /// and its `time` is draft-03's `HH:MM:SS` (strptime), which refuses RFC 3339 times with an
    /// offset. So the verdicts differ exactly where that draft-03 reading refuses; nothing the
    /// Python validator accepts is refused here.
    @Test func timeFormatDivergesOnlyWhereThePythonValidatorReadsDraft03() throws {
        let url = try Self.documentFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let times = ["17:00:00", "17:00:00Z", "17:00:00+02:00", "17:00", "25:00:00", "five o'clock"]
        let instances = times.map { JSONValue.object([.init("gid", .string("1")), .init("name", .string("t")), .init("reminder_time", .string($0))]) }
        let batch = JSONValue.object([
            .init("document", .string(url.path)),
            .init("cases", .array([.object([.init("component", .string("Task")), .init("instances", .array(instances))])])),
        ])
        let run = try ExternalTool.run("python3", ["-c", Self.judge], stdin: batch.serialized())
        try #require(run.status == 0, "python3 with openapi-schema-validator failed: \(run.stderr)")
        // The last line is OAS30Validator's (no direction), as the contract below has none.
        let plainLine = try #require(run.output.split(separator: "\n").last)
        let theirs: [Bool] = plainLine.map { $0 == "1" }
        let contract = try Contract(openAPI: try OpenAPIDocumentFile(contentsOf: url).document, component: "Task")
        let ours = instances.map { contract.validate($0.jsonText).isValid }
        #expect(ours == [Bool](repeating: true, count: times.count))
        #expect(theirs == [true, false, false, false, false, false], "the Python validator's time format changed: \(theirs)")
    }

    /// A 3.1 document: JSON Schema 2020-12, where `readOnly`/`writeOnly` are annotations that a
    /// direction enforces (docs/contracts.md). openapi-schema-validator has no read or write
    /// validator for 3.1: without a direction its `OAS31Validator` is the judge; with one, its
    /// 3.0 write and read validators judge the same Schema Object (it holds only keywords both
    /// versions read alike), since a 3.1 contract with a direction is read as a 3.0 one.
    static let users31 = """
        {"openapi": "3.1.0", "info": {"title": "Users", "version": "1"},
         "components": {"schemas": {"User": {"type": "object", "required": ["gid", "name", "password"],
           "properties": {"gid": {"type": "string", "readOnly": true}, "name": {"type": "string", "minLength": 1},
                          "password": {"type": "string", "writeOnly": true, "minLength": 8}}}}}}
        """

    static let judge31 = """
        import json, sys
        from openapi_schema_validator import OAS31Validator, oas31_format_checker
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
        batch = json.load(sys.stdin)
        registry = Registry().with_resource("urn:doc", Resource.from_contents(batch["document"], default_specification=DRAFT202012))
        from openapi_schema_validator import OAS30WriteValidator, OAS30ReadValidator
        for judge in [OAS30WriteValidator, OAS30ReadValidator, OAS31Validator]:
            validator = judge({"$ref": "urn:doc#/components/schemas/User"}, registry=registry)
            print("".join("1" if validator.is_valid(i) else "0" for i in batch["instances"]))
        """

    @Test func openAPI31DirectionsAgreeWithOAS31Validator() throws {
        let document = try JSONValue(parsing: Self.users31)
        let instances = Self.combinations([
            ("gid", [nil, .string("12"), .number("12")]),
            ("name", [nil, .string("Ada"), .string("")]),
            ("password", [nil, .string("correct horse"), .string("short")]),
        ])
        let batch = JSONValue.object([.init("document", document), .init("instances", .array(instances))])
        let run = try ExternalTool.run("python3", ["-c", Self.judge31], stdin: batch.serialized())
        try #require(run.status == 0, "python3 with openapi-schema-validator failed: \(run.stderr)")
        let lines = run.output.split(separator: "\n").map { Array($0).map { $0 == "1" } }
        try #require(lines.count == 3 && lines.allSatisfy { $0.count == instances.count }, "\(run.output)")
        let judges: [(Contract.Direction?, String, [Bool])] = [
            (.request, "OAS30WriteValidator", lines[0]), (.response, "OAS30ReadValidator", lines[1]), (nil, "OAS31Validator", lines[2]),
        ]
        for (direction, judge, theirs) in judges {
            #expect(theirs.contains(true) && theirs.contains(false), "\(judge)")
            let contract = try Contract(openAPI: document, component: "User", direction: direction)
            for (index, instance) in instances.enumerated() {
                let ours = contract.validate(instance.jsonText).isValid
                #expect(ours == theirs[index], "\(instance.jsonText) \(String(describing: direction)): ours \(ours), \(judge) \(theirs[index])")
            }
        }
        // The directions differ: a readOnly gid is refused in a request, a writeOnly password in a response.
        #expect(lines[0] != lines[2] && lines[1] != lines[2])
    }
}
