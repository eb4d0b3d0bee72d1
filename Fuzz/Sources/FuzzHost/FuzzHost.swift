@testable import SanitizeKit

/// libFuzzer entry point for the guard's host canonicaliser (UTS #46 mapping, WHATWG IPv4 and
/// IPv6 parsing, classification), issue #14.
///
/// The input, read as UTF-8 (invalid bytes become U+FFFD), is a host. Two properties must hold,
/// else the target traps and libFuzzer keeps the input:
/// 1. fixed point: a canonical host parses again to exactly itself, with the same scope;
/// 2. the standard guard never allows `https://<host>/` when the host's class is internal
///    (its scope is not public), and whenever it allows a host without URL delimiters, the
///    URL's canonical host is the one ``CanonicalHost/parse(_:)`` gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let host = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if case .success(let canonical) = CanonicalHost.parse(Substring(host)) {
        guard case .success(let again) = CanonicalHost.parse(Substring(canonical.text)) else {
            fatalError("canonical host \(canonical.text) does not parse again")
        }
        guard again == canonical, again.scope == canonical.scope else {
            fatalError("not a fixed point: \(canonical.text) -> \(again.text)")
        }
    }
    let url = "https://" + host + "/"
    let requestGuard = RequestGuard.standard
    if requestGuard.check(url: url).isAllowed {
        guard case .success(let target) = requestGuard.target(of: url) else {
            fatalError("allowed \(url) but cannot explain it")
        }
        // "public", "transition:public", "ipv4-mapped:public": every part must be public.
        let parts = target.hostClass.split(whereSeparator: { $0 == ":" || $0 == "," })
        let publicParts: Set<Substring> = ["public", "transition", "ipv4-mapped"]
        guard target.host.scope == .publicNetwork, parts.allSatisfy({ publicParts.contains($0) }) else {
            fatalError("allowed \(url) with internal class \(target.hostClass) (\(target.host.scope))")
        }
        // The URL's authority ends at `/`, `?`, `#`; `@` and `:` split off userinfo and port.
        let delimiters: Set<Character> = ["/", "?", "#", "@", ":", "\\"]
        if !host.contains(where: { delimiters.contains($0) }) {
            guard case .success(let direct) = CanonicalHost.parse(Substring(host)), direct == target.host else {
                fatalError("the URL's host \(target.host) is not the host's canonical form")
            }
        }
    }
    return 0
}
