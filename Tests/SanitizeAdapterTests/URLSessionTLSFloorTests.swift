import Foundation
import SanitizeKit
import SanitizeURLSession
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue #28 for URLSession: what it can enforce of the policy's TLS requirements, and that a
/// session it cannot make safe is refused when created unless the policy opts out.
@Suite("URLSession and the policy's TLS floor")
struct URLSessionTLSFloorTests {
    static func requestGuard(_ transport: String) throws -> RequestGuard {
        try RequestGuard(policy: GuardPolicy.decode(Data(#"{"version": 1, "transport": {\#(transport)}}"#.utf8)))
    }

    @Test("without a floor setting (FoundationNetworking) every policy is unenforced")
    func noFloorSetting() throws {
        let reasons = URLSessionTLSFloor.unenforced(RequestGuard.standard.allTLSRequirements, canSetFloor: false)
        #expect(reasons.count == 1)
        #expect(reasons.first?.contains("TLS 1.2") == true)
    }

    @Test("with a session floor: one requirement is enforced; exceptions that lower it for some hosts are not")
    func sessionFloor() throws {
        #expect(URLSessionTLSFloor.unenforced(RequestGuard.standard.allTLSRequirements, canSetFloor: true).isEmpty)
        let lowered = try Self.requestGuard(
            #""tlsExceptions": [{"domain": "old.example", "includesSubdomains": true, "minimumTLSVersion": "1.0"}]"#)
        let reasons = URLSessionTLSFloor.unenforced(lowered.allTLSRequirements, canSetFloor: true)
        #expect(reasons == ["URLSession takes one TLS floor per session: tlsExceptions lower it to TLS 1.0 for every host"])
        // An exception that keeps the floor (forward secrecy only) leaves one floor.
        let sameFloor = try Self.requestGuard(
            #""tlsExceptions": [{"domain": "old.example", "includesSubdomains": true, "requiresForwardSecrecy": false}]"#)
        #expect(URLSessionTLSFloor.unenforced(sameFloor.allTLSRequirements, canSetFloor: true).isEmpty)
    }

    #if !canImport(Darwin)
        @Test("on Linux the session refuses a policy it cannot enforce, and is created when the policy opts out")
        func linuxRefusesSilently() throws {
            do {
                _ = try GuardedURLSession(requestGuard: .standard)
                Issue.record("GuardedURLSession was created on Linux with the default policy")
            } catch {
                #expect(error.code == .tlsFloorUnenforced)
                #expect(error.text.contains("allowUnenforcedTLSFloor"), "\(error.text)")
            }
            let session = try GuardedURLSession(requestGuard: try Self.requestGuard(#""allowUnenforcedTLSFloor": true"#))
            session.invalidate()
        }
    #endif
}
