import Foundation
import Logging
import SanitizeKit
import SanitizeVapor
import Vapor

// One Vapor server for the load benchmark: POST /orders collects the body and answers 200
// with its length (as LoadServerHummingbird does). With `--sanitize CONTRACT` the route sits
// behind SanitizeVapor's SanitizingMiddleware (given with grouped(_:), the route-level form; the
// body the route sees is then the sanitized one); without it, the bare server.
//
//   LoadServerVapor --port 8080 [--sanitize contract.schema.json]
//
// Prints "listening PORT" on standard output once it accepts connections.

var port = 8080
var contractPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port": port = arguments.popFirst().flatMap(Int.init) ?? port
    case "--sanitize": contractPath = arguments.popFirst()
    default:
        FileHandle.standardError.write(Data("LoadServerVapor: [usage] unknown argument '\(argument)'\n".utf8))
        exit(2)
    }
}

/// The body limit: 1 MiB, as the Hummingbird server's.
let maxBodyBytes = 1 << 20
// Vapor logs every request at `info` (RouteLoggingMiddleware); the benchmark measures serving, not logging.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .error
    return handler
}
// No command-line arguments for Vapor's own parser: the default command, `serve`.
let app = try await Application.make(Environment(name: "production", arguments: ["LoadServerVapor"]))
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = port
app.routes.defaultMaxBodySize = ByteCount(value: maxBodyBytes)
let routes: any RoutesBuilder
if let contractPath {
    let filter = try RecordFilter(contractAt: URL(fileURLWithPath: contractPath))
    routes = app.grouped(SanitizingMiddleware(filter: filter, maxBodyBytes: maxBodyBytes))
} else {
    routes = app
}
routes.on(.POST, "orders", body: .collect(maxSize: ByteCount(value: maxBodyBytes))) { request async throws -> String in
    String(request.body.data?.readableBytes ?? 0)
}
try await app.startup()
FileHandle.standardOutput.write(Data("listening \(app.http.server.configuration.port)\n".utf8))
try await app.running?.onStop.get()
try await app.asyncShutdown()
