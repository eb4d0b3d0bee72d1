import Foundation
import SanitizeKit
import SanitizeOpenAPI
import SanitizeYAML

/// The round trip's one document, Tests/OpenAPIRoundTrip/openapi.yaml: the servers' middlewares
/// and the client's `GuardMiddleware` read it, as the generator did.
enum RoundTripDocument {
    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("OpenAPIRoundTrip/openapi.yaml")

    /// The document as JSON.
    static func parsed() throws -> JSONValue { try OpenAPIDocumentFile(contentsOf: url).document }

    /// The document's body contracts, per operation.
    static func contracts() throws -> OpenAPIContracts { try OpenAPIContracts(contentsOf: url) }

    /// The operations that take a request body.
    enum BodyOperation { case createOrder, cancelOrder }

    /// Which body operation a `POST` to `path` is (the document's paths under the `/v1` server).
    static func bodyOperation(path: String) -> BodyOperation? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts == ["", "v1", "orders"] { return .createOrder }
        if parts.count == 5, parts[0] == "", parts[1] == "v1", parts[2] == "orders", parts[4] == "cancel" { return .cancelOrder }
        return nil
    }
}
