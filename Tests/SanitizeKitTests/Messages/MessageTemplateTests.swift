import Testing

@testable import SanitizeKit

@Suite("Message placeholders: allowlist, checks and limits")
struct MessageTemplateTests {
    @Test(
        "field values: only the allowed set, 1 to 64 bytes",
        arguments: [
            ("email", true), ("items[0].qty", true), ("/data/attributes/title", true), ("first_name", true),
            (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false), ("", false),
            ("first name", false), ("<b>", false), ("a\u{202E}b", false), ("a\nb", false), ("naïve", false),
            ("a&b", false), ("\"quoted\"", false), ("a'b", false), ("x;DROP", false),
        ])
    func fieldValues(value: String, shown: Bool) {
        let text = MessageValues(field: value).text(for: .field)
        #expect((text != nil) == shown)
        if shown { #expect(text == value) }
    }

    @Test(
        "request ids: only the allowed set, 1 to 64 bytes",
        arguments: [
            ("req_8f3a-19", true), ("00-4bf92f3577b34da6-00f067aa0ba902b7-01", true), ("a:b.c", true),
            ("a/b", false), ("a b", false), (String(repeating: "f", count: 65), false), ("id\r\nX: y", false),
        ])
    func requestIds(value: String, shown: Bool) {
        #expect((MessageValues(requestId: value).text(for: .requestId) != nil) == shown)
    }

    @Test(
        "retry-after: whole seconds up to a year, minutes rounded up",
        arguments: [
            (1, "1", "1"), (60, "60", "1"), (61, "61", "2"), (31_536_000, "31536000", "525600"),
        ])
    func retryAfter(seconds: Int, text: String, minutes: String) {
        let values = MessageValues(retryAfterSeconds: seconds)
        #expect(values.text(for: .retryAfter) == text)
        #expect(values.text(for: .retryAfterMinutes) == minutes)
    }

    @Test("retry-after out of range is absent (0 means now: no wait to show)", arguments: [-1, 0, 31_536_001, Int.max])
    func retryAfterOutOfRange(seconds: Int) {
        #expect(MessageValues(retryAfterSeconds: seconds).text(for: .retryAfter) == nil)
    }

    @Test("status outside 100...599 is absent")
    func statusRange() {
        #expect(MessageValues(status: 404).text(for: .status) == "404")
        #expect(MessageValues(status: 99).text(for: .status) == nil)
        #expect(MessageValues(status: 600).text(for: .status) == nil)
    }

    @Test(
        "template syntax",
        arguments: [
            ("Plain.", true), ("Wait {retryAfter} s.", true), ("Braces {{ and }} stay.", true),
            ("{field}{status}", true),
            ("Unknown {user}.", false), ("Open { only.", false), ("Close } only.", false), ("{}", false), ("{", false),
            ("Tab\there.", false), ("Zero\u{200B}width.", false), ("RTL mark \u{200F}.", false),
            (String(repeating: "x", count: 1025), false),
        ])
    func syntax(text: String, valid: Bool) {
        #expect((try? MessageTemplate(parsing: text)) != nil || !valid)
        #expect((try? MessageTemplate(parsing: text)) == nil || valid)
    }

    @Test("rendering fills checked values and literal braces")
    func rendering() throws {
        let template = try MessageTemplate(parsing: "{{{field}}} ({status})")
        #expect(template.render(MessageValues(status: 422, field: "age")) == "{age} (422)")
        #expect(template.render(MessageValues(status: 422, field: "a b")) == nil)
        #expect(template.render(MessageValues(field: "age")) == nil)
    }

    @Test("every placeholder name is accepted by the template parser", arguments: MessagePlaceholder.allCases)
    func allowlist(placeholder: MessagePlaceholder) throws {
        let template = try MessageTemplate(parsing: "x {\(placeholder.rawValue)}")
        #expect(template.segments == [.literal("x "), .placeholder(placeholder)])
    }
}
