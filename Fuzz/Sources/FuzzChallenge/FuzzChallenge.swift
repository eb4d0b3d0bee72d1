import SanitizeKit

/// libFuzzer entry point for the `WWW-Authenticate` / `Proxy-Authenticate` parser.
///
/// The input is one or more field values separated by line feeds. A parse must end in
/// challenges or a failure, never a crash; and parsing is a fixed point: the challenges
/// serialized (`description`) and parsed again are the same challenges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let fields = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard case .success(let challenges) = AuthChallengeParser.parse(fields) else { return 0 }
    let again = AuthChallengeParser.parse(challenges.map(\.description))
    guard case .success(let reparsed) = again, reparsed == challenges else {
        fatalError("parse → serialise → parse is not a fixed point")
    }
    return 0
}
