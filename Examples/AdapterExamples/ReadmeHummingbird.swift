import Foundation
import Hummingbird
import SanitizeHummingbird
import SanitizeKit

/// SanitizeHummingbird: bodies sanitized and validated before the handler; 413/415/422 problem+json.
func signupRouter() throws -> Router<BasicRequestContext> {
    let router = Router()
    let signup = try RecordFilter(contractAt: URL(fileURLWithPath: "signup.schema.json"))
    router.group("signup")
        .add(middleware: SanitizingMiddleware(filter: signup, maxBodyBytes: 64 << 10))
        .post { request, context in
            try await request.body.collect(upTo: 64 << 10)  // sanitized, valid JSON
        }
    return router
}
