import Foundation
import SanitizeKit
import SanitizeOpenAPI
import TestSupport
import Testing

/// The round trip's document, read by a tool we did not write and by our own reader.
@Suite("The round trip's OpenAPI document", .integration)
struct RoundTripDocumentTests {
    @Test func openAPISpecValidatorAcceptsIt() throws {
        let script = """
            import sys
            from openapi_spec_validator import validate
            from openapi_spec_validator.readers import read_from_filename
            spec, _ = read_from_filename(sys.argv[1])
            validate(spec)
            print(spec["openapi"])
            """
        let run = try ExternalTool.run("python3", ["-c", script, RoundTripDocument.url.path])
        #expect(run.status == 0, "openapi-spec-validator (scripts/test installs it) refused the document: \(run.stderr)")
        #expect(run.output == "3.1.0\n")
    }

    @Test func everyOperationIsReadWithItsBodies() throws {
        let contracts = try RoundTripDocument.contracts()
        #expect(contracts.operationIDs == ["cancelOrder", "createOrder", "getOrder", "listOrders"])
        #expect(contracts.requestContract(operationID: "createOrder", contentType: "application/json") != nil)
        #expect(contracts.requestContract(operationID: "cancelOrder", contentType: "application/json") != nil)
        #expect(contracts.responseContract(operationID: "getOrder", status: 200, contentType: "application/json") != nil)
        #expect(
            contracts.responseContract(operationID: "createOrder", status: 422, contentType: "application/problem+json") != nil)
        #expect(contracts.responseContract(operationID: "listOrders", status: 200, contentType: "application/json") != nil)
    }
}
