// The README's Vapor snippet, compiled by `swift build` so that it cannot rot; nothing here
// runs. Apart from AdapterExamples.swift because both adapters name their middleware
// `SanitizingMiddleware`, and a file sees one.
import Foundation
import SanitizeKit
import SanitizeVapor
import Vapor

/// README: Vapor.
func vaporExample(app: Application) throws {
    let signup = try RecordFilter(contractAt: URL(fileURLWithPath: "signup.schema.json"))
    app.grouped(SanitizingMiddleware(filter: signup, maxBodyBytes: 64 << 10))
        .post("signup") { request in
            request.body.string ?? ""  // sanitized, valid JSON
        }
}
