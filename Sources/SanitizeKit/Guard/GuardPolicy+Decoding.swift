public import Foundation

extension GuardPolicy: Decodable {
    /// The keys a policy file's top level may hold.
    private static let keys = ["$schema", "description", "version", "transport", "credentials", "headers", "pins"]

    /// Decodes a policy from any `Decoder`: the value is read as a JSON tree and checked by the
    /// same reader as ``decode(_:file:)`` (unknown keys rejected, `version` must be 1).
    /// - Parameter decoder: the decoder (normally `JSONDecoder`).
    /// - Throws: `DecodingError.dataCorrupted` whose description is the ``SanitizeError`` that
    ///   names the offending key's JSON Pointer.
    public init(from decoder: any Decoder) throws {
        let tree = try DecodedJSON(from: decoder).value
        do {
            self = try Self(ruleFile: RuleFile(bytes: tree.serialized(), file: nil, what: "guard policy file", code: .policyInvalid))
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Decodes a policy from JSON bytes.
    /// - Parameters:
    ///   - data: the JSON document.
    ///   - file: the file name to put in error locations, if the bytes came from a file.
    /// - Returns: the decoded policy (not yet compiled: see ``RequestGuard/init(policy:)``).
    /// - Throws: ``SanitizeError`` with code `policy-invalid`, naming the file, the key's JSON
    ///   Pointer, the line and the column.
    public static func decode(_ data: Data, file: String? = nil) throws(SanitizeError) -> GuardPolicy {
        try GuardPolicy(ruleFile: try ruleFile(data, file: file))
    }

    /// Parses a policy file's JSON (every problem is `policy-invalid`).
    /// - Parameters:
    ///   - data: the JSON document.
    ///   - file: its path or name for error locations.
    /// - Returns: the parsed file.
    /// - Throws: ``SanitizeError`` `policy-invalid` when it is not one strict JSON text.
    static func ruleFile(_ data: Data, file: String?) throws(SanitizeError) -> RuleFile {
        try RuleFile(
            bytes: Array(data), file: file, what: "guard policy file", code: .policyInvalid, syntaxCode: .policyInvalid,
            duplicateKeyCode: .policyInvalid)
    }

    /// Reads a policy from a parsed policy file, rejecting unknown keys and any `version`
    /// other than 1.
    /// - Parameter file: the file.
    /// - Throws: ``SanitizeError`` `policy-invalid` naming the offending key.
    init(ruleFile file: RuleFile) throws(SanitizeError) {
        let members = try file.members(of: file.root, allowing: Self.keys)
        var policy = GuardPolicy()
        let version = try file.required("version", in: members, of: file.root)
        guard try file.integer(version) == Self.currentVersion else {
            throw file.problem(
                "version must be \(Self.currentVersion), found \(file.document.numberText(version.node) ?? "")", at: version)
        }
        for (key, value) in members {
            switch key {
            case "$schema", "description": _ = try file.string(value)
            case "transport": policy.transport = try TransportPolicy(value, in: file)
            case "credentials": policy.credentials = try CredentialPolicy(value, in: file)
            case "headers": policy.headers = try HeaderLimits(value, in: file)
            case "pins": policy.pins = try file.elements(value).map { (pin) throws(SanitizeError) in try PinnedHost(pin, in: file) }
            default: break
            }
        }
        self = policy
    }
}

extension TransportPolicy {
    /// Reads transport rules, rejecting unknown keys.
    /// - Parameters:
    ///   - value: the `transport` object.
    ///   - file: the policy file.
    /// - Throws: ``SanitizeError`` `policy-invalid` naming the offending key.
    init(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError) {
        self.init()
        let keys = [
            "httpExceptions", "loopback", "localNetwork", "allowUserinfo", "minimumTLSVersion", "requiresForwardSecrecy",
            "tlsExceptions", "allowUnenforcedTLSFloor",
        ]
        for (key, member) in try file.members(of: value, allowing: keys) {
            switch key {
            case "minimumTLSVersion": minimumTLSVersion = try TLSProtocolVersion(member, in: file, allowing: TLSProtocolVersion.policyFloors)
            case "requiresForwardSecrecy": requiresForwardSecrecy = try file.bool(member)
            case "allowUnenforcedTLSFloor": allowUnenforcedTLSFloor = try file.bool(member)
            case "tlsExceptions":
                tlsExceptions = try file.elements(member).map { (exception) throws(SanitizeError) in
                    try TLSException(exception, in: file)
                }
            case "httpExceptions":
                httpExceptions = try file.elements(member).map { (exception) throws(SanitizeError) in
                    try HTTPException(exception, in: file)
                }
            case "loopback": loopback = try LocalAccess(member, in: file)
            case "localNetwork": localNetwork = try LocalAccess(member, in: file)
            default: allowUserinfo = try file.bool(member)
            }
        }
    }
}

extension TransportPolicy.HTTPException {
    /// Reads an exception; `domain` and `includesSubdomains` are both required.
    /// - Parameters:
    ///   - value: one element of `httpExceptions`.
    ///   - file: the policy file.
    /// - Throws: ``SanitizeError`` `policy-invalid` naming the offending key.
    init(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError) {
        let members = try file.members(of: value, allowing: ["domain", "includesSubdomains"])
        self.init(
            domain: try file.string(try file.required("domain", in: members, of: value)),
            includesSubdomains: try file.bool(try file.required("includesSubdomains", in: members, of: value)))
    }
}

extension TransportPolicy.TLSException {
    /// Reads a TLS exception; `domain` and `includesSubdomains` are required, the two
    /// requirements optional (a missing one keeps the policy's).
    /// - Parameters:
    ///   - value: one element of `tlsExceptions`.
    ///   - file: the policy file.
    /// - Throws: ``SanitizeError`` `policy-invalid` naming the offending key.
    init(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError) {
        let members = try file.members(
            of: value, allowing: ["domain", "includesSubdomains", "minimumTLSVersion", "requiresForwardSecrecy"])
        self.init(
            domain: try file.string(try file.required("domain", in: members, of: value)),
            includesSubdomains: try file.bool(try file.required("includesSubdomains", in: members, of: value)))
        for (key, member) in members {
            switch key {
            case "minimumTLSVersion": minimumTLSVersion = try TLSProtocolVersion(member, in: file, allowing: TLSProtocolVersion.allCases)
            case "requiresForwardSecrecy": requiresForwardSecrecy = try file.bool(member)
            default: break
            }
        }
    }
}

extension TLSProtocolVersion {
    /// Reads a version string such as `"1.2"`.
    /// - Parameters:
    ///   - value: the string.
    ///   - file: the policy file.
    ///   - allowed: the versions this key accepts.
    /// - Throws: ``SanitizeError`` `policy-invalid` listing the allowed values.
    init(_ value: RuleFile.Value, in file: RuleFile, allowing allowed: [TLSProtocolVersion]) throws(SanitizeError) {
        let text = try file.string(value)
        guard let version = Self(rawValue: text), allowed.contains(version) else {
            let list = allowed.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw file.problem("\"\(value.pointer)\" must be one of \(list), not \"\(text)\"", at: value)
        }
        self = version
    }
}

extension TransportPolicy.LocalAccess {
    /// Reads one of `deny`, `https-only`, `allow-http`.
    /// - Parameters:
    ///   - value: the string.
    ///   - file: the policy file.
    /// - Throws: ``SanitizeError`` `policy-invalid` listing the allowed values.
    init(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError) {
        let text = try file.string(value)
        guard let access = Self(rawValue: text) else {
            let allowed = Self.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw file.problem("\"\(value.pointer)\" must be one of \(allowed), not \"\(text)\"", at: value)
        }
        self = access
    }
}

extension CredentialPolicy {
    /// Reads credential scoping, rejecting unknown keys.
    /// - Parameters:
    ///   - value: the `credentials` object.
    ///   - file: the policy file.
    /// - Throws: ``SanitizeError`` `policy-invalid` naming the offending key.
    init(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError) {
        self.init()
        let keys = ["additionalHeaderNames", "allowedBaseURLs", "exemptHeaderNames", "serverDecodesDots"]
        for (key, member) in try file.members(of: value, allowing: keys) {
            switch key {
            case "additionalHeaderNames": additionalHeaderNames = try file.strings(member)
            case "allowedBaseURLs": allowedBaseURLs = try file.strings(member)
            case "exemptHeaderNames": exemptHeaderNames = try file.strings(member)
            default: serverDecodesDots = try file.bool(member)
            }
        }
    }
}

extension HeaderLimits {
    /// Reads header limits, rejecting unknown keys and values outside 1…``ceiling``.
    /// - Parameters:
    ///   - value: the `headers` object.
    ///   - file: the policy file.
    /// - Throws: ``SanitizeError`` `policy-invalid` naming the offending key.
    init(_ value: RuleFile.Value, in file: RuleFile) throws(SanitizeError) {
        self.init()
        for (key, member) in try file.members(of: value, allowing: ["maxTotalBytes", "maxCount"]) {
            let limit = try file.integer(member)
            guard (1...Self.ceiling).contains(limit) else {
                throw file.problem("\"\(member.pointer)\" must be between 1 and \(Self.ceiling), found \(limit)", at: member)
            }
            if key == "maxTotalBytes" { maxTotalBytes = limit } else { maxCount = limit }
        }
    }
}

/// Any value a `Decoder` holds, read as a JSON tree (for ``GuardPolicy/init(from:)``).
private struct DecodedJSON: Decodable {
    let value: JSONValue

    /// Any key of an object.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [JSONValue.Member] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append(JSONValue.Member(key.stringValue, try object.decode(DecodedJSON.self, forKey: key).value))
            }
            value = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(DecodedJSON.self).value) }
            value = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = .null
            } else if let flag = try? single.decode(Bool.self) {
                value = .bool(flag)
            } else if let integer = try? single.decode(Int.self) {
                value = .number(String(integer))
            } else if let number = try? single.decode(Double.self), number.isFinite {
                value = .number("\(number)")
            } else {
                value = .string(try single.decode(String.self))
            }
        }
    }
}
