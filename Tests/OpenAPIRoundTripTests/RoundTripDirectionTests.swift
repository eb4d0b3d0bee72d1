import Foundation
import OpenAPIRoundTrip
import SanitizeKit
import SanitizeOpenAPI
import TestSupport
import Testing

/// `readOnly` and `writeOnly` in the round trip. The document is OpenAPI 3.1, whose Schema
/// Objects are JSON Schema 2020-12: there the two keywords are annotations whose meaning the
/// middlewares' directions enforce (`Contract.Direction`): the server's middleware checks
/// request bodies (a `readOnly` value is refused), `GuardMiddleware` checks responses as
/// responses (a `writeOnly` value is refused), and a `writeOnly` value never appears in an error.
@Suite("OpenAPI round trip: readOnly and writeOnly", .integration, .serialized)
struct RoundTripDirectionTests {
    @Test("a readOnly property sent in a request", arguments: RoundTripServer.allCases)
    func readOnlyInRequest(server: RoundTripServer) async throws {
        var order = RoundTripTests.newOrder
        order.id = "ord_chosen01"
        order.status = .shipped
        let service = OrdersService()
        try await server.run(service) { base in
            await #expect {
                try await RoundTripClient.guarded(base).createOrder(body: .json(order))
            } throws: { error in
                RoundTripClient.guardError(error)?.violations.map(\.code.rawValue).contains("read-only") == true
            }
            // Sent anyway, the server's middleware refuses it with a 422 pointing at the keyword,
            // and the handler never sees it.
            let output = try await RoundTripClient.unchecked(base).createOrder(body: .json(order))
            let problem = try output.unprocessableContent.body.applicationProblemJson
            #expect(problem.errors?.map(\.schemaPath).contains("/properties/id/readOnly") == true)
            #expect(service.received.isEmpty)
        }
    }

    @Test("a writeOnly property returned in a response", arguments: RoundTripServer.allCases)
    func writeOnlyInResponse(server: RoundTripServer) async throws {
        try await server.run(OrdersService()) { base in
            let path = Operations.GetOrder.Input.Path(orderId: OrdersService.leakingID)
            await #expect {
                try await RoundTripClient.guarded(base).getOrder(path: path)
            } throws: { error in
                let refusal = RoundTripClient.guardError(error)
                return refusal?.code == "response-invalid"
                    // The card is a branch of the discriminated `oneOf`: the branch fails on its
                    // writeOnly value, and the oneOf's reason names it.
                    && refusal?.violations.contains { $0.code.rawValue == "write-only" || $0.message.contains("[write-only]") } == true
                    && !Self.texts(of: error).contains { $0.contains(OrdersService.leakedCardNumber) }
            }
        }
    }

    @Test("a writeOnly value that breaks its own pattern is refused without being shown", arguments: RoundTripServer.allCases)
    func writeOnlyValueNeverShown(server: RoundTripServer) async throws {
        try await server.run(OrdersService()) { base in
            let path = Operations.GetOrder.Input.Path(orderId: OrdersService.malformedLeakID)
            // Without the check the generated client hands the card number to the app.
            let taken = try await RoundTripClient.unchecked(base).getOrder(path: path).ok.body.json
            #expect(taken.payment == .card(.init(method: .card, cardNumber: OrdersService.malformedCardNumber, last4: "0008")))
            let error = await #expect(throws: (any Error).self) {
                try await RoundTripClient.guarded(base).getOrder(path: path)
            }
            let refusal = try #require(error.flatMap(RoundTripClient.guardError))
            #expect(refusal.code == "response-invalid")
            #expect(refusal.violations.contains { $0.instanceLocation.hasPrefix("/payment") })
            let digits = OrdersService.malformedCardNumber.split(separator: " ").map(String.init)
            for text in Self.texts(of: error!) {
                #expect(!text.contains(OrdersService.malformedCardNumber) && !text.contains(digits.joined()), "\(text)")
                #expect(!text.contains(digits[1] + " " + digits[2]), "\(text)")
            }
        }
    }

    /// Every text an error offers: its description, and its violations' messages and descriptions.
    static func texts(of error: any Error) -> [String] {
        var texts = [String(describing: error), "\(error)"]
        if let refusal = RoundTripClient.guardError(error) {
            texts.append(refusal.description)
            texts += refusal.violations.flatMap { [$0.message, $0.description] }
        }
        return texts
    }
}
