import SanitizeKit
import SanitizeVapor
import Vapor

/// What the signup route decodes.
struct VaporSignup: Content {
    var email: String
}

/// One route, its own contract.
func vaporSignupRoute(app: Application, signup: RecordFilter) {
    app.grouped(SanitizingMiddleware(filter: signup, maxBodyBytes: 64 << 10)).post("signup") { req in
        try req.content.decode(VaporSignup.self)  // sanitized, valid JSON
    }
}
