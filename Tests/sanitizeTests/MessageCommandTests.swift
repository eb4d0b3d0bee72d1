import Foundation
import Testing

@Suite("sanitize message")
struct MessageCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var stdin: String = ""
        var output: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["message", "auth.expired"], output: "Your session has expired. Please sign in again.\n"),
        Case(
            arguments: ["message", "--locale", "es-MX", "--show-code", "auth.expired"],
            output: "code:auth.expired\tTu sesión ha caducado. Inicia sesión de nuevo.\n"),
        Case(
            arguments: ["message", "--locale", "es_ES.UTF-8", "network"],
            output: "No se pudo conectar. Comprueba tu conexión a internet y vuelve a intentarlo.\n"),
        Case(
            arguments: ["message", "--show-code", "--status", "404", "E_UNKNOWN"],
            output: "status:404\tWe could not find what you were looking for.\n"),
        Case(
            arguments: ["message", "--show-code", "--locale", "und", "E_UNKNOWN"],
            output: "fallback\tSomething went wrong. Please try again.\n"),
        Case(
            arguments: ["message", "--show-code", "--status", "403", "--content-type", "application/problem+json"],
            stdin:
                #"{"type":"https://example.com/probs/out-of-credit","title":"You do not have enough credit.","detail":"Your current balance is 30, but that costs 50."}"#,
            output: "problem-type:https://example.com/probs/out-of-credit\tYou do not have enough credit for this.\n"),
        Case(
            arguments: ["message", "--status", "500"],
            stdin:
                #"{"code":"E42","message":"ERROR: relation \"users\" does not exist at character 15","stack":"at db.js:10"}"#,
            output: "Something went wrong on our side. Please try again later.\n"),
        Case(
            arguments: ["message", "--status", "401", "--content-type", "text/html"],
            stdin: #"{"code":"auth.expired"}"#,
            output: "Please sign in to continue.\n"),
        Case(
            arguments: ["message", "--status", "429", "--header", "Retry-After: 45", "--locale", "es"],
            output: "Demasiadas solicitudes. Vuelve a intentarlo en 45 segundos.\n"),
        Case(
            arguments: ["message", "--show-code", "--code-field", "meta.err"],
            stdin: #"{"meta":{"err":"rate-limited"},"code":"not-found"}"#,
            output: "code:rate-limited\tToo many requests. Please wait a moment and try again.\n"),
        Case(
            arguments: ["message", "--show-code", "--status", "400", "--max-body-bytes", "10"],
            stdin: #"{"code":"not-found"}"#,
            output: "status:400\tThe request could not be completed. Please check the information and try again.\n"),
        Case(arguments: ["message"], stdin: "", output: "Something went wrong. Please try again.\n"),
    ]

    @Test("prints one predefined message line and exits 0", arguments: cases)
    func prints(testCase: Case) throws {
        let run = try SanitizeProcess.run(testCase.arguments, input: testCase.stdin)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output == testCase.output)
        #expect(run.stderr.isEmpty)
    }

    @Test("a body larger than the pipe buffer is bounded, not parsed, and does not hang")
    func hugeBody() throws {
        let body = #"{"code":"not-found","pad":""# + String(repeating: "x", count: 4 << 20) + "\"}"
        let run = try SanitizeProcess.run(["message", "--status", "503", "--show-code"], input: body)
        #expect(run.status == 0)
        #expect(run.output == "status:503\tThe service is temporarily unavailable. Please try again later.\n")
    }

    @Test("--catalog reads the repository's Rules/messages")
    func repositoryCatalog() throws {
        let directory = Fixtures.repositoryRoot.appendingPathComponent("Rules/messages").path
        let run = try SanitizeProcess.run(["message", "--catalog", directory, "--locale", "es", "timeout"])
        #expect(run.status == 0)
        #expect(run.output == "La solicitud tardó demasiado. Vuelve a intentarlo.\n")
    }

    @Test("--catalog with a custom directory and a placeholder")
    func customCatalog() throws {
        let directory = try Self.catalogDirectory([
            "en.json": #"{"locale":"en","fallback":"Oops.","codes":{"E42":["Check {field}.","Check your input."]}}"#
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try SanitizeProcess.run(
            ["message", "--catalog", directory.path, "--status", "400"], input: #"{"code":"E42","field":"email"}"#)
        #expect(run.status == 0)
        #expect(run.output == "Check email.\n")
        let hostile = try SanitizeProcess.run(
            ["message", "--catalog", directory.path], input: #"{"code":"E42","field":"email\u202E or call 555"}"#)
        #expect(hostile.output == "Check your input.\n")
    }

    @Test(
        "a bad catalog exits 2 and names the file and key",
        arguments: [
            (#"{"locale":"en","fallback":"Oops.","codes":{"x":"A.","x":"B."}}"#, "/codes/x", "catalog-duplicate-key"),
            (
                #"{"locale":"en","fallback":"Oops.","codes":{"x":["Hi {name}.","Hi."]}}"#, "/codes/x",
                "catalog-unknown-placeholder"
            ),
            (#"{"locale":"en","codes":{}}"#, "/fallback", "catalog-missing-fallback"),
        ])
    func badCatalog(text: String, pointer: String, code: String) throws {
        let directory = try Self.catalogDirectory(["en.json": text])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try SanitizeProcess.run(["message", "--catalog", directory.path, "x"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("sanitize: \(directory.appendingPathComponent("en.json").path):"))
        #expect(run.stderr.contains(pointer))
        #expect(run.stderr.contains("[\(code)]"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test(
        "usage errors exit 2",
        arguments: [
            ["message", "--status", "700", "x"], ["message", "--header", "no colon", "x"],
            ["message", "--max-body-bytes", "-1", "x"],
            ["message", "--max-body-bytes", "9223372036854775807"],
        ])
    func usage(arguments: [String]) throws {
        let run = try SanitizeProcess.run(arguments)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(!run.stderr.isEmpty)
    }

    static func catalogDirectory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "message-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }
}
