import Foundation
import SanitizeKit

/// libFuzzer entry point for request guard policy loading and checking.
///
/// The input is a policy file (JSON), a NUL byte, then a URL line and header lines
/// (`Name: value`). A bad policy must be refused with a `SanitizeError`; the request is checked
/// with the loaded policy (or the standard one) and must get a decision without crashing, and
/// `sanitized` must agree with `check` on whether the request is allowed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0) ?? size
    let policyBytes = Data(bytes[0..<split])
    let request = split < size ? Array(bytes[(split + 1)...]) : Array(policyBytes)

    var requestGuard = RequestGuard.standard
    if let policy = try? GuardPolicy.decode(policyBytes), let loaded = try? RequestGuard(policy: policy) {
        requestGuard = loaded
    }
    let lines = String(decoding: request, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let url = lines.first.map(String.init) ?? ""
    let headers = lines.dropFirst().map { line -> HTTPHeaderField in
        let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return HTTPHeaderField(name: String(parts[0]), value: parts.count > 1 ? String(parts[1].drop { $0 == " " }) : "")
    }
    for method in ["GET", "POST"] {
        let decision = requestGuard.check(url: url, method: method, headers: headers)
        _ = decision.description
        _ = requestGuard.sanitized(url: url, method: method, headers: headers)
    }
    _ = requestGuard.checkRedirect(from: "https://example.com/", to: url, headers: headers)
    return 0
}
