import SanitizeKit
import SanitizeYAML
import Testing
import TestSupport

/// `format: time` in an OpenAPI 3.0 document is an unknown format, an annotation (OAS 3.0.3
/// §4.4 defines no `time`, nor does draft-04); 3.1 (2020-12) asserts RFC 3339 `full-time`.
struct OpenAPIFormatTests {
    @Test(arguments: ["17:00:00", "17:00:00Z", "17:00:00+02:00", "25:99:00", "five o'clock"])
    func timeIsAnAnnotationIn30(_ time: String) throws {
        let task = try Contract(openAPI: try OpenAPIDocumentFileTests.tasksDocument(), component: "Task")
        let instance = JSONValue.object([.init("gid", .string("1")), .init("name", .string("a")), .init("reminder_time", .string(time))])
        #expect(task.validate(instance.jsonText).isValid)
        // Still a string: the type applies.
        #expect(!task.validate(#"{"gid":"1","name":"a","reminder_time":1700}"#).isValid)
        // The 3.0 formats it does define are asserted.
        #expect(!task.validate(#"{"gid":"1","name":"a","due_on":"2024-02-30"}"#).isValid)
    }

    @Test(arguments: [("17:00:00", false), ("17:00:00Z", true), ("17:00:00+02:00", true), ("25:00:00Z", false)])
    func timeIsRFC3339In31(_ time: String, _ valid: Bool) throws {
        let document = try JSONValue(
            parsing: #"{"openapi":"3.1.0","info":{"title":"t","version":"1"},"components":{"schemas":{"T":{"type":"string","format":"time"}}}}"#)
        #expect(try Contract(openAPI: document, component: "T").validate(JSONValue.string(time).jsonText).isValid == valid)
    }
}
