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

@Suite("Retry-After as an HTTP-date (RFC 9110 §5.6.7, §10.2.3)")
struct HTTPDateTests {
    /// 1994-11-06T08:49:37Z, the instant of RFC 9110's examples.
    static let example = 784_111_777

    @Test(
        "the three formats of RFC 9110 §5.6.7 name the same instant",
        arguments: [
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        ])
    func formats(text: String) {
        #expect(HTTPDate.secondsSince1970(text, now: Self.example) == Self.example)
    }

    @Test(
        "other instants",
        arguments: [
            ("Thu, 01 Jan 1970 00:00:00 GMT", 0), ("Tue, 29 Feb 2000 23:59:59 GMT", 951_868_799),
            ("Fri, 31 Dec 2038 00:00:00 GMT", 2_177_366_400),
        ])
    func instants(text: String, seconds: Int) {
        #expect(HTTPDate.secondsSince1970(text, now: 0) == seconds)
    }

    @Test(
        "not HTTP-dates",
        arguments: [
            "", "30", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49 GMT", String(repeating: "Sun, ", count: 20),
        ])
    func rejected(text: String) {
        #expect(HTTPDate.secondsSince1970(text, now: Self.example) == nil)
    }

    @Test(
        "a Retry-After date becomes a wait counted from the mapper's clock",
        arguments: [
            ("Sun, 06 Nov 1994 08:50:07 GMT", "Too many requests. Please try again in 30 seconds."),
            ("Sun Nov  6 08:49:39 1994", "Too many requests. Please try again in 2 seconds."),
            ("Sun, 06 Nov 1994 08:49:37 GMT", "Too many requests. Please wait a moment and try again."),
            ("Sat, 05 Nov 1994 08:49:37 GMT", "Too many requests. Please wait a moment and try again."),
        ])
    func retryAfterDate(header: String, text: String) {
        let mapper = ServerErrorMapper(clock: { Self.example })
        let message = mapper.message(
            status: 429, headers: ["Retry-After": header], body: [UInt8](), contentType: nil, locale: "en")
        #expect(message.text == text)
    }
}
