import Foundation
import Hummingbird
import Logging
import SanitizeHummingbird
import SanitizeKit

// One Hummingbird server for the load benchmark: POST /orders collects the body and answers
// 200 with its length. With `--sanitize CONTRACT` the route sits behind SanitizingMiddleware
// (the body the handler collects is then the sanitized one); without it, the bare server.
//
//   LoadServerHummingbird --port 8080 [--sanitize contract.schema.json]
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
        FileHandle.standardError.write(Data("LoadServerHummingbird: [usage] unknown argument '\(argument)'\n".utf8))
        exit(2)
    }
}

/// The body limit of both servers: 1 MiB, the middleware's default.
let maxBodyBytes = 1 << 20
let router = Router()
let handler: @Sendable (Request, BasicRequestContext) async throws -> String = { request, _ in
    let body = try await request.body.collect(upTo: maxBodyBytes)
    return String(body.readableBytes)
}
if let contractPath {
    let filter = try RecordFilter(contractAt: URL(fileURLWithPath: contractPath))
    router.group("orders").add(middleware: SanitizingMiddleware(filter: filter, maxBodyBytes: maxBodyBytes))
        .post(use: handler)
} else {
    router.post("orders", use: handler)
}

let listenPort = port
var logger = Logger(label: "load-server")
logger.logLevel = .error
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: listenPort)),
    onServerRunning: { channel in
        FileHandle.standardOutput.write(Data("listening \(channel.localAddress?.port ?? listenPort)\n".utf8))
    },
    logger: logger)
try await app.runService()
