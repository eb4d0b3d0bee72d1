import Foundation
import Testing

@testable import SanitizeKit

/// Property: whatever a server body holds, the message is a catalog template filled only with
/// allowlisted values, and no text of the server's own reaches it.
@Suite("Server error mapper: hostile bodies never leak")
struct HostileBodyTests {
    /// Server texts that must never be shown. Each holds a space or a character outside every
    /// placeholder's character set, so none could pass as a field name or request id.
    static let secrets = [
        #"ERROR: syntax error at or near "DROP" LINE 1: SELECT * FROM users WHERE id='1' OR '1'='1'"#,
        "ORA-00933: SQL command not properly ended",
        "SQLSTATE[23000]: Integrity constraint violation: 1062 Duplicate entry 'admin@corp.example' for key 'email'",
        "duplicate key value violates unique constraint \"users_pkey\"",
        "Traceback (most recent call last):\n  File \"/srv/app/views.py\", line 42, in handler",
        "java.lang.NullPointerException\n\tat com.corp.billing.Invoice.total(Invoice.java:87)",
        "at Object.<anonymous> (/home/deploy/api/server.js:17:11)",
        "<script>alert(document.cookie)</script>",
        "<html><body><h1>502 Bad Gateway</h1><hr>nginx/1.18.0 (Ubuntu)</body></html>",
        "password=hunter2 api_key=sk_live_51HxSECRET",
        "connect ECONNREFUSED 10.0.3.17:5432",
        "Warning: mysqli_connect(): Access denied for user 'root'@'localhost' (using password: YES)",
        "Please call +1 555 0100 to verify your account",
        "\u{202E}gpj.exe evil\u{202C} with bidi override",
        "click <a href=\"https://evil.example/login\">here</a> to re-authenticate",
    ]

    /// Distinctive fragments, any of which in a message would show a leak.
    static let fragments = [
        "syntax error", "DROP", "ORA-", "SQLSTATE", "Duplicate entry", "unique constraint", "Traceback", "views.py",
        "NullPointer", "Invoice", "server.js", "<script", "nginx", "hunter2", "sk_live", "ECONNREFUSED", "10.0.3.17",
        "mysqli", "root", "555", "gpj", "evil", "href", "<", ">", "\u{202E}",
    ]

    static let textKeys = [
        "message", "detail", "title", "error_description", "description", "msg", "reason", "error", "errors", "code",
        "field", "requestId", "type", "trace", "stack", "exception", "hint",
    ]

    /// Builds one hostile body from the generator: JSON of several shapes, problem+json,
    /// HTML, plain text, truncated or corrupted bytes.
    static func hostileBody(_ generator: inout SeededGenerator) -> (body: [UInt8], contentType: String?, status: Int?) {
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        func jsonString(_ text: String) -> String {
            let data = try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
            let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
            return String(array.dropFirst().dropLast())
        }
        var members: [String] = []
        for _ in 0..<(1 + Int(generator.next() % 6)) {
            let key = pick(textKeys)
            let value: String
            switch generator.next() % 6 {
            case 0: value = jsonString(pick(secrets))
            case 1:
                value =
                    "{\"code\":\(jsonString(pick(["auth.expired", pick(secrets)]))),\"message\":\(jsonString(pick(secrets)))}"
            case 2: value = "[{\"field\":\(jsonString(pick(secrets))),\"detail\":\(jsonString(pick(secrets)))}]"
            case 3:
                value = jsonString(
                    pick(["not-found", "rate-limited", "validation.field", "https://example.com/probs/out-of-credit"]))
            case 4: value = String(generator.next() % 100_000)
            default: value = "{\"stack\":[\(jsonString(pick(secrets))),\(jsonString(pick(secrets)))]}"
            }
            members.append("\(jsonString(key)):\(value)")
        }
        let json = "{" + members.joined(separator: ",") + "}"
        let status = pick([nil, 400, 401, 403, 404, 409, 418, 422, 429, 500, 502, 503, 599, 200])
        switch generator.next() % 8 {
        case 0: return (Array(pick(secrets).utf8), pick([nil, "text/plain", "text/html"]), status)
        case 1: return (Array("<html><body>\(pick(secrets))<pre>\(json)</pre></body></html>".utf8), "text/html", status)
        case 2:
            let bytes = Array(json.utf8)
            return (Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count)))), "application/json", status)
        case 3:
            var bytes = Array(json.utf8)
            for _ in 0..<3 {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            return (bytes, "application/problem+json", status)
        default:
            return (
                Array(json.utf8),
                pick([nil, "application/json", "application/problem+json; charset=utf-8", "text/plain"]), status
            )
        }
    }

    /// Every text the catalog can produce, as patterns: literals, and placeholders as their sets.
    static let templatePatterns: [NSRegularExpression] = {
        var patterns: [NSRegularExpression] = []
        for messages in MessageCatalog.builtIn.byLocale.values {
            var entries = [messages.fallback]
            entries += Array(messages.codes.values) + Array(messages.statuses.values)
            entries += Array(messages.statusClasses.values) + Array(messages.problemTypes.values)
            for template in entries.flatMap(\.alternatives) {
                var pattern = "^"
                for segment in template.segments {
                    switch segment {
                    case .literal(let text): pattern += NSRegularExpression.escapedPattern(for: text)
                    case .placeholder(.field): pattern += #"[A-Za-z0-9_.\-\[\]/]{1,64}"#
                    case .placeholder(.requestId): pattern += #"[A-Za-z0-9_.:\-]{1,64}"#
                    case .placeholder: pattern += "[0-9]{1,9}"
                    }
                }
                if let regex = try? NSRegularExpression(pattern: pattern + "$") { patterns.append(regex) }
            }
        }
        return patterns
    }()

    @Test("2,000 generated hostile bodies: only catalog text, never the server's")
    func generatedBodies() {
        var generator = SeededGenerator(seed: 0x5EC2E7)
        let mapper = ServerErrorMapper()
        #expect(Self.templatePatterns.count > 100)
        var kinds: Set<String> = []
        for round in 0..<2_000 {
            let (body, contentType, status) = Self.hostileBody(&generator)
            let locale = ["en", "es-MX", nil, "zz", "es"][round % 5]
            let message = mapper.message(status: status, body: body, contentType: contentType, locale: locale)
            for fragment in Self.fragments {
                #expect(!message.text.contains(fragment), "round \(round): \(message.text)")
            }
            let range = NSRange(message.text.startIndex..., in: message.text)
            #expect(
                Self.templatePatterns.contains { $0.firstMatch(in: message.text, range: range) != nil },
                "round \(round): not a catalog text: \(message.text)")
            #expect(!message.text.isEmpty)
            kinds.insert(message.selectedBy.kind)
        }
        // The generator reaches every step of the lookup order, so the property covers each.
        #expect(kinds == ["problem-type", "code", "status", "fallback"])
    }

    @Test("every secret, in every text member of a problem body, stays out", arguments: secrets)
    func eachSecretInEveryMember(secret: String) throws {
        let object = Dictionary(uniqueKeysWithValues: Self.textKeys.map { ($0, secret) })
        let body = try JSONSerialization.data(withJSONObject: object)
        let message = ServerErrorMapper().message(
            status: 500, body: body, contentType: "application/problem+json", locale: "en")
        #expect(message.selectedBy == .status(500))
        #expect(message.text == "Something went wrong on our side. Please try again later.")
    }
}
