import Foundation
import OpenAPIRoundTrip
import SanitizeKit
import SanitizeOpenAPI
import TestSupport
import Testing

/// The generated client and server of Tests/OpenAPIRoundTrip/openapi.yaml talking over loopback
/// HTTP, the server on Hummingbird and on Vapor, our middlewares on both sides reading the same
/// document: the server's (SanitizeHummingbird, SanitizeVapor) in front of the generated
/// handlers, `GuardMiddleware` in the client.
@Suite("OpenAPI round trip: generated client and server through our middlewares", .integration, .serialized)
struct RoundTripTests {
    /// What a customer sends: a card payment, and a note the server's `x-sanitize` steps clean.
    static let newOrder = Components.Schemas.Order(
        customerEmail: "ada@example.com",
        lines: [.init(sku: "ABC-1234", quantity: 2), .init(sku: "XYZ-0042", quantity: 1)],
        payment: .card(.init(method: .card, cardNumber: "4242424242424242")),
        note: "  Leave at the door\u{7} ")

    @Test("a valid order is created, read, listed and cancelled", arguments: RoundTripServer.allCases)
    func validCalls(server: RoundTripServer) async throws {
        let service = OrdersService()
        try await server.run(service) { base in
            let client = try RoundTripClient.guarded(base)
            let created = try await client.createOrder(body: .json(Self.newOrder)).created.body.json
            let id = try #require(created.id)
            #expect(id.wholeMatch(of: /ord_[0-9]{8}/) != nil)
            #expect(created.status == .pending)
            #expect(created.payment == .card(.init(method: .card, last4: "4242")))

            let bank = Components.Schemas.Order(
                customerEmail: "grace@example.com", lines: [.init(sku: "DEF-5678", quantity: 99)],
                payment: .bankTransfer(.init(method: .bankTransfer, iban: "DE89370400440532013000")))
            let second = try await client.createOrder(body: .json(bank)).created.body.json
            #expect(second.payment == bank.payment)

            #expect(try await client.getOrder(path: .init(orderId: id)).ok.body.json == created)
            let page = try await client.listOrders(query: .init(limit: 10)).ok.body.json
            #expect(page.orders.map(\.id) == [second.id, id])
            let cancelled = try await client.cancelOrder(path: .init(orderId: id), body: .json(.init(reason: .customerRequest)))
                .ok.body.json
            #expect(cancelled.status == .cancelled)
            let missing = try await client.getOrder(path: .init(orderId: "ord_00000999")).notFound.body.applicationProblemJson
            #expect(missing.status == 404)
        }
        // The server's middleware hands on the body its steps sanitized (trim, strip-controls).
        #expect(service.received.map(\.note) == ["Leave at the door", nil])
        #expect(service.received.first?.payment == Self.newOrder.payment)
    }

    @Test("an invalid request body: the client refuses to send it, the server answers 422 with the violation's pointer",
          arguments: RoundTripServer.allCases)
    func invalidRequestBody(server: RoundTripServer) async throws {
        var order = Self.newOrder
        order.lines[1].quantity = 0  // minimum: 1
        let service = OrdersService()
        try await server.run(service) { base in
            // The guarded client stops it before anything is sent.
            let error = await #expect(throws: (any Error).self) {
                try await RoundTripClient.guarded(base).createOrder(body: .json(order))
            }
            let refusal = try #require(error.flatMap(RoundTripClient.guardError))
            #expect(refusal.code == "request-invalid" && refusal.operationID == "createOrder")
            #expect(refusal.violations.map(\.instanceLocation) == ["/lines/1/quantity"])
            #expect(refusal.violations.map(\.code.rawValue) == ["minimum"])
            // The error the client throws does not show the writeOnly card number the body
            // carries: not in our refusal, nor in the runtime's `ClientError` around it, which
            // would show the operation's input and the request's headers.
            for text in RoundTripDirectionTests.texts(of: try #require(error)) {
                #expect(!text.contains("4242424242424242"), "\(text)")
            }
            #expect(service.received.isEmpty)

            // Sent anyway, the server's middleware refuses it before the handler runs.
            let output = try await RoundTripClient.unchecked(base).createOrder(body: .json(order))
            let problem = try output.unprocessableContent.body.applicationProblemJson
            #expect(problem.status == 422 && problem.code == "validation.failed")
            #expect(problem.errors?.map(\.code) == ["minimum"])
            #expect(problem.errors?.map(\.schemaPath) == ["/properties/lines/items/$ref/properties/quantity/minimum"])
            #expect(service.received.isEmpty)
        }
    }

    @Test("an invalid response body: the generated client alone takes it, GuardMiddleware refuses it",
          arguments: RoundTripServer.allCases)
    func invalidResponseBody(server: RoundTripServer) async throws {
        try await server.run(OrdersService()) { base in
            let path = Operations.GetOrder.Input.Path(orderId: OrdersService.brokenID)
            let taken = try await RoundTripClient.unchecked(base).getOrder(path: path).ok.body.json
            #expect(taken.lines.map(\.quantity) == [0])

            await #expect {
                try await RoundTripClient.guarded(base).getOrder(path: path)
            } throws: { error in
                let refusal = RoundTripClient.guardError(error)
                return refusal?.operationID == "getOrder" && refusal?.code == "response-invalid"
                    && refusal?.violations.map(\.instanceLocation) == ["/lines/0/quantity"]
                    && refusal?.violations.map(\.code.rawValue) == ["minimum"]
            }
        }
    }
}
