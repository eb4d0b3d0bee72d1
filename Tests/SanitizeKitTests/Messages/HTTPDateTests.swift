import Testing

@testable import SanitizeKit

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
