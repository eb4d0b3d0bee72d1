public import Foundation

/// Checks a request before it leaves: transport policy, credential scoping and header
/// safety, for any HTTP client (it takes plain values: a URL, a method, header fields).
///
/// Compile a ``GuardPolicy`` once, then call ``check(url:method:headers:)`` (allow or deny
/// with a reason), ``sanitized(url:method:headers:)`` (a copy with credential headers
/// removed when the target may not have them) or ``checkRedirect(from:to:method:headers:)``
/// per request. The value is immutable and `Sendable`; share it between threads.
///
/// Send an allowed request to the decision's canonical URL, not to the text checked: the
/// host in it is the one the guard judged, as an A-label no client maps any further.
///
/// ```swift
/// let requestGuard = try RequestGuard(contentsOf: URL(fileURLWithPath: "guard.json"))
/// switch requestGuard.check(url: "https://api.example.com/v1/me",
///                           headers: [("Authorization", "Bearer abc")]) {
/// case .allow(let canonicalURL): send(to: canonicalURL)
/// case .deny(let reason): log(reason.code, reason.text)
/// }
/// ```
public struct RequestGuard: Sendable {
    /// Limits that do not depend on the policy.
    package enum Limits {
        /// The longest URL the guard accepts, in bytes.
        package static let maxURLBytes = 8192
    }

    /// The policy this guard was compiled from.
    package let policy: GuardPolicy
    let httpExceptions: [HostMatcher]
    /// The policy's `transport.tlsExceptions`, compiled (TLSRequirements.swift).
    let tlsExceptions: [TLSExceptionRule]
    let scopes: [CredentialScope]
    /// Lowercased credential-bearing header names, as UTF-8 bytes.
    let credentialNames: [[UInt8]]

    /// The guard for the compiled-in default policy (`Rules/policy/guard-default.json`):
    /// https only, no loopback or local network, no userinfo, no host trusted with credentials.
    public static let standard: RequestGuard = {
        do {
            return try RequestGuard(policy: GuardPolicy.decode(Data(DefaultGuardPolicy.json.utf8)))
        } catch {
            // The compiled-in text is covered by a test; should it ever fail to load, fall back
            // to the same rules built in code (no domains or URLs to compile, so no failure).
            return RequestGuard(uncheckedPolicy: GuardPolicy())
        }
    }()

    /// Compiles a policy: canonicalizes every exception domain and base URL pattern.
    /// - Parameter policy: the policy to compile.
    /// - Throws: ``SanitizeError`` with code `policy-invalid` and a JSON Pointer to the bad
    ///   entry when a domain, base URL or header name is unusable.
    public init(policy: GuardPolicy) throws(SanitizeError) {
        var exceptions: [HostMatcher] = []
        for (index, exception) in policy.transport.httpExceptions.enumerated() {
            do {
                exceptions.append(
                    try HostMatcher(domain: exception.domain, includesSubdomains: exception.includesSubdomains))
            } catch {
                throw SanitizeError(
                    .policyInvalid, "invalid guard policy: \(error.reason)",
                    at: .init(pointer: JSONPointer(tokens: ["transport", "httpExceptions", "\(index)", "domain"]).description))
            }
        }
        var scopes: [CredentialScope] = []
        for (index, pattern) in policy.credentials.allowedBaseURLs.enumerated() {
            switch CredentialScope.compile(pattern) {
            case .success(let scope): scopes.append(scope)
            case .failure(let denial):
                throw SanitizeError(
                    .policyInvalid, "invalid guard policy: base URL \"\(pattern)\": \(denial.text)",
                    at: .init(pointer: JSONPointer(tokens: ["credentials", "allowedBaseURLs", "\(index)"]).description))
            }
        }
        for (index, name) in policy.credentials.additionalHeaderNames.enumerated() where !HeaderValueCheck.isToken(name)
        {
            throw SanitizeError(
                .policyInvalid, "invalid guard policy: header name \(HeaderValueCheck.quoted(name)) is not a token",
                at: .init(pointer: JSONPointer(tokens: ["credentials", "additionalHeaderNames", "\(index)"]).description))
        }
        self.tlsExceptions = try TLSExceptionRule.compile(policy.transport)
        self.policy = policy
        self.httpExceptions = exceptions
        self.scopes = scopes
        self.credentialNames = Self.lowercasedNames(policy.credentials.headerNames)
    }

    /// Reads, decodes and compiles a policy file.
    /// - Parameter file: the JSON policy file.
    /// - Returns: the compiled guard.
    /// - Throws: ``SanitizeError`` with code `io` when the file cannot be read, or
    ///   `policy-invalid` naming the file and the key when it is not a valid policy.
    public init(contentsOf file: URL) throws(SanitizeError) {
        let data = Data(try FileBytes.read(path: file.path, what: "guard policy"))
        let ruleFile = try GuardPolicy.ruleFile(data, file: file.path)
        let policy = try GuardPolicy(ruleFile: ruleFile)
        do {
            try self.init(policy: policy)
        } catch {
            // A value the format allows but the guard cannot use: locate it in the file.
            throw ruleFile.located(error)
        }
    }

    private init(uncheckedPolicy policy: GuardPolicy) {
        self.policy = policy
        self.httpExceptions = []
        self.tlsExceptions = []
        self.scopes = []
        self.credentialNames = Self.lowercasedNames(policy.credentials.headerNames)
    }

    /// Whether `name` is a credential-bearing header under this policy (case-insensitive).
    /// - Parameter name: a header field name.
    /// - Returns: `true` for `Authorization`, `Cookie`, … and the policy's additional names.
    package func isCredentialHeader(_ name: String) -> Bool {
        credentialNames.contains { ASCIICase.equalsLowercased(name, $0) }
    }

    private static func lowercasedNames(_ names: [String]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        for name in names {
            let bytes = name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            if !result.contains(bytes) { result.append(bytes) }
        }
        return result
    }
}
