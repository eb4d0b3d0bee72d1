import Foundation
import OpenAPIRoundTrip
import Synchronization

/// The orders API behind both servers: an in-memory store, plus two order ids whose answers
/// break the document on purpose, so that the client's checks have something to refuse.
final class OrdersService: APIProtocol {
    /// An order whose line has quantity 0 (the document's minimum is 1).
    static let brokenID = "ord_broken01"
    /// An order whose card payment carries its full, `writeOnly` card number.
    static let leakingID = "ord_leaking1"
    /// The card number ``leakingID`` returns.
    static let leakedCardNumber = "4000056655665556"
    /// An order whose card payment carries its full card number, written with spaces (against
    /// the document's pattern): a violation at the `writeOnly` value itself.
    static let malformedLeakID = "ord_leaking2"
    /// The card number ``malformedLeakID`` returns.
    static let malformedCardNumber = "4000 0035 6000 0008"

    private struct State {
        var orders: [String: Components.Schemas.Order] = [:]
        var received: [Components.Schemas.Order] = []
        var next = 1
    }

    private let state = Mutex(State())

    /// The request bodies `createOrder` received, as the generated server decoded them.
    var received: [Components.Schemas.Order] { state.withLock { $0.received } }

    func createOrder(_ input: Operations.CreateOrder.Input) async throws -> Operations.CreateOrder.Output {
        guard case .json(var order) = input.body else { throw Unexpected.body }
        let stored: Components.Schemas.Order = state.withLock { state in
            state.received.append(order)
            order.id = String(format: "ord_%08d", state.next)
            state.next += 1
            order.createdAt = Date(timeIntervalSince1970: 1_795_000_000)
            order.status = .pending
            if case .card(var card) = order.payment {
                // Kept by the payment processor; the order shows its last four digits only.
                card.last4 = card.cardNumber.map { String($0.suffix(4)) }
                card.cardNumber = nil
                order.payment = .card(card)
            }
            state.orders[order.id!] = order
            return order
        }
        return .created(.init(body: .json(stored)))
    }

    func listOrders(_ input: Operations.ListOrders.Input) async throws -> Operations.ListOrders.Output {
        let orders = state.withLock { $0.orders.values.sorted { $0.id! > $1.id! } }
        return .ok(.init(body: .json(.init(orders: Array(orders.prefix(input.query.limit ?? 20))))))
    }

    func getOrder(_ input: Operations.GetOrder.Input) async throws -> Operations.GetOrder.Output {
        switch input.path.orderId {
        case Self.brokenID:
            return .ok(.init(body: .json(Self.sample(id: Self.brokenID, quantity: 0, payment: .card(.init(method: .card, last4: "4242"))))))
        case Self.leakingID:
            return .ok(.init(body: .json(Self.sample(
                id: Self.leakingID, quantity: 1, payment: .card(.init(method: .card, cardNumber: Self.leakedCardNumber, last4: "5556"))))))
        case Self.malformedLeakID:
            return .ok(.init(body: .json(Self.sample(
                id: Self.malformedLeakID, quantity: 1,
                payment: .card(.init(method: .card, cardNumber: Self.malformedCardNumber, last4: "0008"))))))
        case let id:
            guard let order = state.withLock({ $0.orders[id] }) else {
                return .notFound(.init(body: .applicationProblemJson(.init(_type: "about:blank", title: "No such order", status: 404))))
            }
            return .ok(.init(body: .json(order)))
        }
    }

    func cancelOrder(_ input: Operations.CancelOrder.Input) async throws -> Operations.CancelOrder.Output {
        let cancelled: Components.Schemas.Order? = state.withLock { state in
            guard var order = state.orders[input.path.orderId] else { return nil }
            order.status = .cancelled
            state.orders[input.path.orderId] = order
            return order
        }
        guard let cancelled else {
            return .notFound(.init(body: .applicationProblemJson(.init(_type: "about:blank", title: "No such order", status: 404))))
        }
        return .ok(.init(body: .json(cancelled)))
    }

    /// A stored-looking order with one line.
    static func sample(id: String, quantity: Int, payment: Components.Schemas.Payment) -> Components.Schemas.Order {
        Components.Schemas.Order(
            id: id, createdAt: Date(timeIntervalSince1970: 1_795_000_000), status: .paid, customerEmail: "ada@example.com",
            lines: [.init(sku: "ABC-1234", quantity: quantity)], payment: payment)
    }

    enum Unexpected: Error { case body }
}
