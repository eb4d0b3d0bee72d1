import Testing

@testable import SanitizeKit

@Suite("Server error mapper: lookup order, content types, placeholders")
struct ServerErrorMapperTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var status: Int?
        var headers: [String: String] = [:]
        var body: String
        var contentType: String?
        var locale: String = "en"
        var selectedBy: MessageSelector
        var text: String
        var testDescription: String { name }
    }

    static let mapper = ServerErrorMapper()

    static let cases: [Case] = [
        Case(
            name: "RFC 9457 §3 example: the problem type wins over the status",
            status: 403,
            body: #"""
                {"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.",
                 "detail":"Your current balance is 30, but that costs 50.","instance":"/account/12345/msgs/abc",
                 "balance":30,"accounts":["/account/12345","/account/67890"]}
                """#,
            contentType: "application/problem+json",
            selectedBy: .problemType("https://example.com/probs/out-of-credit"),
            text: "You do not have enough credit for this."),
        Case(
            name: "RFC 9457 §3 validation example fills {field} from invalid-params",
            status: 422,
            body: #"""
                {"type":"https://example.net/validation-error","title":"Your request is not valid.",
                 "errors":[{"detail":"must be a positive integer","pointer":"#/age"}],
                 "invalid-params":[{"name":"age","reason":"must be a positive integer"}]}
                """#,
            contentType: "application/problem+json",
            selectedBy: .problemType("https://example.net/validation-error"),
            text: "The value of age is not valid."),
        Case(
            name: "an unknown problem type falls to the code",
            status: 401,
            body: #"{"type":"https://api.example/errors/x","code":"auth.expired","detail":"JWT exp 1700000000 < now"}"#,
            contentType: "application/problem+json",
            selectedBy: .code("auth.expired"),
            text: "Your session has expired. Please sign in again."),
        Case(
            name: "about:blank is ignored, the status decides (RFC 9457 §4.2.1)",
            status: 404, body: #"{"type":"about:blank","title":"Not Found"}"#, contentType: "application/problem+json",
            selectedBy: .status(404), text: "We could not find what you were looking for."),
        Case(
            name: "OAuth 2.0 error string (RFC 6749 §5.2)",
            status: 400, body: #"{"error":"invalid_grant","error_description":"refresh token revoked for user 42"}"#,
            contentType: "application/json;charset=UTF-8",
            selectedBy: .code("invalid_grant"), text: "Your session has expired. Please sign in again."),
        Case(
            name: "nested error.code",
            status: 409,
            body: #"{"error":{"code":"conflict","message":"duplicate key value violates unique constraint"}}"#,
            contentType: "application/json",
            selectedBy: .code("conflict"), text: "This was changed by someone else. Please reload and try again."),
        Case(
            name: "numeric code unknown to the catalog falls to the status",
            status: 500, body: #"{"code":1001,"message":"NullPointerException at Foo.java:12"}"#,
            contentType: "application/json",
            selectedBy: .status(500), text: "Something went wrong on our side. Please try again later."),
        Case(
            name: "status class when the exact status is not listed",
            status: 499, body: "", contentType: nil,
            selectedBy: .statusClass(4),
            text: "The request could not be completed. Please check the information and try again."),
        Case(
            name: "5xx class", status: 599, body: "<html>bad gateway</html>", contentType: "text/html",
            selectedBy: .statusClass(5), text: "Something went wrong on our side. Please try again later."),
        Case(
            name: "HTML is never parsed, even when it looks like JSON",
            status: 401, body: #"{"code":"auth.expired"}"#, contentType: "text/html",
            selectedBy: .status(401), text: "Please sign in to continue."),
        Case(
            name: "no content type: a body starting with { is parsed",
            status: 400, body: "  {\"code\":\"validation.failed\"}", contentType: nil,
            selectedBy: .code("validation.failed"),
            text: "Some of the information is not valid. Please check it and try again."),
        Case(
            name: "no status: the body's status member is used",
            status: nil, body: #"{"status":503,"detail":"pg_hba.conf rejects 10.0.0.5"}"#,
            contentType: "application/problem+json",
            selectedBy: .status(503), text: "The service is temporarily unavailable. Please try again later."),
        Case(
            name: "no status and nothing readable: the fallback",
            status: nil, body: "Traceback (most recent call last):", contentType: "text/plain",
            selectedBy: .fallback, text: "Something went wrong. Please try again."),
        Case(
            name: "Retry-After delta-seconds fills {retryAfter}",
            status: 429, headers: ["retry-after": " 30 "], body: "", contentType: nil,
            selectedBy: .status(429), text: "Too many requests. Please try again in 30 seconds."),
        Case(
            name: "Retry-After as an HTTP-date in the past: the alternative without a number",
            status: 429, headers: ["Retry-After": "Fri, 31 Dec 1999 23:59:59 GMT"], body: "", contentType: nil,
            selectedBy: .status(429), text: "Too many requests. Please wait a moment and try again."),
        Case(
            name: "retry_after from the body, in minutes for 503",
            status: 503, body: #"{"retry_after":"90"}"#, contentType: "application/json",
            selectedBy: .status(503), text: "The service is unavailable. Please try again in 2 minutes."),
        Case(
            name: "a header wins over the body for Retry-After",
            status: 429, headers: ["Retry-After": "5"], body: #"{"retryAfter":600}"#, contentType: "application/json",
            selectedBy: .status(429), text: "Too many requests. Please try again in 5 seconds."),
        Case(
            name: "a field name with markup is not shown",
            status: 400, body: #"{"code":"validation.field","field":"<img src=x onerror=alert(1)>"}"#,
            contentType: "application/json",
            selectedBy: .code("validation.field"),
            text: "Some of the information is not valid. Please check it and try again."),
        Case(
            name: "a clean field name is shown",
            status: 400, body: #"{"code":"validation.field","errors":[{"field":"items[0].qty"}]}"#,
            contentType: "application/json",
            selectedBy: .code("validation.field"), text: "The value of items[0].qty is not valid."),
        Case(
            name: "Spanish for es-MX",
            status: 429, headers: ["Retry-After": "30"], body: #"{"error":"slow down"}"#,
            contentType: "application/json",
            locale: "es-MX",
            selectedBy: .status(429), text: "Demasiadas solicitudes. Vuelve a intentarlo en 30 segundos."),
        Case(
            name: "Accept-Language list",
            status: 404, body: "", contentType: nil, locale: "fr-CH, fr;q=0.9, es;q=0.8, *;q=0.5",
            selectedBy: .status(404), text: "No encontramos lo que buscas."),
        Case(
            name: "a code from the body beats the status, in Spanish",
            status: 503, body: #"{"errorCode":"maintenance"}"#, contentType: "application/vnd.api+json", locale: "es",
            selectedBy: .code("maintenance"), text: "Estamos en mantenimiento. Vuelve a intentarlo más tarde."),
    ]

    @Test("a response maps to the expected predefined message", arguments: cases)
    func maps(testCase: Case) {
        let message = Self.mapper.message(
            status: testCase.status, headers: testCase.headers, body: Array(testCase.body.utf8),
            contentType: testCase.contentType, locale: testCase.locale)
        #expect(message.selectedBy == testCase.selectedBy)
        #expect(message.text == testCase.text)
    }

    @Test("the code fields are configurable")
    func customCodeFields() {
        let body = Array(#"{"meta":{"err":"auth.expired"},"code":"not-found"}"#.utf8)
        let custom = ServerErrorMapper(codeFields: ["meta.err"])
        #expect(
            custom.message(status: 400, body: body, contentType: "application/json", locale: "en").selectedBy
                == .code("auth.expired"))
        #expect(
            Self.mapper.message(status: 400, body: body, contentType: "application/json", locale: "en").selectedBy
                == .code("not-found"))
    }

    @Test(
        "a generic code without a response",
        arguments: [
            ("network", "en", "Could not connect. Please check your internet connection and try again."),
            ("timeout", "es-AR", "La solicitud tardó demasiado. Vuelve a intentarlo."),
        ])
    func genericCode(code: String, locale: String, text: String) {
        let message = Self.mapper.message(forCode: code, locale: locale)
        #expect(message.text == text)
        #expect(message.selectedBy == .code(code))
    }

    @Test("an unknown code with a status falls to the status")
    func unknownCodeWithStatus() {
        let message = Self.mapper.message(forCode: "E_WEIRD", status: 410, locale: "en")
        #expect(message.selectedBy == .status(410))
        #expect(message.text == "This is no longer available.")
    }

    @Test("a request id header is available to a catalog that shows it")
    func requestIdHeader() throws {
        let text = #"{"locale":"en","fallback":["Failed (ref {requestId}).","Failed."]}"#
        let catalog = try MessageCatalog(sources: [(fileName: "en.json", bytes: Array(text.utf8))])
        let mapper = ServerErrorMapper(catalog: catalog)
        let good = mapper.message(
            status: 500, headers: ["X-Request-ID": "req_8f3a-19"], body: [UInt8](), contentType: nil, locale: nil)
        #expect(good.text == "Failed (ref req_8f3a-19).")
        let hostile = mapper.message(
            status: 500, headers: ["X-Request-ID": "abc\r\nSet-Cookie: x"], body: [UInt8](), contentType: nil,
            locale: nil)
        #expect(hostile.text == "Failed.")
        let bodyId = mapper.message(
            status: 500, body: Array(#"{"traceId":"00-4bf92f-00f067aa"}"#.utf8), contentType: "application/json",
            locale: nil)
        #expect(bodyId.text == "Failed (ref 00-4bf92f-00f067aa).")
    }

    @Test("ProblemDetails reads type, status and code, and nothing of title or detail")
    func problemDetails() throws {
        let body = Array(
            #"{"type":"https://example.com/probs/out-of-credit","title":"T","detail":"D","status":403,"code":42}"#.utf8)
        let details = try #require(ProblemDetails.parse(body))
        #expect(details.type == "https://example.com/probs/out-of-credit")
        #expect(details.status == 403)
        #expect(details.code == "42")
        #expect(details.values == MessageValues())
        #expect(ProblemDetails.parse(Array("[1,2]".utf8)) == nil)
        #expect(ProblemDetails.parse(Array(#"{"status":"403","type":"about:blank"}"#.utf8)) == ProblemDetails())
    }
}
