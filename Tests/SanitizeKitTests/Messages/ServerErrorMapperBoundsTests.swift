import Testing

@testable import SanitizeKit

@Suite("Server error mapper: malformed and huge bodies")
struct ServerErrorMapperBoundsTests {
    static let mapper = ServerErrorMapper()

    @Test("a body over the inspection bound is not parsed: the status decides")
    func hugeBody() {
        let padding = String(repeating: " ", count: 70_000)
        let body = Array(#"{"code":"auth.expired","pad":"\#(padding)"}"#.utf8)
        let message = Self.mapper.message(status: 400, body: body, contentType: "application/json", locale: "en")
        #expect(message.selectedBy == .status(400))
        let small = Array(#"{"code":"auth.expired"}"#.utf8)
        #expect(
            Self.mapper.message(status: 400, body: small, contentType: "application/json", locale: "en").selectedBy
                == .code("auth.expired"))
    }

    @Test("the inspection bound is configurable")
    func configurableBound() {
        let body = Array(#"{"code":"auth.expired"}"#.utf8)
        let tight = ServerErrorMapper(limits: MessageLimits(maxBodyBytes: 10))
        #expect(
            tight.message(status: 401, body: body, contentType: "application/json", locale: "en").selectedBy
                == .status(401))
    }

    @Test(
        "malformed bodies fall back to the status, without a crash",
        arguments: [
            [UInt8](repeating: UInt8(ascii: "{"), count: 50_000),
            [UInt8](repeating: UInt8(ascii: "["), count: 60_000),
            Array(#"{"code":"auth.expired""#.utf8),
            Array(#"{"code":"\ud800"}"#.utf8),
            [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D],
            Array(#"{"code":{"code":{"code":"x"}}}"#.utf8),
            Array(#"{"code":"auth.expired","code":"not-found"}"#.utf8),
            Array("{\"code\":\"auth.expired\u{0}\"}".utf8),
            [],
        ])
    func malformed(body: [UInt8]) {
        let message = Self.mapper.message(status: 502, body: body, contentType: "application/json", locale: "en")
        #expect(message.selectedBy == .status(502))
        #expect(message.text == "The service could not be reached. Please try again later.")
    }

    @Test("an over-long or control-laden code is ignored")
    func longCode() {
        let long = String(repeating: "a", count: 129)
        let body = Array(#"{"code":"\#(long)","error":"not-found"}"#.utf8)
        let message = Self.mapper.message(status: 400, body: body, contentType: "application/json", locale: "en")
        #expect(message.selectedBy == .code("not-found"))
    }
}
