import Foundation
import SanitizeKit
import SanitizeVapor
import Vapor

/// SanitizeVapor: the same for a Vapor route, given its contract with `grouped(_:)`.
func signupRoutes(app: Application) throws {
    let signup = try RecordFilter(contractAt: URL(fileURLWithPath: "signup.schema.json"))
    app.grouped(SanitizingMiddleware(filter: signup, maxBodyBytes: 64 << 10))
        .post("signup") { request in
            request.body.string ?? ""  // sanitized, valid JSON
        }
}
