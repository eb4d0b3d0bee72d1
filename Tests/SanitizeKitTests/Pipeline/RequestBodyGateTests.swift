import Foundation
import Testing

@testable import SanitizeKit

/// The decision both server middlewares share (`SanitizeHummingbird`, `SanitizeVapor`).
@Suite struct RequestBodyGateTests {
    static let schema = #"""
        {"type": "object", "required": ["name"], "additionalProperties": false,
         "properties": {"name": {"type": "string", "maxLength": 5, "x-sanitize": ["trim"]},
                        "token": {"type": "string", "writeOnly": true, "minLength": 4}}}
        """#

    static func gate(limit: Int = 64) throws -> RequestBodyGate {
        RequestBodyGate(
            filter: try RecordFilter(schema: JSONValue(parsing: schema)), maxBodyBytes: limit,
            mapper: ServerErrorMapper())
    }

    @Test("a collector keeps bytes up to the limit, then drops them and counts the drain")
    func collector() {
        var collector = RequestBodyGate.Collector(limit: 10)
        #expect(collector.append([UInt8](repeating: 1, count: 6)) == .more)
        #expect(collector.append([UInt8](repeating: 2, count: 4)) == .more)  // exactly the limit
        #expect(collector.bytes.count == 10 && !collector.isTooLarge)
        #expect(collector.append([3]) == .passedLimit)
        #expect(collector.isTooLarge && collector.bytes.isEmpty)
        #expect(collector.append([UInt8](repeating: 4, count: 100)) == .more)
        #expect(collector.drained == 100)
        #expect(collector.append([UInt8](repeating: 5, count: RequestBodyGate.drainLimit)) == .stop)
    }

    @Test(
        "JSON media types, parameters and case ignored",
        arguments: [
            ("application/json", true), ("Application/JSON; charset=utf-8", true),
            (" application/json ;x=1", true),
            ("application/problem+json", true), ("application/vnd.api+json", true), ("text/plain", false),
            ("application/jsonx", false), ("", false), ("multipart/form-data; boundary=json", false),
            ("\tAPPLICATION/VND.API+JSON\t; q=1", true), ("+json", true), ("json", false), (";application/json", false),
            ("application/json\u{212A}", false), ("appl\u{0130}cation/json", false), ("application/\u{FF4A}son", false),
            ("application /json", false), ("application/json\u{0}", false),
        ])
    func mediaTypes(type: String, isJSON: Bool) {
        #expect(RequestBodyGate.isJSON(type) == isJSON)
        // The byte-wise reading agrees with the string one it replaced (trim, lowercase, compare).
        var media = Substring(type.split(separator: ";", omittingEmptySubsequences: false).first ?? "")
        while media.first == " " || media.first == "\t" { media = media.dropFirst() }
        while media.last == " " || media.last == "\t" { media = media.dropLast() }
        let lowered = media.lowercased()
        #expect(RequestBodyGate.isJSON(type) == (lowered == "application/json" || lowered.hasSuffix("+json")))
    }

    @Test("Content-Length past the limit is refused up front; garbage is left to the read")
    func declaredLength() throws {
        let gate = try Self.gate(limit: 100)
        #expect(gate.declaresTooMuch("101"))
        #expect(!gate.declaresTooMuch("100"))
        #expect(!gate.declaresTooMuch(nil))
        #expect(!gate.declaresTooMuch("-5"))
        #expect(!gate.declaresTooMuch("99999999999999999999999"))  // not an Int: the read enforces the limit
    }

    @Test("verdicts: pass through, forward sanitized, 415, 422 with codes and schema paths only, 413")
    func verdicts() throws {
        let gate = try Self.gate(limit: 512)
        guard case .passThrough = gate.decide(method: "GET", contentType: nil, body: [], locale: nil)
        else {
            Issue.record("an empty GET is passed through")
            return
        }
        guard
            case .forward(let sanitized) = gate.decide(
                method: "POST", contentType: "application/json", body: Array(#"{"name": " Ada "}"#.utf8),
                locale: nil)
        else {
            Issue.record("a valid body is forwarded")
            return
        }
        #expect(sanitized == Array(#"{"name":"Ada"}"#.utf8))
        // A clean body passes as received: nothing to copy.
        guard
            case .forwardAsReceived = gate.decide(
                method: "POST", contentType: "application/json", body: Array(#"{"name":"Ada"}"#.utf8), locale: nil)
        else {
            Issue.record("a clean valid body is forwarded as received")
            return
        }
        guard
            case .reject(let unsupported) = gate.decide(
                method: "POST", contentType: "text/plain", body: [0x7B], locale: nil)
        else {
            Issue.record("text/plain is refused")
            return
        }
        #expect(unsupported.status == .unsupportedMediaType)
        let secret = "SECRET-\(UUID().uuidString)"
        guard
            case .reject(let invalid) = gate.decide(
                method: "POST", contentType: nil,
                body: Array(#"{"name": "toolong", "token": "\#(secret)", "\#(secret)": 1}"#.utf8),
                locale: "es")
        else {
            Issue.record("an invalid body is refused")
            return
        }
        #expect(invalid.status == .unprocessableContent)
        #expect(RequestBodyGate.Problem.contentType == "application/problem+json")
        let text = String(decoding: invalid.body, as: UTF8.self)
        #expect(!text.contains("SECRET"))
        let problem = try #require(
            try JSONSerialization.jsonObject(with: Data(invalid.body)) as? [String: Any])
        #expect(problem["status"] as? Int == 422)
        #expect(problem["code"] as? String == "validation.failed")
        #expect(
            problem["title"] as? String
                == ServerErrorMapper().message(forCode: "validation.failed", status: 422, locale: "es").text
        )
        let errors = try #require(problem["errors"] as? [[String: String]])
        #expect(Set(errors.compactMap { $0["code"] }) == ["max-length", "additional-properties"])
        #expect(errors.allSatisfy { Set($0.keys) == ["code", "schemaPath"] })
        #expect(
            invalid.contentLanguage
                == ServerErrorMapper().message(forCode: "validation.failed", status: 422, locale: "es")
                .locale)
        let tooLarge = gate.decide(
            method: "POST", contentType: nil, body: [UInt8](repeating: 0x20, count: 513), locale: nil)
        guard case .reject(let large) = tooLarge else {
            Issue.record("a body past the limit is refused")
            return
        }
        #expect(large.status == .contentTooLarge)
    }
}
