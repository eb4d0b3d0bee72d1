import Foundation
import SanitizeKit
import Testing

@Suite("Sanitize, then validate, then decode (RecordFilter.decode)")
struct RecordFilterDecodeTests {
    struct User: Decodable, Equatable {
        var id: Int
        var name: String
        var email: String
    }

    static let contract = Fixtures.repositoryRoot.appendingPathComponent("Rules/contracts/user.schema.json")

    @Test("the x-sanitize steps run before validation and decoding; Contract.decode alone does not run them")
    func stepsRunFirst() throws {
        let filter = try RecordFilter(contractAt: Self.contract)
        let body = Data(#"{"id":2,"name":"  José Martí\u0000 ","email":" jose@EJEMPLO.es"}"#.utf8)
        let user = try filter.decode(User.self, from: body)
        #expect(user == User(id: 2, name: "José Martí", email: "jose@ejemplo.es"))
        // The same body straight into the contract: the untrimmed email is not an email.
        let contract = try Contract(contentsOf: Self.contract)
        #expect(throws: SanitizeError.self) { try contract.decode(User.self, from: body) }
    }

    @Test("an invalid payload is a contract-violation error naming the place; a misfit is decoding-failed")
    func errors() throws {
        let filter = try RecordFilter(contractAt: Self.contract)
        do {
            _ = try filter.decode(User.self, from: Data(#"{"id":0,"name":"Ada","email":"ada@example.com"}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .contractViolation)
            #expect(error.location?.pointer == "/id")
        }
        struct Other: Decodable { var missing: String }
        do {
            _ = try filter.decode(Other.self, from: Data(#"{"id":1,"name":"Ada","email":"ada@example.com"}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.code == .decodingFailed)
            #expect(error.reason.contains("missing"))
        }
    }

    @Test("an outcome gives its record as String and Data")
    func outcomeAccess() throws {
        let filter = try RecordFilter(contractAt: Self.contract)
        let outcome = filter.process(Array(#"{"id":1,"name":" Ada ","email":"ada@example.com"}"#.utf8))
        #expect(outcome.sanitizedText == #"{"id":1,"name":"Ada","email":"ada@example.com"}"#)
        #expect(outcome.sanitizedData == Data(#"{"id":1,"name":"Ada","email":"ada@example.com"}"#.utf8))
        #expect(filter.process(Array("{".utf8)).sanitizedText == nil)
    }
}
