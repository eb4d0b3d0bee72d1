import Foundation
import Testing

@testable import SanitizeCommandRuntime
@testable import SanitizeKit

@Suite("RecordFilter")
struct RecordFilterTests {
    static let contract = Fixtures.repositoryRoot.appendingPathComponent("Rules/contracts/user.schema.json")

    private func text(_ outcome: RecordFilter.Outcome) -> String? {
        outcome.sanitized.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("the compiled-in default policy is Rules/policy/filter-default.json, byte for byte")
    func defaultPolicyMatchesRules() throws {
        let file = Fixtures.repositoryRoot.appendingPathComponent("Rules/policy/filter-default.json")
        let onDisk = try String(contentsOf: file, encoding: .utf8)
        #expect(DefaultFilterPolicy.json + "\n" == onDisk)
        #expect(RecordFilter.defaultPolicy().stringSteps == [.text(.nfc), .text(.stripControls), .text(.stripBidi)])
    }

    @Test("the example contract and its x-sanitize lists compile")
    func exampleContractCompiles() throws {
        let filter = try RecordFilter(contractAt: Self.contract, options: .init(assertFormats: true))
        let outcome = filter.process(Array(#"{"id":7,"name":" Zoë\u202e ","email":"Z@EXAMPLE.org","tags":[" ｘ "]}"#.utf8))
        #expect(outcome.isValid)
        #expect(text(outcome) == #"{"id":7,"name":"Zoë","email":"Z@example.org","tags":["x"]}"#)
    }

    /// maxLength counts code points (2 per flag, 5 for the family): 3 whole graphemes are 9.
    @Test("steps run before validation: a value made valid by its steps passes")
    func stepsBeforeValidation() throws {
        let schema = try JSONValue(parsing: #"{"properties":{"code":{"type":"string","maxLength":9,"x-sanitize":["trim",{"truncate":{"graphemes":3}}]}}}"#)
        let filter = try RecordFilter(schema: schema)
        let outcome = filter.process(Array(#"{"code":"   🇪🇸🇫🇷👨‍👩‍👧🇩🇪  "}"#.utf8))
        #expect(outcome.isValid)
        #expect(text(outcome) == #"{"code":"🇪🇸🇫🇷👨‍👩‍👧"}"#)
    }

    @Test("steps reach subschemas behind $ref, allOf and items, even when an earlier member is invalid")
    func stepsEverywhere() throws {
        let schema = try JSONValue(parsing: #"""
                {"$defs":{"clean":{"x-sanitize":["trim"]}},
                 "required":["id"],
                 "properties":{"a":{"$ref":"#/$defs/clean"},
                               "b":{"allOf":[{"x-sanitize":["trim"]},{"x-sanitize":[{"strip":"sql"}]}]},
                               "c":{"items":{"x-sanitize":["trim"]}}}}
                """#)
        let outcome = try RecordFilter(schema: schema).process(
            Array(#"{"a":" x ","b":" it's ","c":[" 1 "," 2 "]}"#.utf8))
        #expect(outcome.violations.map(\.code) == [.required])
        #expect(text(outcome) == #"{"a":"x","b":"its","c":["1","2"]}"#)
    }

    @Test("a step that refuses a value is a violation at that value, not a crash")
    func failingStep() throws {
        let schema = try JSONValue(parsing: #"{"properties":{"q":{"x-sanitize":[{"encode":"sql-literal"}]}}}"#)
        let outcome = try RecordFilter(schema: schema).process(Array(#"{"q":"a\u0000b"}"#.utf8))
        #expect(outcome.violations.map(\.code) == [.sanitizeStepFailed])
        #expect(outcome.violations.first?.instanceLocation == "/q")
    }

    @Test("a record that is not JSON is one violation with the parser's code and place")
    func notJSON() {
        let outcome = RecordFilter.defaultPolicy().process(Array(#"{"a":1,}"#.utf8))
        #expect(outcome.sanitized == nil)
        #expect(outcome.violations.count == 1)
        #expect(outcome.violations.first?.code.rawValue == "json-syntax")
        #expect(outcome.violations.first?.message.contains("line 1:8 byte 7") == true)
    }

    @Test("without a contract, policy steps touch string values at any depth and never member names")
    func policyEverywhere() throws {
        let filter = try RecordFilter.policy(fromJSON: #"{"stringSteps":["trim"]}"#)
        let outcome = filter.process(Array(#"{" k ":" v ","a":[" x ",{" y ":[" z "]}],"n":[1,true,null]}"#.utf8))
        #expect(text(outcome) == #"{" k ":"v","a":["x",{" y ":["z"]}],"n":[1,true,null]}"#)
    }

    @Test("a policy file with an unknown key is refused, naming the key")
    func policyTypo() {
        let error = #expect(throws: SanitizeError.self) {
            try RecordFilter.policy(fromJSON: #"{"stringStep":["trim"]}"#)
        }
        #expect(error?.location?.pointer == "/stringStep")
    }

    @Test("annotate wraps what is not an object and appends to what is")
    func annotateShapes() {
        let violation = Violation(
            instanceLocation: "", keywordLocation: "/type", absoluteKeywordLocation: "", code: .type, message: "m")
        func annotated(_ sanitized: String?) -> String {
            var out: [UInt8] = []
            BatchFilter.annotate(
                .init(sanitized: sanitized.map { Array($0.utf8) }, violations: [violation]), into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        let list = #"[{"instanceLocation":"","keywordLocation":"/type","keyword":"type","code":"type","message":"m"}]"#
        #expect(annotated(#"{"a":1}"#) == #"{"a":1,"_violations":"# + list + "}")
        #expect(annotated("{}") == #"{"_violations":"# + list + "}")
        #expect(annotated("[1]") == #"{"_record":[1],"_violations":"# + list + "}")
        #expect(annotated(nil) == #"{"_violations":"# + list + "}")
    }
}

@Suite("StepPlan")
struct StepPlanTests {
    /// The plan of a schema, derived from its compiled contract as the filter derives it.
    static func plan(_ schema: String, options: Contract.Options = .init()) throws -> StepPlan? {
        try Contract(schema: try JSONValue(parsing: schema), options: options).stepPlan()
    }

    @Test(
        "schemas whose steps sit under instance-dependent keywords have no plan",
        arguments: [
            ##"{"anyOf":[{"x-sanitize":["trim"]}]}"##,
            ##"{"if":{"type":"string"},"then":{"x-sanitize":["trim"]}}"##,
            ##"{"patternProperties":{"^a":{"x-sanitize":["trim"]}}}"##,
            ##"{"additionalProperties":{"x-sanitize":["trim"]}}"##,
            ##"{"prefixItems":[{"x-sanitize":["trim"]}]}"##,
            ##"{"$defs":{"n":{"properties":{"next":{"$ref":"#/$defs/n"}},"x-sanitize":["trim"]}},"$ref":"#/$defs/n"}"##,
            ##"{"$defs":{"t":{"x-sanitize":["trim"]}},"properties":{"a":{"not":{"$ref":"#/$defs/t"}}}}"##,
        ])
    func noPlan(schema: String) throws {
        #expect(try Self.plan(schema) == nil)
    }

    @Test("properties, items, allOf and local $ref are planned")
    func planned() throws {
        let schema = #"""
            {"$defs":{"t":{"x-sanitize":["trim"]}},
             "properties":{"a":{"$ref":"#/$defs/t"},"b":{"items":{"allOf":[{"x-sanitize":["nfc"]}]}}},
             "anyOf":[{"required":["a"]},{}]}
            """#
        let plan = try #require(try Self.plan(schema))
        #expect(plan.lists == [try SanitizeStep.list(.array([.string("trim")])), try SanitizeStep.list(.array([.string("nfc")]))])
        #expect(plan.nodes[0].properties.keys.sorted() == ["a", "b"])
    }

    /// A subschema with its own `$id` and a `$ref` to a registered document: the compiler has
    /// resolved both, so the plan follows them.
    @Test("embedded resources and registered references are planned")
    func resolvedReferencesArePlanned() throws {
        #expect(try Self.plan(##"{"properties":{"a":{"$id":"https://example.com/a","x-sanitize":["trim"]}}}"##) != nil)
        var resources = ContractResources()
        try resources.register(JSONValue(parsing: ##"{"x-sanitize":["nfc"]}"##), as: "https://example.com/other.json")
        let contract = try Contract(
            schema: try JSONValue(parsing: ##"{"properties":{"a":{"$ref":"https://example.com/other.json"}}}"##), resources: resources)
        let plan = try #require(contract.stepPlan())
        #expect(plan.lists == [try SanitizeStep.list(.array([.string("nfc")]))])
    }

    /// Draft-04 to draft-07: `$ref` makes its siblings ignored. The compiler drops them, and
    /// the plan, read from the compiled contract, plans exactly what is compiled: the target's
    /// steps, not the sibling `properties`' ones (an `x-sanitize` beside the `$ref` is kept by
    /// the compiler, so it is planned too).
    @Test("a draft-04/draft-07 $ref with sibling properties is planned as compiled", arguments: [
        "http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-06/schema#", "http://json-schema.org/draft-07/schema#",
    ])
    func refSiblingsFollowTheDialect(dialect: String) throws {
        let schema = ##"""
            {"$schema":"\##(dialect)","definitions":{"t":{"properties":{"b":{"x-sanitize":["nfc"]}}}},
             "properties":{"r":{"$ref":"#/definitions/t","x-sanitize":["trim"],"properties":{"a":{"x-sanitize":["trim"]}}}}}
            """##
        let plan = try #require(try Self.plan(schema))
        let r = try #require(plan.nodes[0].properties["r"])
        #expect(plan.nodes[r].properties.keys.sorted() == ["b"])  // not "a": dropped by the compiler
        #expect(plan.lists.count == 2)
        try expectPlanMatchesEvaluator(
            schema, records: [#"{"r":{"a":" x ","b":"é"}}"#, #"{"r":" y "}"#, #"{"r":{"a":" x "},"a":" z "}"#])
        // In 2020-12 the siblings apply: both are planned.
        let modern = schema.replacing(dialect, with: "https://json-schema.org/draft/2020-12/schema").replacing("definitions", with: "$defs")
        let modernPlan = try #require(try Self.plan(modern))
        let modernR = try #require(modernPlan.nodes[0].properties["r"])
        #expect(modernPlan.nodes[modernR].properties.keys.sorted() == ["a", "b"])
    }

    /// A schema without `$schema` is read in ``Contract/Options/defaultDraft``: the plan is the
    /// compiler's, so it follows that option too.
    @Test("Options.defaultDraft is honoured by the plan")
    func defaultDraftIsHonoured() throws {
        let schema = ##"""
            {"definitions":{"t":{}},"properties":{"r":{"$ref":"#/definitions/t","properties":{"a":{"x-sanitize":["trim"]}}}}}
            """##
        let draft7 = try #require(try Self.plan(schema, options: .init(defaultDraft: .draft7)))
        #expect(draft7.lists.isEmpty)
        let draft2020 = try #require(try Self.plan(schema, options: .init(defaultDraft: .draft2020_12)))
        #expect(draft2020.lists == [try SanitizeStep.list(.array([.string("trim")]))])
        for draft in [Draft.draft4, .draft6, .draft7, .draft2019_09, .draft2020_12] {
            try expectPlanMatchesEvaluator(schema, records: [#"{"r":{"a":" x "}}"#], options: .init(defaultDraft: draft))
        }
    }

    /// Planned and evaluated filters give the same output and report.
    func expectPlanMatchesEvaluator(_ schema: String, records: [String], options: Contract.Options = .init()) throws {
        let value = try JSONValue(parsing: schema)
        let planned = try RecordFilter(schema: value, resources: .init(), options: options, limits: .default, planning: true)
        let evaluated = try RecordFilter(schema: value, resources: .init(), options: options, limits: .default, planning: false)
        for record in records.map({ Array($0.utf8) }) {
            let a = planned.process(record)
            let b = evaluated.process(record)
            #expect(a.sanitized == b.sanitized, "\(String(decoding: record, as: UTF8.self))")
            #expect(a.violations == b.violations)
        }
    }

    /// The planned walk and the evaluator must apply the same steps to the same values.
    @Test("the plan and the evaluator agree on the example contract", arguments: [true, false])
    func planMatchesEvaluator(assertFormats: Bool) throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Rules/contracts/user.schema.json")
        let schema = try JSONValue(parsing: String(contentsOf: url, encoding: .utf8))
        let options = Contract.Options(assertFormats: assertFormats)
        let planned = try RecordFilter(schema: schema, resources: .init(), options: options, limits: .default, planning: true)
        let evaluated = try RecordFilter(schema: schema, resources: .init(), options: options, limits: .default, planning: false)
        let examples = Fixtures.repositoryRoot.appendingPathComponent("Examples/users.ndjson")
        let lines = try String(contentsOf: examples, encoding: .utf8).split(separator: "\n").map { Array($0.utf8) }
        let extra = [
            #"{"id":"x","name":"  a  ","tags":["  b ","c\u202e"],"address":{"city":" x ","street":7}}"#,
            #"[" not an object "]"#, #"" just a string ""#,
        ].map { Array($0.utf8) }
        for line in lines + extra {
            let a = planned.process(line)
            let b = evaluated.process(line)
            #expect(a.sanitized == b.sanitized)
            #expect(a.violations == b.violations)
        }
    }

    @Test("one workspace reused across records gives what a fresh call gives, record by record")
    func workspaceReuseChangesNothing() throws {
        let filter = try RecordFilter(contractAt: RecordFilterTests.contract)
        let examples = Fixtures.repositoryRoot.appendingPathComponent("Examples/users.ndjson")
        let lines = try String(contentsOf: examples, encoding: .utf8).split(separator: "\n").map { Array($0.utf8) }
        let extra = [
            #"{ "id" : 7 , "name" : " spaced ", "email" : "a@B.example" }"#, "not json", #"{"id":1,"name":"x","email":"x@y.z"}"#,
            #"{"id":2,"name":"","email":"e@f.g"}"#,
        ].map { Array($0.utf8) }
        var workspace = RecordFilter.Workspace()
        var seenInvalid = false
        for line in (lines + extra) + (lines + extra).reversed() {
            let reused = line.withUnsafeBytes { filter.process($0, in: &workspace) }
            let fresh = filter.process(line)
            #expect(reused.sanitized == fresh.sanitized)
            #expect(reused.violations == fresh.violations)
            if !fresh.isValid { seenInvalid = true }
        }
        #expect(seenInvalid)
    }
}

@Suite("RecordFilter normalization")
struct RecordFilterNormalizationTests {
    /// `"e\u0301"` and `"é"` are equal as Swift strings (canonical equivalence), but not as
    /// bytes: the filter must write the normalized bytes.
    @Test("nfc rewrites a decomposed value even though Swift calls the two strings equal")
    func nfcChangesBytes() throws {
        let filter = try RecordFilter.policy(fromJSON: #"{"stringSteps":["nfc"]}"#)
        let outcome = filter.process(Array("{\"a\":\"Jose\u{0301}\"}".utf8))
        #expect(outcome.sanitized == Array("{\"a\":\"Jos\u{00E9}\"}".utf8))
    }
}
